/**
 * Incremental store update (docs/architecture.md, "Incremental sync"). Runs only after every fetch of the
 * collection succeeded, so a failure never leaves a half-updated collection.
 *
 * Each record's digest is computed from the raw typed record, the extra inputs of its entry (meta
 * tags, URL, site origin) and a fingerprint of the loader version and options. It is compared with
 * the stored entry's digest *before* building and parsing the entry: an unchanged record costs one
 * hash, no sanitizing, no `parseData` and no write.
 */
import type { LoaderContext } from 'astro/loaders';
import { type HtmlCleaner, holdsMarkup, keepHtml, sanitizeHtml } from '../entries/sanitize.js';
import { SanitizeThread } from '../entries/sanitize-thread.js';
import { RepeatedParts } from './repeated-parts.js';

/** Bump when the shape of stored entries changes: a different version triggers a full reload. */
export const LOADER_VERSION = '2';
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
  /** JSON-serializable inputs the entry is built from (raw record + meta + derived inputs). */
  source: unknown;
  /**
   * The HTML fragments `build()` passes through the cleaner it is given; in a large sanitizing sync
   * they are sanitized ahead, on a worker thread. A fragment not listed is sanitized when built.
   */
  html?: readonly string[];
  /**
   * Builds the entry's data (SEO, HTML through `cleanHtml`: sanitized, or as sent with `sanitize:
   * false`); only called when the digest changed.
   */
  build(cleanHtml: HtmlCleaner): BuiltEntry;
}

export interface SyncCounts {
  written: number;
  unchanged: number;
  removed: number;
  /** Entries whose built data failed the collection schema and were left out (`onInvalid: 'skip'`). */
  invalid: number;
  /** Records left out because an earlier record had the same entry id. */
  duplicates: number;
  /** True when the stored loader version differed and the collection was reloaded from scratch. */
  fullReload: boolean;
  /** HTML fragments sanitized on a worker thread (the others, if any, on the main thread). */
  sanitizedOnThread: number;
}

export interface SyncOptions {
  /** Loader version + options that shape the entries; part of every digest. */
  fingerprint: string;
  /** Whether HTML fields are sanitized (the loader's `sanitize` option). @default true */
  sanitize?: boolean;
  /** Called when `parseData` rejects an entry; rethrow to fail the sync. */
  onParseError(id: string, error: unknown): void;
  /**
   * Called when a record has the entry id of an earlier one. The first record the service sent is
   * kept (docs/interface.md: reads come in ascending `id`), the later one is left out.
   */
  onDuplicate(id: string, kept: string | number, dropped: string | number): void;
}

/** Digest of one item; `JSON.stringify` of the parts, hashed by Astro's `generateDigest`. */
export function itemDigest(
  ctx: Pick<LoaderContext, 'generateDigest'>,
  fingerprint: string,
  source: unknown,
): string {
  return ctx.generateDigest(`${fingerprint}\n${JSON.stringify(source)}`);
}

/** Entries per batch: the worker thread sanitizes the next batch while the main thread builds this one. */
const BATCH_SIZE = 256;

/** From this many items on, a sync sanitizes on a worker thread; below, starting one costs more than it saves. */
export const SANITIZE_THREAD_MIN_ITEMS = 1000;

/** Items `start` to `end` with their digests, and their changed records' HTML being sanitized ahead. */
interface Batch {
  start: number;
  end: number;
  digests: (string | undefined)[];
  /** Fragment → sanitized fragment, for the changed items of the batch; undefined on the main thread. */
  cleaned: Promise<Map<string, string | undefined> | undefined>;
}

