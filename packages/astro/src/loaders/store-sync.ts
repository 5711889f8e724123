/**
 * Incremental store update (docs/architecture.md, "Incremental sync"), in two steps. Staging builds
 * and parses the entries of changed records while the later records are still being fetched; the
 * store is written only at commit, after every fetch of the collection succeeded, so a failure never
 * leaves a half-updated collection.
 *
 * Each record's digest is computed from the raw typed record, the extra inputs of its entry (meta
 * tags, URL, site origin) and a fingerprint of the loader version and options. It is compared with
 * the stored entry's digest *before* building and parsing the entry: an unchanged record costs one
 * hash, no sanitizing, no `parseData` and no write.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { LoaderContext } from 'astro/loaders';
import { type HtmlCleaner, holdsMarkup, keepHtml, sanitizeHtml } from '../entries/sanitize.js';
import { SanitizeThread } from '../entries/sanitize-thread.js';
import { RepeatedParts } from './repeated-parts.js';
import { setMetaIfChanged } from './shared.js';

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

/** Items handed over in order as they arrive; `length`, where known: how many will come. */
export type ItemStream = AsyncIterable<SyncItem> & { readonly length?: number };

/** What a loader's fetch gives the sync: every item at once, or a stream of them. */
export type SyncSource = (SyncItem | undefined)[] | ItemStream;

export interface StageOptions {
  /** Loader version + options that shape the entries; part of every digest. */
  fingerprint: string;
  /** Whether HTML fields are sanitized (the loader's `sanitize` option). @default true */
  sanitize?: boolean;
}

export interface CommitHandlers {
  /** Called when `parseData` rejected an entry; rethrow to fail the sync (then nothing is written). */
  onParseError(id: string, error: unknown): void;
  /**
   * Called when a record has the entry id of an earlier one. The first record the service sent is
   * kept (docs/interface.md: reads come in ascending `id`), the later one is left out.
   */
  onDuplicate(id: string, kept: string | number, dropped: string | number): void;
}

export interface SyncOptions extends StageOptions, CommitHandlers {}

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

/**
 * While records are still arriving, staging gives the event loop a turn after this much work, so
 * answers are taken in and the next requests sent: a long stretch of building would leave the
 * requests in flight answered but unread, and the fan-out idle.
 */
const SLICE_MS = 4;

/** From this many items on, a sync sanitizes on a worker thread; below, starting one costs more than it saves. */
export const SANITIZE_THREAD_MIN_ITEMS = 1000;

/** A batch of items with their digests, and their changed records' HTML being sanitized ahead. */
interface Batch {
  items: (SyncItem | undefined)[];
  digests: (string | undefined)[];
  /** Fragment → sanitized fragment, for the changed items of the batch; undefined on the main thread. */
  cleaned: Promise<Map<string, string | undefined> | undefined>;
}

/** An entry built and parsed, waiting for the commit. */
interface StagedWrite {
  id: string;
  data: Record<string, unknown>;
  digest: string;
  rendered?: { html: string };
}

/** What staging met that the handlers hear of at commit, in the order it met them. */
type StagedEvent =
  | { kind: 'duplicate'; id: string; kept: string | number; dropped: string | number }
  | { kind: 'invalid'; id: string; error: unknown };

/** The entries of one sync, built and parsed, not yet in the store. */
export interface StagedEntries {
  /** How many items the fetch gave. */
  readonly items: number;
  /** When the last item arrived (`performance.now()`). */
  readonly fetchedAt: number;
  /** Writes the staged entries and removes those of records gone; call at most once. */
  commit(handlers: CommitHandlers): SyncCounts;
}

/** Staging either has every item, or the fetch behind them failed (its error, as thrown). */
export type StageResult = { ok: true; staged: StagedEntries } | { ok: false; fetchError: unknown };

/**
 * Builds and parses the entries of the changed items of `source` as they arrive, in order, without
 * touching the store. A failure of the fetch (the `source` promise or its stream) comes back as
 * `fetchError`; a failure of staging itself is thrown.
 */
