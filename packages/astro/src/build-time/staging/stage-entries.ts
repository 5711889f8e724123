/**
 * Staging, the first step of an incremental sync (docs/architecture.md, "Incremental sync"): the
 * entries of changed records are built while later records are fetched; an entry the store holds
 * is replaced only at commit (commit-staged.ts), one of a new id is written ahead and taken back
 * if the load does not commit (staging.ts). A record's digest is compared before its entry is built, so an
 * unchanged record costs one hash.
 */
import type { LoaderContext } from 'astro/loaders';
import { type CommitHandlers, commitStaged, type StagedWrites, type SyncCounts } from './commit-staged.js';
import { batchesOf } from './item-batches.js';
import { type Batch, type StageOptions, Staging } from './staging.js';
import { KEEP_STORED, type SyncSource } from './sync-item.js';

/** The entries of one sync, built and parsed, not yet in the store. */
export interface StagedEntries {
  /** How many items the fetch gave. */
  readonly items: number;
  /** When the last item arrived (`performance.now()`). */
  readonly fetchedAt: number;
  /** About how many characters the entries will take in the store, when any is written (store-ceiling.ts). */
  readonly estimatedChars: number | undefined;
  /** Entries the collection will hold after the commit. */
  readonly entries: number;
  /** Writes the staged entries and removes those of records gone; call at most once. */
  commit(handlers: CommitHandlers): SyncCounts;
  /** Instead of the commit: takes back what staging wrote ahead, so the store holds what it held. */
  discard(): void;
}

/** Staging either has every item, or the fetch behind them failed (its error, as thrown). */
export type StageResult = { ok: true; staged: StagedEntries } | { ok: false; fetchError: unknown };

/** Entries per batch: the worker thread sanitizes the next batch while the main thread builds this one. */
const BATCH_SIZE = 256;

/** Builds the changed items' entries as they arrive, stored ones untouched; a failed fetch comes back as `fetchError`. */
export async function stageEntries(
  ctx: Pick<LoaderContext, 'store' | 'meta' | 'parseData' | 'generateDigest'>,
  source: SyncSource | Promise<SyncSource>,
  options: StageOptions,
): Promise<StageResult> {
  let fetched: SyncSource;
  try {
    fetched = await source;
  } catch (fetchError) {
    return { ok: false, fetchError };
  }
  if (fetched === KEEP_STORED) return { ok: true, staged: keptEntries(ctx) };
  const items = fetched;
  const staging = new Staging(ctx, options, items);
  const batches = batchesOf(items, BATCH_SIZE);
  let fetchedAt: number;
  try {
    const failed = await stageBatches(staging, batches);
    if (failed) {
      staging.discard();
      return failed;
    }
    fetchedAt = performance.now();
  } catch (error) {
    staging.discard();
    throw error;
  } finally {
    await batches.return(undefined);
    await staging.close();
  }
  const writes: StagedWrites = staging.staged();
  let committed = false;
  const commit = (handlers: CommitHandlers): SyncCounts => {
    if (committed) throw new Error('staged entries were already committed');
    committed = true;
    try {
      return commitStaged(ctx, writes, handlers);
    } catch (error) {
      // A handler refused an entry before anything else was written: the early ones go too.
      staging.discard();
      throw error;
    }
  };
  const discard = () => {
    if (!committed) staging.discard();
  };
  const estimatedChars = staging.estimatedStoreChars();
  const entries = writes.kept.size;
  return {
    ok: true,
    staged: { items: staging.taken, fetchedAt, estimatedChars, entries, commit, discard },
  };
}

/** The stored entries, kept as they are: the commit writes and removes nothing. */
function keptEntries(ctx: Pick<LoaderContext, 'store'>): StagedEntries {
  const stored = ctx.store.keys().length;
  return {
    items: stored,
    fetchedAt: performance.now(),
    estimatedChars: undefined,
    entries: stored,
    discard: () => {},
    commit: () => ({
      written: 0,
      unchanged: stored,
      removed: 0,
      invalid: 0,
      duplicates: 0,
      fullReload: false,
      keptStored: true,
      sanitizedOnThread: 0,
    }),
  };
}

/** Stages batch after batch; a sanitizing thread works on a batch while the main thread builds the one before. */
async function stageBatches(
  staging: Staging,
  batches: AsyncGenerator<Batch['items']>,
): Promise<{ ok: false; fetchError: unknown } | undefined> {
  let waiting: Batch | undefined;
  for (;;) {
    let step: IteratorResult<Batch['items']>;
    try {
      step = await batches.next();
    } catch (fetchError) {
      return { ok: false, fetchError };
    }
    if (step.done) break;
    const batch = await staging.prepare(step.value);
    if (!staging.pipelined) {
      await staging.build(batch);
      continue;
    }
    if (waiting !== undefined) await staging.build(waiting);
    waiting = batch;
  }
  staging.allArrived();
  if (waiting !== undefined) await staging.build(waiting);
  return undefined;
}
