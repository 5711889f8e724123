/** What a loader's fetch is given: the client, the call options, the fan-out, and the sync's shared answers. */
import type { CallOptions, Meta, Section, SiteContentClient } from '@sitecontent/client';
import { type OrderedResults, streamBounded } from '@sitecontent/client/internal';
import type { LoaderContext } from 'astro/loaders';
import type { CatalogFilterOptions } from '../../options/loader-shapes.js';
import { canonicalOrigin } from '../../project/site-origin.js';
import type { SyncScope } from '../../project/sync-scope.js';
import type { ItemSource, ItemStream, SyncItem } from '../staging/sync-item.js';
import type { AnswerRecord } from './answer-record.js';
import { Progress } from './fan-out-progress.js';
import { FanOutTurns } from './fan-out-turns.js';
import { InvalidRecords } from './invalid-records.js';
import type { MetaLookup, MetaRequest } from './meta-cache.js';
import { type ProductsAnswer, syncProducts } from './sync-products.js';

/** Call options of a load: invalid records are collected, and a failure cancels the other requests. */
export type LoadCallOptions = Required<Pick<CallOptions, 'onInvalidRecord' | 'signal'>>;

/** Every section of the site (`dir/Get`), as one sync asks it for all its loaders. */
export interface SyncSections {
  sections: Section[];
  invalid: InvalidRecords;
  /** Ids of every invalid section record that has one: a section-by-section read asks their products too. */
  invalidIds: number[];
  /** Digest of the answer's body as sent: the same sections, byte for byte, have the same one. */
  bodyDigest: string;
}

export interface FetchContext {
  client: SiteContentClient;
  ctx: LoaderContext;
  /** Pass to every list call of records that become entries. */
  callOptions: LoadCallOptions;
  /** This load's invalid records (`onInvalid` applies): the client's, the loader's own, the sync's `dir/Get`'s. */
  invalid: InvalidRecords;
  /**
   * Bounded fan-out with a progress line: results in order, each as soon as those before it are in;
   * its calls are sent after those of the load's earlier fan-outs (fan-out-turns.ts).
   */
  fanOut<T, R>(
    label: string,
    items: readonly T[],
    fn: (item: T, signal: AbortSignal) => Promise<R>,
  ): OrderedResults<R>;
  /** The items of `records` in order, each once its page's meta is in (fan-out or cache); none asked with SEO off. */
  itemsWithMeta<R>(
    records: readonly R[],
    metaRequestFor: ((record: R) => MetaRequest) | undefined,
    toItem: (record: R, meta: Meta | undefined) => SyncItem,
  ): ItemSource;
  /** The site's origin for canonical URLs (project/site-origin.ts), asked once per sync. */
  siteOrigin(): Promise<string>;
  /** Every section (`dir/Get`), once per sync; invalid ones are in `invalid`, for the sections loader's `onInvalid`. */
  sections(): Promise<SyncSections>;
  /**
   * The products of `filter`, read once per sync, typed when asked; `failOnInvalid` may stop typing
   * early; an answer whose body has `knownBodyDigest` (the last sync typed it) is parsed only when typed.
   */
  products(
    filter: CatalogFilterOptions,
    failOnInvalid: boolean,
    knownBodyDigest?: string | undefined,
  ): Promise<ProductsAnswer>;
  /** Whether the stored entries may be kept (answer-record.ts); the fetch then gives `KEEP_STORED`. */
  keepsStored(answers: Readonly<Record<string, string>>, usesMeta: boolean): boolean;
  /** Notes the answers this load's entries are made of, learnt after staging, for the next load's `keepsStored`. */
  recordAnswers(answers: Readonly<Record<string, string>>, usesMeta: boolean): void;
  /** Whether page meta is cached across syncs (`maxAge` > 0): without, a load that uses meta keeps nothing stored. */
  readonly metaCaches: boolean;
  /** The deadline of a whole-catalog `goods/Get`, in ms (one attempt's time, not retried). */
  readonly wholeCatalogMs: number;
  /** Sets `key` in the collection's meta store when the load commits, never when it fails or keeps stale entries. */
  remember(key: string, value: string): void;
}

