/**
 * The common `load()` of every collection loader: resolve the shared client, fetch everything while
 * staging the entries of what arrives, apply the failure policies, then commit the staged entries to
 * the store and log what happened.
 */
import {
  type CallOptions,
  isRecordValidationError,
  type Meta,
  type OrderedResults,
  type Section,
  type SiteContentClient,
  shownId,
  shownRecord,
  shownText,
  streamBounded,
} from '@sitecontent/client';
import type { LoaderContext } from 'astro/loaders';
import { isSiteContentCallbackError } from '../errors/guards.js';
import { SiteContentInvalidRecordError } from '../errors/invalid-record-error.js';
import { SiteContentLoadError } from '../errors/load-error.js';
import type { CommonLoaderOptions } from '../options/loader-options.js';
import { isRecording, recordLoaded } from '../state/build-record.js';
import { resolveConnection } from '../state/connection.js';
import { noteKeptStale } from '../state/kept-stale.js';
import { integrationSettings } from '../state/project-registry.js';
import { reportKeptStale } from '../state/refresh-report.js';
import { sharedClient } from '../state/shared-clients.js';
import { beginSync, type SyncScope } from '../state/sync-scope.js';
import { Progress } from './fan-out-progress.js';
import {
  allInvalid,
  authFix,
  EnoughInvalidRecords,
  failureSummary,
  INVALID_RECORDS_TO_FAIL,
  InvalidRecords,
  invalidRecordError,
  NAMED_INVALID_RECORDS,
} from './load-failure.js';
import { type MetaLookup, type MetaRequest, metaLookup, readWrittenMeta } from './meta-cache.js';
import {
  type ItemStream,
  LOADER_VERSION,
  type SyncItem,
  type SyncSource,
  stageEntries,
} from './store-sync.js';

/** Call options of a load: invalid records are collected, and a failure cancels the other requests. */
export type LoadCallOptions = Required<Pick<CallOptions, 'onInvalidRecord' | 'signal'>>;

export interface FetchContext {
  client: SiteContentClient;
  ctx: LoaderContext;
  /** Pass to every list call of records that become entries. */
  callOptions: LoadCallOptions;
  /**
   * This load's invalid records, to which `onInvalid` applies: the client's reports, the records a
   * loader finds invalid itself (`invalid.add`), the shared `dir/Get` answer's (`invalid.addAll`).
   */
  invalid: InvalidRecords;
  /**
   * Bounded fan-out with a progress line every 2 s: the results in order, each as soon as it and
   * those before it are in, so the sync can build entries while later requests run.
   */
  fanOut<T, R>(
    label: string,
    items: readonly T[],
    fn: (item: T, signal: AbortSignal) => Promise<R>,
  ): OrderedResults<R>;
  /**
   * The items of `records`, in order, each made by `toItem` as soon as its page's meta is in:
   * `meta/Get` of the page `metaPageOf` gives, through the bounded fan-out, reusing the last sync's
   * answers where the meta cache allows (`seo: { maxAge }`). Without `metaPageOf` (SEO off) nothing is
   * asked and every `meta` is undefined. The sync builds the first entries while later pages are
   * still being asked for.
   */
  itemsWithMeta<R>(
    records: readonly R[],
    metaPageOf: ((record: R) => MetaRequest) | undefined,
    toItem: (record: R, meta: Meta | undefined) => SyncItem,
  ): SyncSource;
  /**
   * Absolute origin of the site for canonical URLs: `config.site`, else `https://` +
   * `site/DomainDefault`, asked once per sync for all loaders (and reused for image URLs).
   */
  siteOrigin(): Promise<string>;
  /**
   * Every section (`dir/Get`), fetched once per sync for all loaders of the project. Invalid records
   * are left out and listed in `invalid`: the sections loader applies its `onInvalid` to them, the
   * others only use the sections to build URLs and relations.
   */
  sections(): Promise<SharedSections>;
}

