// Views that follow a Zipf distribution: rank r (1…n) is asked with a probability proportional to
// 1 / r^s, so a few products get most views and the long tail a few each, as shop traffic does.
// Deterministic: the same seed gives the same views.

/** mulberry32: a small seeded PRNG, enough for sampling. @param {number} seed */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A sampler of ranks 1…`n` with exponent `s`: the cumulative distribution once (8 bytes a rank),
 * then a binary search per draw.
 * @param {number} n @param {number} s @param {number} seed
 * @returns {() => number}
 */
export function zipfSampler(n, s, seed) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 1; r <= n; r++) {
    sum += 1 / r ** s;
    cdf[r - 1] = sum;
  }
  const random = seededRandom(seed);
  return () => {
    const u = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (/** @type {number} */ (cdf[mid]) < u) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

/** The `q`-quantile (0…1) of `values` (sorted here), or NaN when empty. @param {number[]} values @param {number} q */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
}