/** What the fetch context is made of: the load's own parts and the sync it belongs to. */
export interface FetchParts {
  ctx: LoaderContext;
  client: SiteContentClient;
  sync: SyncScope;
  invalid: InvalidRecords;
  abort: AbortController;
  meta: MetaLookup;
  answers: AnswerRecord;
  /** Requests in flight the fan-outs keep going: as many as the limit may grow to (it only grows while fully used). */
  concurrency: number;
  /** What `remember()` was told, for the commit. */
  remembered: Map<string, string>;
  /** The deadline of a whole-catalog `goods/Get` (sync-products.ts): one attempt's time. */
  wholeCatalogMs: number;
}

export function makeFetchContext(parts: FetchParts): FetchContext {
  const { ctx, client, sync, invalid, abort, meta, answers, concurrency, remembered, wholeCatalogMs } = parts;
  const turns = new FanOutTurns();
  // One progress line per label for the whole load, however many fan-outs it is asked in.
  const progress = new Map<string, Progress>();
  const fanOut: FetchContext['fanOut'] = (label, items, fn) => {
    const shown = progress.get(label) ?? new Progress(ctx.logger, `${ctx.collection}: ${label}`, 0);
    progress.set(label, shown);
    shown.expect(items.length);
    const call = turns.inTurn(items.length, fn);
    return streamBounded(
      items,
      concurrency,
      (item, _index, signal) => call(item, signal),
      shown,
      abort.signal,
    );
  };
  // Whether the last sync cached the pages' meta is one of its answers: one that asked every page
  // (`maxAge: 0`) left no cache to vouch for the meta its entries hold.
  const metaSource = (usesMeta: boolean) => (usesMeta ? (meta.caches ? 'cached' : 'asked') : 'none');
  return {
    client,
    ctx,
    callOptions: { onInvalidRecord: invalid.add, signal: abort.signal },
    invalid,
    fanOut,
    itemsWithMeta: (records, metaRequestFor, toItem) => {
      if (metaRequestFor === undefined) return records.map((record) => toItem(record, undefined));
      const metas = meta.metas(records.map(metaRequestFor), (pages) =>
        fanOut('meta', pages, (page, signal) => client.meta.get(page.md, page.id, { signal })),
      );
      return zipItems(records, metas, toItem);
    },
    siteOrigin: () => syncSiteOrigin(ctx, client, sync),
    sections: () => syncSections(client, sync),
    products: (filter, failOnInvalid, knownBodyDigest) =>
      syncProducts(client, sync, filter, { failOnInvalid, wholeCatalogMs, knownBodyDigest }),
    keepsStored: (given, usesMeta) =>
      answers.unchanged({ ...given, meta: metaSource(usesMeta) }) && (!usesMeta || meta.keepAll()),
    recordAnswers: (given, usesMeta) => {
      answers.unchanged({ ...given, meta: metaSource(usesMeta) });
    },
    metaCaches: meta.caches,
    wholeCatalogMs,
    remember: (key, value) => {
      remembered.set(key, value);
    },
  };
}

/** No call signal: one loader failing must not cancel what the others wait for. */
const syncSiteOrigin = (ctx: LoaderContext, client: SiteContentClient, sync: SyncScope): Promise<string> =>
  sync.once('origin', () => canonicalOrigin([ctx.config.site], client, { refresh: true }));

function syncSections(client: SiteContentClient, sync: SyncScope): Promise<SyncSections> {
  return sync.once('sections', async () => {
    const invalid = new InvalidRecords();
    const invalidIds: number[] = [];
    const answer = await client.sections.read();
    const sections = await answer.records({
      onInvalidRecord: (report) => {
        invalid.add(report);
        const id = Number(report.recordId);
        if (Number.isSafeInteger(id) && id > 0) invalidIds.push(id);
      },
    });
    return { sections, invalid, invalidIds, bodyDigest: answer.bodyDigest };
  });
}

/** `toItem` of each record and its meta, in order; each record is let go once its item is made. */
function zipItems<R>(
  records: readonly R[],
  metas: AsyncIterable<Meta | undefined>,
  toItem: (record: R, meta: Meta | undefined) => SyncItem,
): ItemStream {
  const waiting: (R | undefined)[] = Array.from(records);
  async function* inOrder(): AsyncGenerator<SyncItem> {
    let i = 0;
    for await (const meta of metas) {
      const record = waiting[i] as R;
      waiting[i++] = undefined;
      yield toItem(record, meta);
    }
  }
  return Object.assign(inOrder(), { length: records.length });
}
