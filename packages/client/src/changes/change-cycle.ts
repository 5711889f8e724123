/**
 * One cycle of following the catalog, what `sitecontent watch` repeats and a host's scheduled
 * function runs once: load the state, detect, read each changed record again, purge the pages of
 * those whose new state that read confirms, post the build hook, save the state. A record a lagging
 * replica still shows as before stays pending (its old page is not purged only to be cached again
 * from stale data) and is tried again next cycle, as is a purge that failed. A failed service read
 * rejects before anything is saved.
 */
import { mapBounded } from '../http/bounded-map.js';
import { type Change, recordPages } from './change.js';
import { decodeState, encodeState } from './change-state.js';
import { type DetectOptions, detectChanges, detectScope } from './detect-changes.js';
import { type PurgeSettings, postBuildHook, purgeChangedPages } from './page-notices.js';
import { type CatalogClient, CatalogReads, currentDigest } from './record-reads.js';
import type { ChangeStateStore } from './state-store.js';

export interface CycleOptions extends DetectOptions {
  client: CatalogClient;
  store: ChangeStateStore;
  /** The site's purge endpoint; without it nothing is purged. */
  purge?: PurgeSettings | undefined;
  /** A static host's build hook, posted once in a cycle that confirmed a change. */
  buildHook?: string | undefined;
  /** Read each changed record again and act only on what that read confirms. @default true */
  confirm?: boolean;
}

export interface CycleReport {
  /** The state was missing (or read with other options): this cycle recorded the catalog. */
  first: boolean;
  /** Every change found, pending ones from earlier cycles included. */
  changes: Change[];
  /** Changes confirmed and acted on (purged, and the build hook posted, when configured). */
  done: Change[];
  /** Changes left for the next cycle: not yet confirmed by a read, or their purge failed. */
  pending: Change[];
  counts: { sections: number; products: number; articles: number };
  /** Operations called on the service. */
  serviceRequests: number;
  /** Requests sent to the purge endpoint. */
  purgeRequests: number;
  buildHook: 'posted' | 'failed' | 'none';
  /** What failed after the read (a purge, the build hook), one message each. */
  errors: string[];
  durationMs: number;
}

export async function runChangeCycle(options: CycleOptions): Promise<CycleReport> {
  const started = performance.now();
  const text = await options.store.load();
  const previous = text === undefined ? undefined : decodeState(text);
  const detection = await detectChanges(options.client, previous, options);
  const { state, changes } = detection;
  const reads = new CatalogReads(options.client, detectScope(options), options.signal);
  const report: CycleReport = {
    first: detection.first,
    changes,
    done: [],
    pending: [],
    counts: detection.counts,
    serviceRequests: 0,
    purgeRequests: 0,
    buildHook: 'none',
    errors: [],
    durationMs: 0,
  };

  let confirmed = changes;
  if (options.confirm !== false && changes.length > 0) {
    const now = await mapBounded(
      changes,
      options.concurrency ?? 4,
      (change) => currentDigest(reads, change.kind, change.id, detection.sections),
      undefined,
      options.signal,
    );
    confirmed = changes.filter((change, i) => now[i] === change.digest);
    report.pending = changes.filter((_, i) => now[i] !== changes[i]?.digest);
  }
  report.done = confirmed;
  if (options.purge && confirmed.length > 0) {
    try {
      report.purgeRequests = await purgeChangedPages(options.purge, recordPages(confirmed));
    } catch (error) {
      report.errors.push(error instanceof Error ? error.message : String(error));
      report.pending.push(...confirmed);
      report.done = [];
    }
  }
  if (options.buildHook && (report.done.length > 0 || state.buildHookPending)) {
    try {
      await postBuildHook(options.buildHook);
      report.buildHook = 'posted';
      state.buildHookPending = false;
    } catch (error) {
      report.errors.push(error instanceof Error ? error.message : String(error));
      report.buildHook = 'failed';
      state.buildHookPending = true;
    }
  }
  state.pending = report.pending;
  await options.store.save(encodeState(state));
  report.serviceRequests = detection.requests + reads.operations;
  report.durationMs = performance.now() - started;
  return report;
}
