/** What a load tells the project: the entries it left (the build record), and that it kept stale ones. */
import type { LoaderContext } from 'astro/loaders';
import type { Project } from '../../project/project.js';
import { reportKeptStale } from '../../project/refresh-report.js';

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
export function keepStale(ctx: LoaderContext, project: Project, kind: string, warning: string): void {
  ctx.logger.warn(warning);
  reportKeptStale(ctx.refreshContextData, { collection: ctx.collection, message: warning });
  project.noteKeptStale(ctx.collection);
  recordEntries(ctx, project, kind);
}
