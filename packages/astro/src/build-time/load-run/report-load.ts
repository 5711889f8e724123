/** What a load tells the project: the entries it left (the build record), its counts (its last sync), and that it kept stale ones. */
import type { LoaderContext } from 'astro/loaders';
import type { Project } from '../../project/project.js';
import { reportKeptStale } from '../../project/refresh-report.js';
import type { SyncCounts } from '../staging/commit-staged.js';
import { setMetaIfChanged } from '../staging/sync-item.js';
import type { LoadTally } from './commit-load.js';

/**
 * Key, in a collection's meta store, of when its stored entries were last changed from the service's
 * answers: what a build that keeps them (the service unreachable) says of their age. Written only
 * with a change, as an unchanged load writes nothing (Astro would write the whole store again).
 */
export const SYNCED_AT_META_KEY = 'sitecontent:synced-at';

/** Hands the collection's entries, as stored, to the build record, when the project keeps one. */
export function recordEntries(ctx: LoaderContext, project: Project, kind: string): void {
  const record = project.buildRecord;
  if (!record) return;
  const entries = ctx.store.values().map((e) => ({
    id: e.id,
    collection: ctx.collection,
    data: e.data as Record<string, unknown>,
    rendered: e.rendered,
  }));
  record.record(ctx.collection, { kind, entries });
}

/** A load that keeps the previous sync's entries, with the warning that says why. */
export function keepStale(
  ctx: LoaderContext,
  project: Project,
  kind: string,
  warning: string,
  startedAt: number,
): void {
  ctx.logger.warn(warning);
  reportKeptStale(ctx.refreshContextData, { collection: ctx.collection, message: warning });
  const syncedAt = Date.parse(ctx.meta.get(SYNCED_AT_META_KEY) ?? '');
  project.noteKeptStale(ctx.collection, {
    reason: warning,
    syncedAt: Number.isNaN(syncedAt) ? undefined : new Date(syncedAt),
  });
  const kept = ctx.store.keys().length;
  project.lastSyncs.note({
    collection: ctx.collection,
    outcome: 'kept',
    at: Date.now(),
    ms: Math.round(performance.now() - startedAt),
    records: kept,
    written: 0,
    unchanged: kept,
    removed: 0,
    invalid: 0,
    message: warning,
  });
  recordEntries(ctx, project, kind);
}

/** Notes a committed load's counts (the summary line's) as the collection's last sync. */
export function noteSynced(ctx: LoaderContext, project: Project, counts: SyncCounts, tally: LoadTally): void {
  if (counts.written + counts.removed > 0 || !ctx.meta.has(SYNCED_AT_META_KEY))
    setMetaIfChanged(ctx.meta, SYNCED_AT_META_KEY, new Date().toISOString());
  project.lastSyncs.note({
    collection: ctx.collection,
    outcome: 'synced',
    at: Date.now(),
    ms: Math.round(performance.now() - tally.startedAt),
    records: tally.items,
    written: counts.written,
    unchanged: counts.unchanged,
    removed: counts.removed,
    invalid: tally.invalid + counts.invalid,
  });
}
