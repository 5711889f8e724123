// The bench's machine is shared and noisy: a target is judged by the median of side-by-side pairs,
// never by one run, and its verdict counts the pairs that disagree.
import { summarize } from './stats.mjs';

/** A ratio as `1.23×`; `–` where there is none. */
export const fx = (x, d = 2) => (Number.isFinite(x) ? `${x.toFixed(d)}×` : '–');
/** A ratio's median, with its min–max and how many pairs it comes from. */
export const range = (s, d = 2) =>
  s.n > 1
    ? `${fx(s.median, d)} (${fx(s.min, d)}–${fx(s.max, d)}, ${s.n} pairs)`
    : `${fx(s.median, d)}${s.n ? ' (1 pair)' : ''}`;
/**
 * The verdict goes by the median of the pairs; where some pairs fell on the other side of the target,
 * it says how many, so a verdict within the machine's noise reads as such.
 */
export const verdict = (row) => {
  if (row.met === undefined) return 'not measured';
  const word = row.met ? '**met**' : '**missed**';
  const against = row.pairsAgainst;
  if (!against?.count) return word;
  const side = against.atMost ? (row.met ? 'above' : 'within') : row.met ? 'below' : 'reached';
  return `${word} on the median; ${against.count} of ${against.of} pairs ${side} ${against.target}×`;
};

/**
 * Judges pair ratios against `target`: met by the median (at most the target when `atMost`, else at
 * least), with the pairs on the other side counted.
 * @param {number[]} measured
 * @param {number} target
 * @param {boolean} [atMost]
 */
export function judge(measured, target, atMost = false) {
  // A pair with a failed run has no ratio; it counts on neither side.
  const ratios = measured.filter(Number.isFinite);
  const s = summarize(ratios);
  const within = (x) => (atMost ? x <= target : x >= target);
  const met = s.n ? within(s.median) : undefined;
  const pairsAgainst =
    met === undefined
      ? undefined
      : { count: ratios.filter((x) => within(x) !== met).length, of: ratios.length, target, atMost };
  return { s, met, pairsAgainst };
}

/** A count as `12,345`; `–` where there is none. */
export const n = (x) => (Number.isFinite(x) ? x.toLocaleString('en') : '–');
