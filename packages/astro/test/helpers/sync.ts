/** The whole sync of items already in hand, as the tests of staging and commit use it. */
import type { LoaderContext } from 'astro/loaders';
import type { CommitHandlers, SyncCounts } from '../../src/sync/commit-staged.js';
import { type StageOptions, stageEntries } from '../../src/sync/stage-entries.js';
import type { SyncSource } from '../../src/sync/sync-item.js';

/** Stages every item, then commits; a failed fetch is thrown. */
export async function syncEntries(
  ctx: Pick<LoaderContext, 'store' | 'meta' | 'parseData' | 'generateDigest'>,
  items: SyncSource,
  options: StageOptions & CommitHandlers,
): Promise<SyncCounts> {
  const result = await stageEntries(ctx, items, options);
  if (!result.ok) throw result.fetchError;
  return result.staged.commit(options);
}
