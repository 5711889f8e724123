/** What every live loader does alike; it never throws into a render: failures come back as `{ error }`. */

import { type CallOptions, isSiteContentError, type SiteContentClient } from '@sitecontent/client';
import { shownRecord, shownText } from '@sitecontent/client/internal';
import type { LiveDataEntry } from 'astro';
import type { LiveLoader } from 'astro/loaders';
import { CACHE_TAG, kindTag } from './cache-tags.js';
import { HIDDEN } from './entry-guard.js';
import type { LiveRuntime } from './live-runtime.js';
import { isOutage, requestFailure } from './request-failure.js';

/** `getLiveCollection()` filters of products and articles. */
export interface LiveCatalogFilter {
  catid?: number;
  cattx?: string;
}
/** `getLiveCollection()` filter of sections. */
export interface LiveSectionsFilter {
  /** Only the section with this `tx`. */
  tx?: string;
}
/**
 * `getLiveEntry()` filter: the entry id (product/article id, section `tx`) and, on an editor's
 * request, the `preview` token of the page's link (the `preview` query parameter).
 */
export type LiveEntryFilter = { id: string; preview?: string | null | undefined };

async function liveError(collection: string, error: unknown): Promise<{ error: Error }> {
  const { LiveCollectionError } = await import('astro/content/runtime');
  const message = error instanceof Error ? error.message : String(error);
  const url = isSiteContentError(error) && error.url && !message.includes(error.url) ? ` (${error.url})` : '';
  return {
    error: new LiveCollectionError(
      collection,
      // Errors of this package name the collection already.
      `${message.startsWith(`${collection}: `) ? '' : `${collection}: `}${message}${url}`,
      error instanceof Error ? error : undefined,
    ),
  };
}

/** Not found; `gone` when the site once had the page (its URL history knows it): a 410, not a 404. */
async function notFound(
  collection: string,
  filter: LiveEntryFilter,
  gone = false,
): Promise<{ error: Error }> {
  const { LiveEntryNotFoundError } = await import('astro/content/runtime');
  const error = new LiveEntryNotFoundError(collection, { id: filter.id });
  return { error: gone ? Object.assign(error, { gone: true }) : error };
}

/** The preview kind of a loader's tag. */
const PREVIEW_KIND = { products: 'product', articles: 'article', sections: 'section' } as const;

/** The record id of `getLiveEntry()`: only `String(id)`'s form, so a product has one URL (not `01`, `1.0`). */
export function numericId(id: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(id)) return undefined;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The data of a live entry: an entry schema's output (a closed object). */
type LiveData = Record<string, unknown>;
type LiveFilter = LiveCatalogFilter | LiveSectionsFilter;

/** Reports a record a live loader leaves out: its id, the field and what is wrong. */
export type RejectRecord = (recordId: number | string, field: string, message: string) => void;

/** What sets one live loader apart; {@link defineLiveLoader} does the rest the same way for all. */
export interface LiveResource<R extends { shw: boolean }, D extends LiveData, F extends LiveFilter, K> {
  name: string;
  /** Collection part of the cache tags (`sitecontent:<tag>`), whatever the collection is called. */
  tag: string;
  /** Leave out records with `shw` = 0, in collections and as entries (not found). */
  onlyVisible: boolean;
  /** `getLiveCollection()`: the records matching `filter`, invalid ones left out per `callOptions`. */
  list(client: SiteContentClient, filter: F | undefined, callOptions: CallOptions): Promise<R[]>;
  /** The lookup key of `getLiveEntry()`'s id; `undefined` is not found without a request. */
  parseKey(id: string): K | undefined;
  /** `getLiveEntry()`: the record with `key` (an invalid record is an error, not a skip). */
  get(client: SiteContentClient, key: K): Promise<R | undefined>;
  /** The entries of `records`; a record whose derived data breaks a rule is passed to `reject`. */
  toEntries(
    client: SiteContentClient,
    records: R[],
    reject: RejectRecord,
    collection: string,
  ): Promise<LiveDataEntry<D>[]>;
}

/** `lookup` through the circuit breaker of `client`'s connection (circuit-breaker.ts). */
function guarded<T>(
  rt: LiveRuntime,
  client: SiteContentClient,
  collection: string,
  lookup: () => Promise<T>,
) {
  return rt
    .breakerFor(client)
    .run(collection, lookup, (error) => isOutage(requestFailure(error instanceof Error ? error : undefined)));
}

/** The `{ error }` of a failed lookup, reported once per cause in the server's log. */
async function failedLookup(rt: LiveRuntime, collection: string, error: unknown): Promise<{ error: Error }> {
  const answer = await liveError(collection, error);
  rt.report(requestFailure(answer.error));
  return answer;
}

/** A live loader over one resource: filters, visibility, not-found and `{ error }` handled alike. */
export function defineLiveLoader<R extends { shw: boolean }, D extends LiveData, F extends LiveFilter, K>(
  rt: LiveRuntime,
  resource: LiveResource<R, D, F, K>,
): LiveLoader<D, LiveEntryFilter, F> {
  rt.noteKind(resource.tag);
  return {
    name: resource.name,
    async loadCollection({ collection, filter }) {
      try {
        const client = rt.client(collection);
        const entries = await guarded(rt, client, collection, async () => {
          const all = await rt
            .guard()
            .bounded(collection, () => resource.list(client, filter, { onInvalidRecord: () => {} }));
          // As invalid records are in a collection: left out.
          return resource.toEntries(
            client,
            resource.onlyVisible ? all.filter((r) => r.shw) : all,
            () => {},
            collection,
          );
        });
        return { entries, cacheHint: { tags: [CACHE_TAG, kindTag(resource.tag)] } };
      } catch (error) {
        return failedLookup(rt, collection, error);
      }
    },
    async loadEntry({ collection, filter }) {
      try {
        const key = resource.parseKey(filter.id);
        if (key === undefined) return notFound(collection, filter);
        const client = rt.client(collection);
        const kind = PREVIEW_KIND[resource.tag as keyof typeof PREVIEW_KIND];
        // An editor's link: the record even hidden, past the remembered missing ids, and with no cache
        // tags, so no route cache keeps it (the middleware marks the answer private, no-store).
        const preview =
          typeof filter.preview === 'string' &&
          kind !== undefined &&
          (await rt.previewOpens(filter.preview, kind, filter.id));
        let rejected: string | undefined;
        let hidden = false;
        const entry = await guarded(rt, client, collection, async () => {
          const record = preview
            ? await rt.guard().bounded(collection, () => resource.get(client, key))
            : await rt.guard().lookup(client, collection, resource.tag, filter.id, async () => {
                const found = await resource.get(client, key);
                return found && resource.onlyVisible && !found.shw ? HIDDEN : found;
              });
          if (record === HIDDEN) hidden = true;
          if (!record || record === HIDDEN) return undefined;
          const [built] = await resource.toEntries(
            client,
            [record],
            (recordId, field, message) => {
              rejected = `${shownRecord(recordId)} is invalid at field ${shownText(field)}: ${message}`;
            },
            collection,
          );
          return built;
        });
        if (rejected !== undefined) return failedLookup(rt, collection, new Error(rejected));
        if (!entry) return notFound(collection, filter, !hidden && rt.hadPage(resource.tag, filter.id));
        if (!preview) return entry;
        const { cacheHint: _uncached, ...shown } = entry;
        return shown;
      } catch (error) {
        return failedLookup(rt, collection, error);
      }
    },
  };
}
