/** One collection's staging state (digests, entries built, duplicates, rejects), driven by stage-entries.ts. */
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { byLoopUse, loopUseGauge } from '@sitecontent/client/internal';
import type { LoaderContext } from 'astro/loaders';
import { type ChangeTime, lastChanged } from '../../entries/last-changed.js';
import { type HtmlCleaner, holdsMarkup, keepHtml, sanitizeHtml } from '../../entries/sanitize.js';
import { SanitizeThread } from '../../entries/sanitize-thread.js';
import type { StagedEvent, StagedWrite, StagedWrites } from './commit-staged.js';
import { RepeatedParts } from './repeated-parts.js';
import {
  type ItemSource,
  itemDigest,
  LOADER_VERSION,
  LOADER_VERSION_META_KEY,
  type SyncItem,
} from './sync-item.js';

export interface StageOptions {
  /** Loader version + options that shape the entries; part of every digest. */
  fingerprint: string;
  /** Whether HTML fields are sanitized (the loader's `sanitize` option). */
  sanitize: boolean;
}

/** One written entry in this many is measured (`JSON.stringify`) for the store's estimated size. */
const SIZE_SAMPLE_EVERY = 32;

/**
 * While records arrive, staging yields after this much work, so answers are read and requests sent
 * (undici writes a request on a reused socket at the next check phase, after a slice that runs
 * there). Short slices send the requests sooner while the loop waits on the service, and only cost
 * when it does not: 1 ms slices throughout made the reload at 0 ms a tenth slower (bench/versus.mjs).
 * So the slice follows the event loop's use over the last window (the client's gauge, as its typing
 * of a read's rows does): `SHORT_SLICE_MS` while the loop mostly waits, `SLICE_MS` once it is busy.
 */
const SLICE_MS = 4;
const SHORT_SLICE_MS = 1;

/** Staging's slice, in ms, after a window in which the event loop was busy `loopUse` (0–1) of the time. */
export const sliceFor = (loopUse: number | undefined): number => byLoopUse(loopUse, SHORT_SLICE_MS, SLICE_MS);

/** From this many items on, a sync sanitizes on a worker thread; below, starting one costs more than it saves. */
export const SANITIZE_THREAD_MIN_ITEMS = 1000;

/** A batch of items with their digests, and their changed records' HTML being sanitized ahead. */
export interface Batch {
  items: (SyncItem | undefined)[];
  digests: (string | undefined)[];
  /** Fragment → sanitized fragment, for the changed items of the batch; undefined on the main thread. */
  cleaned: Promise<Map<string, string | undefined> | undefined>;
}

type StagingContext = Pick<LoaderContext, 'store' | 'meta' | 'parseData' | 'generateDigest'>;

export class Staging {
  /** How many items were taken from the fetch. */
  taken = 0;
  readonly #ctx: StagingContext;
  readonly #fingerprint: string;
  readonly #sanitize: boolean;
  /** The stored entries were made by another loader version: every entry is built again. */
  readonly #reload: boolean;
  readonly #fullReload: boolean;
  /** The collection was never synced (or Astro wiped its store): no record's change is known. */
  readonly #firstSync: boolean;
  readonly #thread: SanitizeThread | undefined;
  readonly #writes: StagedWrite[] = [];
  /**
   * Entries of ids the store did not hold, written as they were built: the store's own work on them
   * (its asset walk, its digest compare) overlaps the requests still running instead of following
   * the last answer. Nothing the store held is touched before the commit, so `discard()` puts it back
   * as it was by deleting these ids.
   */
  readonly #early: string[] = [];
  readonly #events: StagedEvent[] = [];
  /** Entry id → the record kept for it. */
  readonly #kept = new Map<string, string | number>();
  readonly #repeated = new RepeatedParts();
  #unchanged = 0;
  #prepared = 0;
  /** Written entries measured for the store's size (one in `SIZE_SAMPLE_EVERY`), and their characters. */
  #sampled = 0;
  #sampledChars = 0;
  #arriving: boolean;
  #sliceStart = performance.now();
  #sliceMs = SLICE_MS;
  /** The event loop's use over its last window, which chooses the next slice. */
  readonly #loopUse = loopUseGauge();
  /** The time of this sync: when the records changed whose entries it writes (`changedAt`). */
  readonly #syncedAt = new Date();