export async function syncEntries(
  ctx: Pick<LoaderContext, 'store' | 'meta' | 'parseData' | 'generateDigest'>,
  items: (SyncItem | undefined)[],
  options: SyncOptions,
): Promise<SyncCounts> {
  const counts: SyncCounts = {
    written: 0,
    unchanged: 0,
    removed: 0,
    invalid: 0,
    duplicates: 0,
    fullReload: false,
    sanitizedOnThread: 0,
  };
  const previousVersion = ctx.meta.get(LOADER_VERSION_META_KEY);
  if (previousVersion !== LOADER_VERSION) {
    counts.fullReload = previousVersion !== undefined || ctx.store.keys().length > 0;
    if (counts.fullReload) ctx.store.clear();
  }
  const sanitize = options.sanitize ?? true;
  const thread = sanitize && items.length >= SANITIZE_THREAD_MIN_ITEMS ? new SanitizeThread() : undefined;
  const prepare = (start: number): Batch => {
    const end = Math.min(start + BATCH_SIZE, items.length);
    const digests: (string | undefined)[] = [];
    const texts: string[] = [];
    // The first batch is sanitized on the main thread: the thread needs about 100 ms to start and
    // load sanitize-html, longer than the main thread takes to build a batch.
    const ahead = thread !== undefined && start > 0;
    for (let i = start; i < end; i++) {
      const item = items[i];
      const digest = item && itemDigest(ctx, options.fingerprint, item.source);
      digests.push(digest);
      if (!ahead || item === undefined || ctx.store.get(item.id)?.digest === digest) continue;
      for (const html of item.html ?? []) if (holdsMarkup(html)) texts.push(html);
    }
    const cleaned =
      thread && texts.length > 0
        ? thread.sanitize(texts).then((out) => new Map(texts.map((text, j) => [text, out[j]])))
        : Promise.resolve(undefined);
    return { start, end, digests, cleaned };
  };
  const repeated = new RepeatedParts();
  /** Entry id → the record kept for it. */
  const seen = new Map<string, string | number>();
  try {
    let next: Batch | undefined = prepare(0);
    while (next !== undefined) {
      const batch: Batch = next;
      // Hand the thread the next batch before building this one, so both threads work at once.
      next = batch.end < items.length ? prepare(batch.end) : undefined;
      const cleaned = await batch.cleaned;
      // A fragment not sanitized ahead (its record was thought unchanged) is sanitized here.
      const cleanHtml: HtmlCleaner = !sanitize
        ? keepHtml
        : cleaned
          ? (html) => cleaned.get(html) ?? sanitizeHtml(html)
          : sanitizeHtml;
      for (let i = batch.start; i < batch.end; i++) {
        const item = items[i];
        if (item === undefined) continue;
        // Let go of the raw record as soon as its entry is stored: on a large catalog the raw records
        // and the stored entries would otherwise be in memory together until the sync ends.
        items[i] = undefined;
        const recordId = item.recordId ?? item.id;
        const kept = seen.get(item.id);
        if (kept !== undefined) {
          counts.duplicates++;
          options.onDuplicate(item.id, kept, recordId);
          continue;
        }
        seen.set(item.id, recordId);
        const digest = batch.digests[i - batch.start] as string;
        if (ctx.store.get(item.id)?.digest === digest) {
          counts.unchanged++;
          continue;
        }
        const built = item.build(cleanHtml);
        let data: Record<string, unknown>;
        try {
          data = await ctx.parseData({ id: item.id, data: built.data });
        } catch (error) {
          options.onParseError(item.id, error);
          seen.delete(item.id); // left out: a stale entry of this id is removed below
          counts.invalid++;
          continue;
        }
        repeated.share(data);
        ctx.store.set({ id: item.id, data, digest, ...(built.rendered ? { rendered: built.rendered } : {}) });
        counts.written++;
      }
    }
  } finally {
    await thread?.close();
  }
  counts.sanitizedOnThread = thread?.sanitizedOnThread ?? 0;
  for (const id of ctx.store.keys()) {
    if (!seen.has(id)) {
      ctx.store.delete(id);
      counts.removed++;
    }
  }
  ctx.meta.set(LOADER_VERSION_META_KEY, LOADER_VERSION);
  return counts;
}
