// Hand-written SVG for bench/report.md: build time per scenario (log scale: the naive build takes
// minutes, a rebuild seconds) and peak RSS of the builds and syncs.
import { PHASES, stat } from './build-facts.mjs';

/** Row labels short enough for the chart's left margin. */
const SHORT = { cold: 'cold build', unchanged: 'rebuild, nothing changed', changed: 'rebuild, 1% changed' };

const COLORS = {
  ours: '#2563eb',
  chunks: '#6b7280',
  naive: '#ea580c',
  oursChunked: '#7c3aed',
  ceiling: '#9ca3af',
};
const NAMES = {
  ours: 'ours',
  chunks: 'chunks-of-32 (hand-written)',
  naive: 'naive (hand-written)',
  oursChunked: "ours, collectionStorage 'chunked'",
  ceiling: 'autocannon ceiling',
};

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const secs = (ms) =>
  ms >= 10_000
    ? `${(ms / 1000).toFixed(0)} s`
    : ms >= 1000
      ? `${(ms / 1000).toFixed(1)} s`
      : `${Math.round(ms)} ms`;
const mb = (b) => `${(b / 2 ** 20).toFixed(0)} MB`;

/** Groups of bars: build scenarios, capacities, the large sync. */
function timeGroups(results) {
  const groups = [];
  const rb = results.rebuilds;
  if (rb) {
    for (const [phase, label] of PHASES) {
      for (const config of Object.keys(rb.configs)) {
        const c = rb.configs[config];
        const bars = [
          ['ours', stat(c.ours?.[phase]).median],
          ['chunks', stat(c.chunks?.[phase]).median],
        ];
        if (phase === 'cold' && config === 'plain' && rb.naive?.cold?.length)
          bars.push(['naive', stat(rb.naive.cold).median]);
        groups.push({
          label: `${SHORT[phase] ?? label}${config === 'plain' ? '' : ', incremental build'}`,
          bars,
        });
      }
    }
  }
  for (const row of results.capacity?.rows ?? []) {
    groups.push({
      label: `cold build, capacity ${row.capacity}`,
      bars: [
        ['ours', stat(row.ours).median],
        ['chunks', stat(row.chunks).median],
      ],
    });
  }
  const sync = results.sync;
  if (sync) {
    groups.push({
      label: `astro sync, ${sync.size.toLocaleString('en')} products`,
      bars: Object.entries(sync.variants).map(([k, v]) => [k, stat(v.cold).median]),
    });
  }
  return groups;
}

function rssRows(results) {
  const rows = [];
  const plain = results.rebuilds?.configs?.plain;
  if (plain) {
    const size = results.rebuilds.size.toLocaleString('en');
    rows.push([`build ${size}: ours`, 'ours', stat(plain.ours?.cold, (r) => r.peakRss).median]);
    rows.push([`build ${size}: chunks-of-32`, 'chunks', stat(plain.chunks?.cold, (r) => r.peakRss).median]);
  }
  const sync = results.sync;
  if (sync) {
    const size = sync.size.toLocaleString('en');
    for (const [k, v] of Object.entries(sync.variants))
      rows.push([`sync ${size}: ${NAMES[k] ?? k}`, k, stat(v.cold, (r) => r.peakRss).median]);
  }
  return rows.filter(([, , v]) => Number.isFinite(v));
}

export function renderChart(results) {
  const groups = timeGroups(results);
  const width = 900;
  const left = 300;
  const plotW = width - left - 80;
  const barH = 13;
  const gap = 2;
  const groupGap = 12;
  let y = 60;
  const parts = [];
  const values = groups.flatMap((g) => g.bars.map(([, v]) => v)).filter((v) => Number.isFinite(v) && v > 0);
  const lo = 10 ** Math.floor(Math.log10(Math.min(...values)));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...values)));
  const xOf = (ms) => left + (plotW * Math.log10(Math.max(ms, lo) / lo)) / Math.log10(hi / lo);
  parts.push(
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="600">Wall time of a whole astro build, median of runs (log scale; shorter is better)</text>`,
  );
  const used = [...new Set(groups.flatMap((g) => g.bars.map(([k]) => k)))];
  let lx = 20;
  for (const k of used) {
    parts.push(
      `<rect x="${lx}" y="34" width="12" height="12" fill="${COLORS[k]}"/><text x="${lx + 16}" y="44" font-size="12">${esc(NAMES[k] ?? k)}</text>`,
    );
    lx += 16 + 7.2 * (NAMES[k] ?? k).length + 18;
  }
  const top = y;
  const gridAt = parts.length; // grid lines go here, behind the bars
  for (const g of groups) {
    const h = g.bars.length * (barH + gap);
    parts.push(
      `<text x="${left - 8}" y="${y + h / 2 + 4}" text-anchor="end" font-size="12">${esc(g.label)}</text>`,
    );
    for (const [k, v] of g.bars) {
      if (Number.isFinite(v) && v > 0) {
        const x1 = xOf(v);
        parts.push(
          `<rect x="${left}" y="${y}" width="${Math.max(1, x1 - left).toFixed(1)}" height="${barH}" fill="${COLORS[k]}"><title>${esc(NAMES[k] ?? k)}: ${secs(v)}</title></rect>`,
        );
        parts.push(`<text x="${(x1 + 4).toFixed(1)}" y="${y + barH - 2}" font-size="11">${secs(v)}</text>`);
      } else {
        parts.push(
          `<text x="${left + 4}" y="${y + barH - 2}" font-size="11" fill="#999">${esc(NAMES[k] ?? k)}: not measured</text>`,
        );
      }
      y += barH + gap;
    }
    y += groupGap;
  }
  const grid = [];
  for (let t = lo; t <= hi; t *= 10) {
    const x = xOf(t).toFixed(1);
    grid.push(`<line x1="${x}" y1="${top - 4}" x2="${x}" y2="${y - groupGap + 2}" stroke="#ddd"/>`);
    parts.push(
      `<text x="${x}" y="${y + 6}" text-anchor="middle" font-size="11" fill="#555">${secs(t)}</text>`,
    );
  }
  parts.splice(gridAt, 0, ...grid);
  y += 34;
  const rss = rssRows(results);
  if (rss.length) {
    const maxB = Math.max(...rss.map(([, , v]) => v)) * 1.1;
    const xm = (b) => left + (plotW * b) / maxB;
    parts.push(
      `<text x="${width / 2}" y="${y}" text-anchor="middle" font-size="15" font-weight="600">Peak RSS of the whole process (cold build / cold sync)</text>`,
    );
    y += 14;
    for (const [label, k, v] of rss) {
      parts.push(
        `<text x="${left - 8}" y="${y + barH - 2}" text-anchor="end" font-size="12">${esc(label)}</text>`,
      );
      parts.push(
        `<rect x="${left}" y="${y}" width="${(xm(v) - left).toFixed(1)}" height="${barH}" fill="${COLORS[k]}"/>`,
      );
      parts.push(`<text x="${(xm(v) + 4).toFixed(1)}" y="${y + barH - 2}" font-size="11">${mb(v)}</text>`);
      y += barH + gap + 4;
    }
    y += 10;
  }
  const height = y + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" role="img" aria-labelledby="chart-title">
<title id="chart-title">Benchmark: wall time of whole Astro builds with our loader and the hand-written ones, by scenario, and peak memory</title>
<rect width="100%" height="100%" fill="#fff"/>
${parts.join('\n')}
</svg>
`;
}