export interface SharedSections {
  sections: Section[];
  invalid: InvalidRecords;
}

export interface LoaderRun {
  /** Loader kind for the build record: `products`, `sections`, … */
  kind: string;
  options: CommonLoaderOptions;
  /** Options that shape entries; folded into every digest. */
  fingerprint: unknown;
  /** Whether HTML fields are sanitized (the `sanitize` option); loaders without HTML leave it out. */
  sanitize?: boolean;
  /** The loader's own meta cache `maxAge` (ms), if it sets one; else the integration's `metaMaxAge`. */
  metaMaxAge?: number | undefined;
  /**
   * Fetches everything and returns the items to store, or a stream of them that the sync builds
   * entries from as they arrive. Must not touch the store.
   */
  fetch(fc: FetchContext): Promise<SyncSource>;
}

function resolveSiteOrigin(ctx: LoaderContext, client: SiteContentClient, sync: SyncScope): Promise<string> {
  const site = ctx.config.site;
  if (site) return Promise.resolve(new URL(site).origin);
  // Asked again once per sync; the client keeps the answer for its image URLs too. No call signal:
  // one loader failing must not cancel what the others wait for.
  return sync.shared('origin', () => client.site.origin({ refresh: true }));
}

function sharedSections(client: SiteContentClient, sync: SyncScope): Promise<SharedSections> {
  return sync.shared('sections', async () => {
    const invalid = new InvalidRecords();
    const sections = await client.sections.list(undefined, { onInvalidRecord: invalid.add });
    return { sections, invalid };
  });
}

/** Longest schema error a warning shows (Astro lists every issue). */
const SCHEMA_DETAIL_MAX = 1000;

export async function runLoad(ctx: LoaderContext, run: LoaderRun): Promise<void> {
  const connection = resolveConnection(ctx.collection, run.options, ctx.config.root);
  const client = sharedClient(connection, ctx.config.root, ctx.logger);
  // Synchronously, so every loader Astro starts together joins the same sync.
  const sync = beginSync(client);
  try {
    // The fan-outs keep as many calls going as the limit may grow to: it only grows while fully used.
    await loadWith(ctx, run, connection.maxConcurrency, client, sync);
  } finally {
    sync.end();
  }
}