  constructor(ctx: StagingContext, options: StageOptions, items: ItemSource) {
    this.#ctx = ctx;
    this.#fingerprint = options.fingerprint;
    this.#sanitize = options.sanitize;
    const previousVersion = ctx.meta.get(LOADER_VERSION_META_KEY);
    this.#reload = previousVersion !== LOADER_VERSION;
    this.#fullReload = this.#reload && (previousVersion !== undefined || ctx.store.keys().length > 0);
    this.#firstSync = previousVersion === undefined && ctx.store.keys().length === 0;
    // A stream of unknown length may be large; the thread only starts once there is HTML to hand it.
    const expected = items.length ?? Number.POSITIVE_INFINITY;
    this.#thread = this.#sanitize && expected >= SANITIZE_THREAD_MIN_ITEMS ? new SanitizeThread() : undefined;
    this.#arriving = !Array.isArray(items);
  }

  /** Whether a thread sanitizes one batch while the main thread builds another. */
  get pipelined(): boolean {
    return this.#thread !== undefined;
  }

  /** The digest the store holds for an id, as the commit will find it. */
  #storedDigest(id: string): string | number | undefined {
    return this.#reload ? undefined : this.#ctx.store.get(id)?.digest;
  }

  /**
   * Digests the batch's items and hands the changed ones' HTML to the thread; yields while answers
   * arrive, as building does (a batch's digests in one go held the answers and requests up for ms).
   */
  async prepare(items: (SyncItem | undefined)[]): Promise<Batch> {
    const digests: (string | undefined)[] = [];
    const texts: string[] = [];
    // The first batch is sanitized on the main thread: starting the thread and loading sanitize-html
    // takes longer than building a batch.
    const ahead = this.#thread !== undefined && this.#prepared++ > 0;
    for (const item of items) {
      await this.#yieldWhileArriving();
      const digest = item && itemDigest(this.#ctx, this.#fingerprint, item.digestInputs);
      digests.push(digest);
      if (!ahead || item === undefined || this.#storedDigest(item.id) === digest) continue;
      for (const html of item.html ?? []) if (holdsMarkup(html)) texts.push(html);
    }
    const thread = this.#thread;
    const cleaned =
      thread && texts.length > 0
        ? thread.sanitize(texts).then((out) => new Map(texts.map((text, j) => [text, out[j]])))
        : Promise.resolve(undefined);
    this.taken += items.length;
    return { items, digests, cleaned };
  }

  /** Builds and parses the entries of the batch's changed items. */
  async build(batch: Batch): Promise<void> {
    const cleanHtml = this.#cleanerFor(await batch.cleaned);
    for (let i = 0; i < batch.items.length; i++) {
      await this.#yieldWhileArriving();
      const item = batch.items[i];
      if (item === undefined) continue;
      // Let go of the raw record as soon as its entry is built: on a large catalog the raw records
      // and the entries would otherwise be in memory together until the sync ends.
      batch.items[i] = undefined;
      await this.#stage(item, batch.digests[i] as string, cleanHtml);
    }
  }

  /** Every item is in: building no longer yields to let answers in. */
  allArrived(): void {
    this.#arriving = false;
  }

  async close(): Promise<void> {
    await this.#thread?.close();
  }

  /** Removes the entries written ahead: the sync failed, and the store holds what it held. */
  discard(): void {
    for (const id of this.#early) this.#ctx.store.delete(id);
    this.#early.length = 0;
  }

  /** What the commit needs. */
  staged(): StagedWrites {
    return {
      writes: this.#writes,
      writtenAhead: this.#early.length,
      events: this.#events,
      kept: new Set(this.#kept.keys()),
      unchanged: this.#unchanged,
      fullReload: this.#fullReload,
      sanitizedOnThread: this.#thread?.sanitizedOnThread ?? 0,
    };
  }

  /**
   * About how many characters the collection's entries take in Astro's store after the commit:
   * the kept entries times the mean JSON length of the written ones sampled; `undefined` when none
   * was written (the store holds what it held).
   */
  estimatedStoreChars(): number | undefined {
    if (this.#sampled === 0) return undefined;
    return Math.round((this.#kept.size * this.#sampledChars) / this.#sampled);
  }

  /** A fragment not sanitized ahead (its record was thought unchanged) is sanitized here. */
  #cleanerFor(cleaned: Map<string, string | undefined> | undefined): HtmlCleaner {
    if (!this.#sanitize) return keepHtml;
    return cleaned ? (html) => cleaned.get(html) ?? sanitizeHtml(html) : sanitizeHtml;
  }

  /**
   * When a changed item's entry changed: now for a record the store holds; for one first seen its
   * `dt`, else now, but nothing on a collection's first sync (it cannot tell, and the build's clock
   * would re-date unchanged content). A new loader version keeps each entry's time. `undefined`
   * when that time is the entry's `dt`, which `lastChanged()` reads.
   */
  #changedAt(id: string, data: Record<string, unknown>): Date | undefined {
    const dt = data.dt instanceof Date ? data.dt : undefined;
    const time = this.#changeTime(this.#ctx.store.get(id)?.data, dt);
    return time?.getTime() === dt?.getTime() ? undefined : time;
  }

  #changeTime(stored: Record<string, unknown> | undefined, dt: Date | undefined): Date | undefined {
    if (stored === undefined) return dt ?? (this.#firstSync ? undefined : this.#syncedAt);
    return this.#reload ? lastChanged(stored as ChangeTime) : this.#syncedAt;
  }

  async #yieldWhileArriving(): Promise<void> {
    if (this.#arriving && performance.now() - this.#sliceStart > this.#sliceMs) {
      await nextTurn();
      this.#sliceStart = performance.now();
      this.#sliceMs = sliceFor(this.#loopUse());
    }
  }

  async #stage(item: SyncItem, digest: string, cleanHtml: HtmlCleaner): Promise<void> {
    const recordId = item.recordId ?? item.id;
    const kept = this.#kept.get(item.id);
    if (kept !== undefined) {
      this.#events.push({ kind: 'duplicate', id: item.id, kept, dropped: recordId });
      return;
    }
    this.#kept.set(item.id, recordId);
    if (this.#storedDigest(item.id) === digest) {
      this.#unchanged++;
      return;
    }
    const built = item.build(cleanHtml);
    let data: Record<string, unknown>;
    try {
      const changedAt = this.#changedAt(item.id, built.data);
      const fields = changedAt === undefined ? built.data : { ...built.data, changedAt };
      data = await this.#ctx.parseData({ id: item.id, data: fields });
    } catch (error) {
      this.#events.push({ kind: 'invalid', id: item.id, error });
      this.#kept.delete(item.id); // left out: a stale entry of this id is removed at commit
      return;
    }
    this.#repeated.share(data);
    const write = { id: item.id, data, digest, ...(built.rendered ? { rendered: built.rendered } : {}) };
    // A full reload clears the store at the commit, which would take the early ones with it.
    if (!this.#fullReload && !this.#ctx.store.has(item.id)) {
      this.#ctx.store.set(write);
      this.#early.push(item.id);
    } else {
      this.#writes.push(write);
    }
    if ((this.#writes.length + this.#early.length) % SIZE_SAMPLE_EVERY === 1) {
      this.#sampled++;
      this.#sampledChars += JSON.stringify(write).length;
    }
  }
}
