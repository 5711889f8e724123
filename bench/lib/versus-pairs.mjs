// Pairs of runs for bench/versus.mjs, base and now back to back, and what a row of them says: the
// ratio now ÷ base of every pair, its median with min–max, how many pairs were slower now, and the
// verdict. Ratios within a pair, not medians of each side apart: both runs of a pair share the
// machine's load of that moment, which on a shared 2-core machine moves more than the code does.
import { summarize } from './stats.mjs';
import { pairOrder } from './versus-sides.mjs';

/** @typedef {import('./versus-sides.mjs').Side} Side */

/**
 * A row is "no worse" when its median ratio now ÷ base is at most this: a 5 % band for the noise
 * that is left in a median of pairs on a shared machine.
 */
export const NO_WORSE_RATIO = 1.05;

/**
 * @template T
 * @typedef {{ order: Side[], base: T | undefined, now: T | undefined }} Pair
 */

/**
 * @template T
 * @typedef {{ warmUp: Record<Side, T | undefined> | null, pairs: Pair<T>[] }} Samples
 */

/**
 * One warm-up run of each side (base first, not measured), then `pairs` pairs in the order
 * pairOrder gives.
 * @template T
 * @param {{ pairs: number, runOnce: (side: Side, label: string) => Promise<T | undefined> }} opts
 * @returns {Promise<Samples<T>>}
 */
export async function runPairs({ pairs, runOnce }) {
  const warmUp = { base: await runOnce('base', 'warm-up'), now: await runOnce('now', 'warm-up') };
  return { warmUp, pairs: await runOrderedPairs(pairs, (order, label) => runInOrder(order, label, runOnce)) };
}

/**
 * `pairs` pairs, each run by `runPair` with the sides in pairOrder's order and a label `pair N`.
 * @template T
 * @param {number} pairs
 * @param {(order: Side[], label: string) => Promise<Record<Side, T | undefined>>} runPair
 * @returns {Promise<Pair<T>[]>}
 */
export async function runOrderedPairs(pairs, runPair) {
  const out = [];
  for (let i = 0; i < pairs; i++) {
    const order = pairOrder(i);
    const runs = await runPair(order, `pair ${i + 1}`);
    out.push({ order, base: runs.base, now: runs.now });
  }
  return out;
}

/**
 * @template T
 * @param {Side[]} order
 * @param {string} label
 * @param {(side: Side, label: string) => Promise<T | undefined>} runOnce
 */
async function runInOrder(order, label, runOnce) {
  /** @type {Record<Side, T | undefined>} */
  const runs = { base: undefined, now: undefined };
  for (const side of order) runs[side] = await runOnce(side, label);
  return runs;
}

/**
 * One row of the comparison: the number `pick` reads from each run of each pair, the pair's ratio
 * now ÷ base (NaN where a run failed), the summary and the verdict.
 * @template T
 * @param {{ id: string, label: string }} row
 * @param {Pair<T>[]} pairs
 * @param {(run: T) => number} pick
 */
export function rowOf(row, pairs, pick) {
  const timed = pairs.map((p) => {
    const base = p.base === undefined ? Number.NaN : pick(p.base);
    const now = p.now === undefined ? Number.NaN : pick(p.now);
    return { order: p.order, base, now, ratio: now / base };
  });
  const summary = summarizePairs(timed);
  return { ...row, pairs: timed, summary, verdict: verdictOf(summary) };
}

/**
 * The pairs where both sides were measured: their ratio's median and min–max, how many were slower
 * now (ratio above 1), and each side's median.
 * @param {{ base: number, now: number }[]} pairs
 */
export function summarizePairs(pairs) {
  const complete = pairs.filter((p) => p.base > 0 && Number.isFinite(p.base) && Number.isFinite(p.now));
  const ratios = complete.map((p) => p.now / p.base);
  return {
    pairs: complete.length,
    ratio: summarize(ratios),
    slowerNow: ratios.filter((r) => r > 1).length,
    base: summarize(complete.map((p) => p.base)),
    now: summarize(complete.map((p) => p.now)),
  };
}

/**
 * @param {ReturnType<typeof summarizePairs>} summary
 * @returns {'no worse' | 'slower' | 'not measured'}
 */
export function verdictOf(summary) {
  if (summary.pairs === 0) return 'not measured';
  return summary.ratio.median <= NO_WORSE_RATIO ? 'no worse' : 'slower';
}
