// Figures derived from the build scenarios' results, shared by the report and the chart: medians of a
// variant's runs, ratios pair by pair (run i of one loader against run i of the other).
import { summarize } from './stats.mjs';

/** The runs of a build scenario that finished. */
export const ok = (/** @type {any[] | undefined} */ runs) => (runs ?? []).filter(Boolean);

/** Median and min–max of a field (default: wall time) over the runs. */
export function stat(runs, pick = (r) => r.elapsedMs) {
  return summarize(ok(runs).map(pick));
}

/**
 * `base ÷ ours` per pair of runs (same run index, measured side by side): how many times faster ours
 * was. Pairs where either failed are skipped.
 */
export function pairRatios(baseRuns, oursRuns, pick = (r) => r.elapsedMs) {
  const out = [];
  const n = Math.min(baseRuns?.length ?? 0, oursRuns?.length ?? 0);
  for (let i = 0; i < n; i++) {
    const b = baseRuns[i];
    const o = oursRuns[i];
    if (b && o && pick(o) > 0) out.push(pick(b) / pick(o));
  }
  return { ...summarize(out), pairs: out };
}

/** The scenario rows of the rebuild table, in order. */
export const PHASES = /** @type {const} */ ([
  ['cold', 'cold build (empty cache)'],
  ['unchanged', 'rebuild, nothing changed'],
  ['changed', 'rebuild, 1% of products changed'],
]);

/** What ours does in each configuration, for table labels. */
export const CONFIG_LABELS = {
  plain: { ours: '`seo: true` (exact)', chunks: 'no incremental build', config: 'defaults' },
  incremental: {
    ours: '`seo: { maxAge }` + `pageCacheKey`',
    chunks: '`cacheKey: entry.digest`',
    config: '`experimental.incrementalBuild`',
  },
};

/**
 * Milliseconds of a build that were not the products loader: Astro's own work (starting, type
 * generation, storing the data store, Vite, rendering or restoring pages). A loader that took no
 * time at all would still take this long.
 */
export function astroShareMs(run) {
  const load = run?.loader?.loadMs;
  return Number.isFinite(load) ? run.elapsedMs - load : Number.NaN;
}