export async function stageEntries(
  ctx: Pick<LoaderContext, 'store' | 'meta' | 'parseData' | 'generateDigest'>,
  source: SyncSource | Promise<SyncSource>,
  options: StageOptions,
): Promise<StageResult> {
  let items: SyncSource;
  try {
    items = await source;
  } catch (fetchError) {
    return { ok: false, fetchError };
  }
  const previousVersion = ctx.meta.get(LOADER_VERSION_META_KEY);
  const reload = previousVersion !== LOADER_VERSION;
  const fullReload = reload && (previousVersion !== undefined || ctx.store.keys().length > 0);
  /** The digest the store holds for an id, as the commit will find it. */
  const storedDigest = (id: string) => (reload ? undefined : ctx.store.get(id)?.digest);
  const sanitize = options.sanitize ?? true;
  // A stream of unknown length may be large; the thread only starts once there is HTML to hand it.
  const expected = items.length ?? Number.POSITIVE_INFINITY;
  const thread = sanitize && expected >= SANITIZE_THREAD_MIN_ITEMS ? new SanitizeThread() : undefined;
  let taken = 0;
  let unchanged = 0;
  const writes: StagedWrite[] = [];
  const events: StagedEvent[] = [];
  /** Entry id → the record kept for it. */
  const seen = new Map<string, string | number>();
  const repeated = new RepeatedParts();

  let prepared = 0;
  const prepare = (batchItems: (SyncItem | undefined)[]): Batch => {
    const digests: (string | undefined)[] = [];
    const texts: string[] = [];
    // The first batch is sanitized on the main thread: the thread needs about 100 ms to start and
    // load sanitize-html, longer than the main thread takes to build a batch.
    const ahead = thread !== undefined && prepared++ > 0;
    for (const item of batchItems) {
      const digest = item && itemDigest(ctx, options.fingerprint, item.source);
      digests.push(digest);
      if (!ahead || item === undefined || storedDigest(item.id) === digest) continue;
      for (const html of item.html ?? []) if (holdsMarkup(html)) texts.push(html);
    }
    const cleaned =
      thread && texts.length > 0
        ? thread.sanitize(texts).then((out) => new Map(texts.map((text, j) => [text, out[j]])))
        : Promise.resolve(undefined);
    taken += batchItems.length;
    return { items: batchItems, digests, cleaned };
  };
  let arriving = !Array.isArray(items);
  let sliceStart = performance.now();
  const build = async (batch: Batch) => {
    const cleaned = await batch.cleaned;
    // A fragment not sanitized ahead (its record was thought unchanged) is sanitized here.
    const cleanHtml: HtmlCleaner = !sanitize
      ? keepHtml
      : cleaned
        ? (html) => cleaned.get(html) ?? sanitizeHtml(html)
        : sanitizeHtml;
    for (let i = 0; i < batch.items.length; i++) {
      if (arriving && performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
      const item = batch.items[i];
      if (item === undefined) continue;
      // Let go of the raw record as soon as its entry is built: on a large catalog the raw records
      // and the entries would otherwise be in memory together until the sync ends.
      batch.items[i] = undefined;
      const recordId = item.recordId ?? item.id;
      const kept = seen.get(item.id);
      if (kept !== undefined) {
        events.push({ kind: 'duplicate', id: item.id, kept, dropped: recordId });
        continue;
      }
      seen.set(item.id, recordId);
      const digest = batch.digests[i] as string;
      if (storedDigest(item.id) === digest) {
        unchanged++;
        continue;
      }
      const built = item.build(cleanHtml);
      let data: Record<string, unknown>;
      try {
        data = await ctx.parseData({ id: item.id, data: built.data });
      } catch (error) {
        events.push({ kind: 'invalid', id: item.id, error });
        seen.delete(item.id); // left out: a stale entry of this id is removed at commit
        continue;
      }
      repeated.share(data);
      writes.push({ id: item.id, data, digest, ...(built.rendered ? { rendered: built.rendered } : {}) });
    }
  };

  const batches = batchesOf(items, BATCH_SIZE);
  let fetchedAt: number;
  try {
    let waiting: Batch | undefined;
    for (;;) {
      let step: IteratorResult<(SyncItem | undefined)[]>;
      try {
        step = await batches.next();
      } catch (fetchError) {
        return { ok: false, fetchError };
      }
      if (step.done) break;
      const batch = prepare(step.value);
      if (thread === undefined) {
        await build(batch);
        continue;
      }
      // The thread sanitizes this batch while the main thread builds the one before.
      if (waiting !== undefined) await build(waiting);
      waiting = batch;
    }
    fetchedAt = performance.now();
    arriving = false;
    if (waiting !== undefined) await build(waiting);
  } finally {
    await batches.return(undefined);
    await thread?.close();
  }
  const sanitizedOnThread = thread?.sanitizedOnThread ?? 0;

  let committed = false;
  const commit = (handlers: CommitHandlers): SyncCounts => {
    if (committed) throw new Error('staged entries were already committed');
    committed = true;
    let duplicates = 0;
    let invalid = 0;
    for (const event of events) {
      if (event.kind === 'duplicate') {
        duplicates++;
        handlers.onDuplicate(event.id, event.kept, event.dropped);
      } else {
        invalid++;
        handlers.onParseError(event.id, event.error);
      }
    }
    if (fullReload) ctx.store.clear();
    for (const write of writes) ctx.store.set(write);
    let removed = 0;
    for (const id of ctx.store.keys()) {
      if (!seen.has(id)) {
        ctx.store.delete(id);
        removed++;
      }
    }
    setMetaIfChanged(ctx.meta, LOADER_VERSION_META_KEY, LOADER_VERSION);
    return {
      written: writes.length,
      unchanged,
      removed,
      invalid,
      duplicates,
      fullReload,
      sanitizedOnThread,
    };
  };
  return { ok: true, staged: { items: taken, fetchedAt, commit } };
}

/** Stages every item, then commits: the whole sync when all items are already in hand. */
export async function syncEntries(
  ctx: Pick<LoaderContext, 'store' | 'meta' | 'parseData' | 'generateDigest'>,
  items: SyncSource,
  options: SyncOptions,
): Promise<SyncCounts> {
  const result = await stageEntries(ctx, items, options);
  if (!result.ok) throw result.fetchError;
  return result.staged.commit(options);
}

/**
 * The items in batches of `size`. An array's slots are emptied as they are batched, so its records
 * can be let go as soon as they are built.
 */
async function* batchesOf(items: SyncSource, size: number): AsyncGenerator<(SyncItem | undefined)[]> {
  if (Array.isArray(items)) {
    for (let start = 0; start < items.length; start += size) {
      const batch = items.slice(start, start + size);
      items.fill(undefined, start, start + size);
      yield batch;
    }
    return;
  }
  let batch: SyncItem[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