async function loadWith(
  ctx: LoaderContext,
  run: LoaderRun,
  concurrency: number,
  client: SiteContentClient,
  sync: SyncScope,
): Promise<void> {
  const { collection, logger } = ctx;
  const started = performance.now();
  const onInvalid = run.options.onInvalid ?? 'fail';
  logger.info(`${collection}: loading (sid ${client.sid})`);

  const invalid = new InvalidRecords(onInvalid === 'fail' ? INVALID_RECORDS_TO_FAIL : undefined);
  const abort = new AbortController();
  const callOptions: LoadCallOptions = { onInvalidRecord: invalid.add, signal: abort.signal };
  const fanOut: FetchContext['fanOut'] = (label, items, fn) =>
    streamBounded(
      items,
      concurrency,
      (item, _index, signal) => fn(item, signal),
      new Progress(logger, `${collection}: ${label}`, items.length),
      abort.signal,
    );
  const meta = await metaLookupOf(ctx, run);
  const fc: FetchContext = {
    client,
    ctx,
    callOptions,
    invalid,
    fanOut,
    itemsWithMeta: (records, metaPageOf, toItem) => {
      if (metaPageOf === undefined) return records.map((record) => toItem(record, undefined));
      const metas = meta.metas(records.map(metaPageOf), (pages) =>
        fanOut('meta', pages, (page, signal) => client.meta.get(page.md, page.id, { signal })),
      );
      return zipItems(records, metas, toItem);
    },
    siteOrigin: () => resolveSiteOrigin(ctx, client, sync),
    sections: () => sharedSections(client, sync),
  };

  const fingerprint = JSON.stringify([LOADER_VERSION, run.fingerprint]);
  const result = await stageEntries(ctx, run.fetch(fc), { fingerprint, sanitize: run.sanitize });
  if (!result.ok) {
    const error = result.fetchError;
    abort.abort();
    // The project's own function failed: no outage policy applies, or old entries would hide it.
    if (isSiteContentCallbackError(error)) throw error;
    if (isRecordValidationError(error) && onInvalid === 'fail') throw invalidRecordError(collection, error);
    const [firstInvalid] = invalid.named;
    if (error instanceof EnoughInvalidRecords && firstInvalid !== undefined) {
      throw invalidRecordError(collection, firstInvalid, invalid.count, true);
    }
    const failure = failureSummary(collection, error);
    const stale = ctx.store.keys().length;
    const fix = authFix(error, client.sid);
    // A refused key or site is a configuration error: keeping old pages would hide it (exit 0).
    const policy =
      fix !== undefined
        ? (run.options.onAuthError ?? 'fail')
        : (run.options.onError ?? (stale > 0 ? 'keep-stale' : 'fail'));
    if (policy === 'fail') {
      const reason =
        fix !== undefined
          ? `${failure.message}; ${fix}${stale > 0 ? ` (the ${stale} entries of the previous sync are not used: onAuthError: 'keep-stale' would keep them)` : ''}`
          : stale > 0 || run.options.onError === 'fail'
            ? failure.message
            : `${failure.message}; no entries from an earlier sync to keep`;
      throw new SiteContentLoadError(
        reason,
        { collection, operation: failure.operation, url: failure.url },
        { cause: error },
      );
    }
    keepStale(ctx, run, `${failure.message}; keeping ${stale} entries from the previous sync`);
    return;
  }
  const { staged } = result;
  const fetchedMs = staged.fetchedAt - started;

  // An answer with nothing in it, where the last sync stored entries, is how an outage often looks
  // (a proxy's `[]`, an emptied cache): removing every page would ship an empty site with exit 0.
  // The store is counted only for an empty answer: `keys()` lists every entry.
  const previous = staged.items === 0 && invalid.count === 0 ? ctx.store.keys().length : 0;
  if (previous > 0) {
    const summary = `${collection}: the service sent nothing to store, where the last sync stored ${previous} entries`;
    const really =
      'if it really is empty now, build once with `astro build --force` (it clears the stored entries)';
    if (run.options.onError === 'fail') {
      throw new SiteContentLoadError(`${summary}; ${really}`, { collection });
    }
    keepStale(ctx, run, `${summary}; keeping them (${really})`);
    return;
  }

  const [firstInvalid] = invalid.named;
  if (firstInvalid !== undefined) {
    if (onInvalid === 'fail') throw invalidRecordError(collection, firstInvalid, invalid.count);
    if (staged.items === 0) {
      // Not one valid record: the outage policy applies, as to a body that cannot be read. With no
      // entries to keep (and no `onError`) the answer goes through as it did: an empty collection.
      const stale = ctx.store.keys().length;
      const policy = run.options.onError ?? (stale > 0 ? 'keep-stale' : undefined);
      if (policy !== undefined) {
        const outcome = allInvalid(collection, invalid, stale);
        if (policy === 'fail') throw outcome.error();
        keepStale(ctx, run, outcome.warning);
        return;
      }
    }
    for (const report of invalid.named) {
      logger.warn(`${collection}: skipping ${shownRecord(report.recordId)}: ${report.message}`);
    }
    if (invalid.count > invalid.named.length) {
      logger.warn(`${collection}: skipped ${invalid.count - invalid.named.length} more invalid records`);
    }
  }

  let schemaRejects = 0;
  const counts = staged.commit({
    onParseError: (id, error) => {
      // Astro's message quotes the entry id, which can be the service's text (a section's `tx`).
      const detail = shownText(error instanceof Error ? error.message : String(error), SCHEMA_DETAIL_MAX);
      if (onInvalid === 'fail') {
        throw new SiteContentInvalidRecordError(
          `${collection}: ${shownRecord(id)} does not match the collection schema: ${detail}`,
          { collection, recordId: id, field: '(schema)' },
          { cause: error },
        );
      }
      // As many warnings as for the client's invalid records; the summary line counts them all.
      if (++schemaRejects <= NAMED_INVALID_RECORDS)
        logger.warn(`${collection}: skipping ${shownRecord(id)}: ${detail}`);
    },
    onDuplicate: (id, kept, dropped) => {
      const which =
        String(kept) === String(dropped)
          ? `record ${shownId(kept)} twice`
          : `records ${shownId(kept)} and ${shownId(dropped)}`;
      logger.warn(
        `${collection}: the service sent ${which} for the entry id "${shownId(id)}"; ` +
          `keeping ${shownId(kept)}, the first one`,
      );
    },
  });
  meta.commit();
  const totalMs = performance.now() - started;
  logger.info(
    `${collection}: ${staged.items} records in ${Math.round(totalMs)} ms (fetch ${Math.round(fetchedMs)} ms): ` +
      `${counts.written} written, ${counts.unchanged} unchanged, ${counts.removed} removed` +
      (invalid.count + counts.invalid > 0 ? `, ${invalid.count + counts.invalid} invalid skipped` : '') +
      (counts.duplicates > 0 ? `, ${counts.duplicates} duplicates skipped` : '') +
      (meta.reused > 0 ? `, meta of ${meta.reused} pages reused` : '') +
      (counts.sanitizedOnThread > 0
        ? `, ${counts.sanitizedOnThread} HTML fields sanitized on a worker thread`
        : '') +
      (counts.fullReload ? ' (loader version changed: full reload)' : ''),
  );
  recordEntries(ctx, run);
}

