// Hand-written SVG: load time per scenario (log scale, since the naive baseline is minutes and ours
// seconds) and peak RSS per catalog size against the 500 MB limit.
const COLORS = { ours: '#2563eb', ceiling: '#6b7280', naive: '#ea580c', rss: '#16a34a', limit: '#dc2626' };

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const secs = (ms) =>
  ms >= 10_000
    ? `${(ms / 1000).toFixed(0)} s`
    : ms >= 1000
      ? `${(ms / 1000).toFixed(1)} s`
      : `${Math.round(ms)} ms`;

export function renderChart(results) {
  const groups = [];
  for (const r of results.full) {
    groups.push({
      label: `${r.size.toLocaleString('en')} products, ${r.latencyMs} ms`,
      bars: [
        ['ours', r.ours.time.median],
        ['ceiling', r.ceiling.time.median],
        ['naive', r.naive.time.median],
      ],
    });
  }
  for (const r of results.extra) {
    groups.push({
      label: `${r.size.toLocaleString('en')}, ${r.latencyMs} ms, concurrency ${r.concurrency}`,
      bars: [
        ['ours', r.ours.time.median],
        ['ceiling', r.ceiling.time.median],
      ],
    });
  }
  for (const r of results.mods) {
    groups.push({
      label: `modifications ${r.size.toLocaleString('en')}, ${r.latencyMs} ms`,
      bars: [
        ['ours', r.ours.time.median],
        ['ceiling', r.ceiling.time.median],
      ],
    });
  }
  const width = 880;
  const left = 250;
  const plotW = width - left - 90;
  const barH = 14;
  const gap = 3;
  const groupGap = 14;
  let y = 56;
  const parts = [];
  const values = groups.flatMap((g) => g.bars.map(([, v]) => v)).filter((v) => Number.isFinite(v) && v > 0);
  const lo = Math.max(10, 10 ** Math.floor(Math.log10(Math.min(...values, 1000))));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...values, 1000)));
  const xOf = (ms) => left + (plotW * Math.log10(Math.max(ms, lo) / lo)) / Math.log10(hi / lo);
  parts.push(
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="600">Load time, median of runs (log scale; shorter is better)</text>`,
  );
  // legend
  let lx = left;
  for (const [k, name] of [
    ['ours', 'ours (Astro loaders)'],
    ['ceiling', 'autocannon ceiling'],
    ['naive', 'naive sequential'],
  ]) {
    parts.push(
      `<rect x="${lx}" y="32" width="12" height="12" fill="${COLORS[k]}"/><text x="${lx + 16}" y="42" font-size="12">${esc(name)}</text>`,
    );
    lx += 170;
  }
  const top = y;
  const gridAt = parts.length; // grid lines are inserted here, so they sit behind the bars
  for (const g of groups) {
    const h = g.bars.length * (barH + gap);
    parts.push(
      `<text x="${left - 8}" y="${y + h / 2 + 4}" text-anchor="end" font-size="12">${esc(g.label)}</text>`,
    );
    for (const [k, v] of g.bars) {
      if (Number.isFinite(v) && v > 0) {
        const x1 = xOf(v);
        parts.push(
          `<rect x="${left}" y="${y}" width="${Math.max(1, x1 - left).toFixed(1)}" height="${barH}" fill="${COLORS[k]}"><title>${k}: ${secs(v)}</title></rect>`,
        );
        parts.push(`<text x="${(x1 + 4).toFixed(1)}" y="${y + barH - 3}" font-size="11">${secs(v)}</text>`);
      } else {
        parts.push(
          `<text x="${left + 4}" y="${y + barH - 3}" font-size="11" fill="#999">${k}: not measured</text>`,
        );
      }
      y += barH + gap;
    }
    y += groupGap;
  }
  // axis ticks
  const grid = [];
  for (let t = lo; t <= hi; t *= 10) {
    const x = xOf(t).toFixed(1);
    grid.push(`<line x1="${x}" y1="${top - 4}" x2="${x}" y2="${y - groupGap + 2}" stroke="#ddd"/>`);
    parts.push(
      `<text x="${x}" y="${y + 6}" text-anchor="middle" font-size="11" fill="#555">${secs(t)}</text>`,
    );
  }
  parts.splice(gridAt, 0, ...grid);
  y += 30;
  // memory panel
  const mem = [...results.memory]
    .sort((a, b) => a.size - b.size)
    .filter((r) => Number.isFinite(r.peakRss.median));
  if (mem.length) {
    const limit = 500 * 2 ** 20;
    const maxB = Math.max(limit * 1.1, ...mem.map((r) => r.peakRss.median));
    const xm = (b) => left + (plotW * b) / maxB;
    parts.push(
      `<text x="${width / 2}" y="${y}" text-anchor="middle" font-size="15" font-weight="600">Peak RSS of a full load with meta (limit 500 MB at 10,000 products)</text>`,
    );
    y += 16;
    const mtop = y;
    for (const r of mem) {
      const mb = r.peakRss.median / 2 ** 20;
      parts.push(
        `<text x="${left - 8}" y="${y + barH - 3}" text-anchor="end" font-size="12">${r.size.toLocaleString('en')} products</text>`,
      );
      parts.push(
        `<rect x="${left}" y="${y}" width="${(xm(r.peakRss.median) - left).toFixed(1)}" height="${barH}" fill="${COLORS.rss}"/>`,
      );
      parts.push(
        `<text x="${(xm(r.peakRss.median) + 4).toFixed(1)}" y="${y + barH - 3}" font-size="11">${mb.toFixed(0)} MB</text>`,
      );
      y += barH + gap + 4;
    }
    const lxm = xm(limit).toFixed(1);
    parts.push(
      `<line x1="${lxm}" y1="${mtop - 4}" x2="${lxm}" y2="${y}" stroke="${COLORS.limit}" stroke-dasharray="4 3"/>`,
    );
    parts.push(
      `<text x="${lxm}" y="${y + 12}" text-anchor="middle" font-size="11" fill="${COLORS.limit}">500 MB</text>`,
    );
    y += 24;
  }
  const height = y + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" role="img" aria-labelledby="chart-title">
<title id="chart-title">Benchmark: load time per scenario for our Astro loaders, the naive baseline and the autocannon ceiling, and peak memory per catalog size</title>
<rect width="100%" height="100%" fill="#fff"/>
${parts.join('\n')}
</svg>
`;
}
