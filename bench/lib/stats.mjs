// Small summary helpers: every scenario reports the median and the min–max of its runs.

export function summarize(values) {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: 0 };
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return '–';
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${Math.round(ms)} ms`;
}

export function fmtRange(s, fmt = fmtMs) {
  if (s.n === 0) return '–';
  if (s.n === 1) return `${fmt(s.median)} (1 run)`;
  return `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)}, ${s.n} runs)`;
}

export function fmtMB(bytes) {
  return Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : '–';
}

/** Difference of two emulator stats snapshots: requests per operation during a run. */
export function statsDelta(before, after) {
  const ops = {};
  const b = before?.byOperation ?? {};
  for (const [op, n] of Object.entries(after?.byOperation ?? {})) {
    const count = toCount(n) - toCount(b[op]);
    if (count) ops[op] = count;
  }
  const total = Object.values(ops).reduce((a, n) => a + n, 0);
  return { total, byOperation: ops };
}

function toCount(v) {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object') return Number(v.total ?? v.count ?? v.requests ?? 0);
  return 0;
}