/**
 * `toItem` of each record and its meta, in order, as the metas arrive. Each record is let go once its
 * item is made; the item keeps what the entry needs.
 */
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

/**
 * Set to `1` for a build that asks every page's meta again and keeps the answers for the builds
 * after it (a nightly full refresh); `metaMaxAge: 0` would ask too, but keeps no cache.
 */
export const REFETCH_META_ENV = 'SITECONTENT_REFETCH_META';

/** The meta lookups of this load: the cache's `maxAge`, a forced refetch, the last write-back. */
async function metaLookupOf(ctx: LoaderContext, run: LoaderRun): Promise<MetaLookup> {
  const settings = integrationSettings(ctx.config.root);
  const maxAge = run.metaMaxAge ?? settings?.metaMaxAge ?? 0;
  const refetchEnv = settings?.env[REFETCH_META_ENV] ?? process.env[REFETCH_META_ENV];
  return metaLookup(ctx, {
    maxAge,
    refetch: ctx.refreshContextData?.refetchMeta === true || refetchEnv === '1',
    written: maxAge > 0 ? await readWrittenMeta(ctx.config.cacheDir) : undefined,
  });
}

/**
 * A load that keeps the previous sync's entries: its warning goes to the log, to the dev refresh
 * endpoint (through the refresh context) and to the build's closing line; the entries, as stored,
 * to the build record.
 */
function keepStale(ctx: LoaderContext, run: LoaderRun, warning: string): void {
  ctx.logger.warn(warning);
  reportKeptStale(ctx.refreshContextData, { collection: ctx.collection, message: warning });
  noteKeptStale(ctx.config.root, ctx.collection);
  recordEntries(ctx, run);
}

/** Hands the collection's entries, as stored, to the build record (for the meta write-back at build end). */
function recordEntries(ctx: LoaderContext, run: LoaderRun): void {
  if (!isRecording(ctx.config.root)) return;
  const entries = ctx.store
    .values()
    .map((e) => ({ id: e.id, collection: ctx.collection, data: e.data as Record<string, unknown> }));
  recordLoaded(ctx.config.root, ctx.collection, run.kind, entries);
}
