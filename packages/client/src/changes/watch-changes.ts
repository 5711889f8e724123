/**
 * The watch loop: a change cycle every interval until the signal aborts, one log line per cycle.
 * A cycle that fails (the service down, a bad state) is logged and the next one tries again; an
 * abort mid-cycle stops the reads and saves nothing.
 */

import { changeName } from './change.js';
import { type CycleOptions, type CycleReport, runChangeCycle } from './change-cycle.js';

export interface WatchOptions extends CycleOptions {
  /** Time from the start of one cycle to the start of the next, in ms. */
  intervalMs: number;
  /** Stops the loop (SIGINT, SIGTERM): the cycle under way is abandoned, nothing saved. */
  signal?: AbortSignal;
  /** Gets one line per cycle. */
  log: (line: string) => void;
  /** Operations sent to the service so far, when the caller counts them itself (retries included). */
  requestCount?: () => number;
  /** Runs after each cycle that read the catalog (a search index rebuilt); its text ends the cycle's line. */
  afterCycle?: (report: CycleReport) => Promise<string | undefined>;
}

/** The line a cycle logs: what changed, what was done, the requests, the time. */
export function cycleLine(n: number, report: CycleReport, requests: number): string {
  const time = `${(report.durationMs / 1000).toFixed(2)} s`;
  const cost = `${requests} service ${requests === 1 ? 'request' : 'requests'}, ${report.purgeRequests} purge, ${time}`;
  if (report.first) {
    const { products, sections, articles } = report.counts;
    return `cycle ${n}: first read, recorded ${products} products, ${sections} sections, ${articles} articles; ${cost}`;
  }
  const names = report.changes.slice(0, 5).map(changeName);
  if (report.changes.length > 5) names.push(`${report.changes.length - 5} more`);
  const what =
    report.changes.length === 0
      ? 'no changes'
      : `${report.changes.length} ${report.changes.length === 1 ? 'change' : 'changes'} (${names.join(', ')}), ${report.done.length} done, ${report.pending.length} pending`;
  const hook = report.buildHook === 'none' ? '' : `, build hook ${report.buildHook}`;
  const errors = report.errors.length > 0 ? `; ${report.errors.join('; ')}` : '';
  return `cycle ${n}: ${what}${hook}; ${cost}${errors}`;
}

/** Runs cycles until `signal` aborts; resolves then. */
export async function watchChanges(options: WatchOptions): Promise<void> {
  const { signal, log, intervalMs } = options;
  for (let n = 1; !signal?.aborted; n++) {
    const started = performance.now();
    const before = options.requestCount?.() ?? 0;
    try {
      const report = await runChangeCycle(options);
      const requests = options.requestCount ? options.requestCount() - before : report.serviceRequests;
      const after = await options.afterCycle?.(report);
      log(`${cycleLine(n, report, requests)}${after ? `; ${after}` : ''}`);
    } catch (error) {
      if (signal?.aborted) break;
      log(`cycle ${n}: failed, state kept: ${error instanceof Error ? error.message : String(error)}`);
    }
    await sleep(intervalMs - (performance.now() - started), signal);
  }
}

/** Waits `ms` (nothing when ≤ 0), or until `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
