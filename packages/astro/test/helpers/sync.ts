/** The whole sync of items already in hand, as the tests of staging and commit use it. */
import type { LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import type { CommitHandlers, SyncCounts } from '../../src/build-time/staging/commit-staged.js';
import { stageEntries } from '../../src/build-time/staging/stage-entries.js';
import type { StageOptions } from '../../src/build-time/staging/staging.js';
import type { SyncItem, SyncSource } from '../../src/build-time/staging/sync-item.js';

/** Stages every item (HTML sanitized unless `sanitize: false`), then commits; a failed fetch is thrown. */
export async function syncEntries(
  ctx: Pick<LoaderContext, 'store' | 'meta' | 'parseData' | 'generateDigest'>,
  items: SyncSource,
  options: Omit<StageOptions, 'sanitize'> & Partial<Pick<StageOptions, 'sanitize'>> & CommitHandlers,
): Promise<SyncCounts> {
  const result = await stageEntries(ctx, items, { sanitize: true, ...options });
  if (!result.ok) throw result.fetchError;
  return result.staged.commit(options);
}

/** The schema of the plain records most of those tests sync: an id and a title. */
export const titledSchema = z.object({ id: z.number(), title: z.string() });

/** One item per record, its entry id the record's `id`, its data the record as it is. */
export const recordItems = <R extends { id: number }>(records: R[]): SyncItem[] =>
  records.map((r) => ({ id: String(r.id), digestInputs: r, build: () => ({ data: { ...r } }) }));

/** The handlers of a sync that expects every record valid and each id once: anything else fails it. */
export const strictCommit: CommitHandlers = {
  onParseError: (_id, e) => {
    throw e;
  },
  onDuplicate: () => {
    throw new Error('no duplicates expected');
  },
};
