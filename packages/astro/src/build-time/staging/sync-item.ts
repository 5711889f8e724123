/** What a loader's fetch hands the sync: one item per record (docs/architecture.md, "Incremental sync"). */
import type { LoaderContext } from 'astro/loaders';
import type { HtmlCleaner } from '../../entries/sanitize.js';

/** Bump when the shape of stored entries changes: a different version triggers a full reload. */
export const LOADER_VERSION = '8';
export const LOADER_VERSION_META_KEY = 'sitecontent:loader-version';

export interface BuiltEntry {
  data: Record<string, unknown>;
  rendered?: { html: string };
}

export interface SyncItem {
  /** Entry id. */
  id: string;
  /** The service record's own id, for messages (a section's entry id is its `tx`). @default the entry id */
  recordId?: string | number;
  /** Everything the entry is built from, JSON-serializable; its digest decides whether it is built again. */
  digestInputs: unknown;
  /** The HTML fragments `build()` cleans; a large sync sanitizes them ahead on a worker thread. */
  html?: readonly string[];
  /** Builds the entry's data, its HTML through `cleanHtml`; only called when the digest changed. */
  build(cleanHtml: HtmlCleaner): BuiltEntry;
}

/** Items handed over in order as they arrive; `length`, where known: how many will come at most. */
export type ItemStream = AsyncIterable<SyncItem> & { readonly length?: number };

/** What a fetch gives when the stored entries' answers are unchanged (answer-record.ts): keep them. */
export const KEEP_STORED: unique symbol = Symbol('keep the stored entries');

/** The items of a sync: every item at once, or a stream of them. */
export type ItemSource = (SyncItem | undefined)[] | ItemStream;

/** What a loader's fetch gives the sync: its items, or `KEEP_STORED`. */
export type SyncSource = ItemSource | typeof KEEP_STORED;

/** Digest of one item; `JSON.stringify` of the parts, hashed by Astro's `generateDigest`. */
export function itemDigest(
  ctx: Pick<LoaderContext, 'generateDigest'>,
  fingerprint: string,
  digestInputs: unknown,
): string {
  return ctx.generateDigest(`${fingerprint}\n${JSON.stringify(digestInputs)}`);
}

/**
 * Sets a meta key unless it holds that value already: any write makes Astro serialize the whole
 * data store again, so a sync with nothing changed must write nothing.
 */
export function setMetaIfChanged(meta: LoaderContext['meta'], key: string, value: string): void {
  if (meta.get(key) !== value) meta.set(key, value);
}
