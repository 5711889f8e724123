/** Staging's second step: the staged entries go into the store in one go, and gone records' entries out. */
import type { LoaderContext } from 'astro/loaders';
import { LOADER_VERSION, LOADER_VERSION_META_KEY, setMetaIfChanged } from './sync-item.js';

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
  /** True when the answers were unchanged and every stored entry was kept without reading a record. */
  keptStored: boolean;
  /** HTML fragments sanitized on a worker thread (the others, if any, on the main thread). */
  sanitizedOnThread: number;
}

export interface CommitHandlers {
  /** Called when `parseData` rejected an entry; rethrow to fail the sync (then nothing is written). */
  onParseError(id: string, error: unknown): void;
  /** A record with an earlier one's entry id: the first is kept (reads come in ascending `id`). */
  onDuplicate(id: string, kept: string | number, dropped: string | number): void;
}

/** An entry built and parsed, waiting for the commit. */
export interface StagedWrite {
  id: string;
  data: Record<string, unknown>;
  digest: string;
  rendered?: { html: string };
}

/** What staging met that the handlers hear of at commit, in the order it met them. */
export type StagedEvent =
  | { kind: 'duplicate'; id: string; kept: string | number; dropped: string | number }
  | { kind: 'invalid'; id: string; error: unknown };

/** Everything staging leaves for the commit. */
export interface StagedWrites {
  /** Entries for ids the store held: written at the commit. */
  writes: readonly StagedWrite[];
  /** Entries for ids the store did not hold, already written while staging (staging.ts). */
  writtenAhead: number;
  events: readonly StagedEvent[];
  /** The entry ids this sync keeps: every other stored entry is removed. */
  kept: ReadonlySet<string>;
  unchanged: number;
  /** The stored entries were made by another loader version: they are all replaced. */
  fullReload: boolean;
  sanitizedOnThread: number;
}

export function commitStaged(
  ctx: Pick<LoaderContext, 'store' | 'meta'>,
  staged: StagedWrites,
  handlers: CommitHandlers,
): SyncCounts {
  let duplicates = 0;
  let invalid = 0;
  for (const event of staged.events) {
    if (event.kind === 'duplicate') {
      duplicates++;
      handlers.onDuplicate(event.id, event.kept, event.dropped);
    } else {
      invalid++;
      handlers.onParseError(event.id, event.error);
    }
  }
  if (staged.fullReload) ctx.store.clear();
  for (const write of staged.writes) ctx.store.set(write);
  let removed = 0;
  for (const id of ctx.store.keys()) {
    if (!staged.kept.has(id)) {
      ctx.store.delete(id);
      removed++;
    }
  }
  setMetaIfChanged(ctx.meta, LOADER_VERSION_META_KEY, LOADER_VERSION);
  return {
    written: staged.writes.length + staged.writtenAhead,
    unchanged: staged.unchanged,
    removed,
    invalid,
    duplicates,
    fullReload: staged.fullReload,
    keptStored: false,
    sanitizedOnThread: staged.sanitizedOnThread,
  };
}
