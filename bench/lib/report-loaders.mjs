// The second table of bench/report.md: the loaders alone, outside `astro build` (bench/lib/worker.mjs),
// beside the naive sequential loader and the autocannon ceiling.
import { fmtMB, fmtRange } from './stats.mjs';

const find = (list, size, latencyMs) => list.find((r) => r.size === size && r.latencyMs === latencyMs);
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : Number.NaN);
const fx = (x, d = 1) => (Number.isFinite(x) ? `${x.toFixed(d)}×` : '–');

/** The loader-only scenarios: `loaders` is results.loaders of run.mjs, `meta` results.meta. */
export function loadersSection(loaders, meta, p) {
  if (!loaders) return;
  p('## Second table: the loaders alone, the naive loader and the autocannon ceiling');
  p();
  p(
    `The loaders outside \`astro build\`, each load in a fresh process (\`bench/lib/worker.mjs\`): ours are the real \`productsLoader\`, \`sectionsLoader\` and \`articlesLoader\` (all \`seo: true\`) under the \`siteContent()\` integration's shared client (limit starting at ${meta.concurrency}, adapting up to ${meta.maxConcurrency}), run at once against Astro's own \`MutableDataStore\` (\`bench/lib/loader-context.mjs\`). The naive loader (\`bench/lib/naive.mjs\`) sends one request at a time. The ceiling is autocannon replaying exactly ours' request set with ${meta.maxConcurrency} connections (ours' ceiling): what the emulator and the HTTP stack can do at all.`,
  );
  p();
  fullSection(loaders, p);
  rebuildSection(loaders, p);
  memorySection(loaders, p);
  modsSection(loaders, p);
}

function fullSection(results, p) {
  if (!results.full.length) return;
  p('### Full load: sections, products and articles with SEO meta');
  p();
  p(
    '| Products | Latency | Requests | Ours (Astro loaders) | Naive sequential | autocannon ceiling | naive ÷ ours | ours ÷ ceiling |',
  );
  p('|---:|---:|---:|---|---|---|---:|---:|');
  for (const r of results.full) {
    p(
      `| ${r.size.toLocaleString('en')} | ${r.latencyMs} ms | ${reqs(r)} | ${fmtRange(r.ours.time)} | ${fmtRange(r.naive.time)} | ${fmtRange(r.ceiling.time)} | ${fx(ratio(r.naive.time.median, r.ours.time.median))} | ${fx(ratio(r.ours.time.median, r.ceiling.time.median), 2)} |`,
    );
  }
  for (const r of results.extra) {
    p(
      `| ${r.size.toLocaleString('en')} | ${r.latencyMs} ms, concurrency ${r.concurrency} | ${reqs(r)} | ${fmtRange(r.ours.time)} | (same as above) | ${fmtRange(r.ceiling.time)} | ${fx(ratio(find(results.full, r.size, r.latencyMs)?.naive.time.median, r.ours.time.median))} | ${fx(ratio(r.ours.time.median, r.ceiling.time.median), 2)} |`,
    );
  }
  p();
  const inFlight = results.full.filter((r) => r.ours.runs[0]?.inFlight);
  if (inFlight.length)
    p(
      `Ours' requests in flight (p50 / peak of 10 ms samples, first run): ${inFlight.map((r) => `${r.size.toLocaleString('en')}/${r.latencyMs} ms → ${r.ours.runs[0].inFlight.p50} / ${r.ours.runs[0].inFlight.peak}`).join('; ')}.${results.extra.length ? ` The concurrency-${results.extra[0].concurrency} row holds the limit there (\`adaptive: false\`) and gives autocannon as many connections.` : ''}`,
    );
  for (const r of results.full.filter((x) => x.latencyMs === 0)) {
    const entries = r.ours.runs[0]?.entries;
    if (entries)
      p(
        `At ${r.size.toLocaleString('en')} products and 0 ms nothing waits on the network: ours spends ${((r.ours.time.median * 1000) / entries).toFixed(0)} µs per entry (fetching, validating, digesting and storing, with sanitizing on a worker thread, on 2 cores shared with the emulator), the ceiling ${((r.ceiling.time.median * 1000) / entries).toFixed(0)} µs per request.`,
      );
  }
  const entries = results.full.map((r) => r.ours.runs[0]?.entries).filter((x) => x != null);
  if (entries.length)
    p(
      `Entries loaded by ours per size: ${results.full.map((r) => `${r.size.toLocaleString('en')}/${r.latencyMs} ms → ${r.ours.runs[0]?.entries ?? '–'}`).join('; ')}.`,
    );
  const skipped = results.full.filter((r) => r.naive.time.n === 0);
  if (skipped.length)
    p(
      `The naive loader alone was not run at ${skipped.map((r) => `${r.size.toLocaleString('en')} products / ${r.latencyMs} ms`).join(', ')}: it takes minutes there, and the first table's naive build sends the same requests.`,
    );
  p();
  p('Requests per operation counted by the emulator during one run of ours:');
  p();
  for (const r of results.full) {
    const ops = r.ours.server?.byOperation;
    if (ops)
      p(
        `- ${r.size.toLocaleString('en')} / ${r.latencyMs} ms: ${Object.entries(ops)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
  }
  p();
}

function reqs(r) {
  const o = r.ours.requests;
  const c = r.ceiling.runs[0]?.requests;
  const n = r.naive?.runs?.[0]?.requests;
  const parts = [
    o != null ? `ours ${o.toLocaleString('en')}` : null,
    n != null && n !== o ? `naive ${n.toLocaleString('en')}` : null,
    c != null && c !== o ? `ceiling ${c.toLocaleString('en')}` : null,
  ].filter(Boolean);
  return parts.join(', ') || '–';
}

function rebuildSection(results, p) {
  const rb = results.rebuild;
  if (!rb?.runs.length) return;
  p(`### Reloads: ${rb.size.toLocaleString('en')} products, ${rb.latencyMs} ms latency`);
  p();
  p(
    'Each run, in one process and one data store: a first load, a second load with nothing changed, then 1% of products changed behind the loaders through `goods/Set` over HTTP, then a third load.',
  );
  p();
  p('| Load | Time | Entries written | Expected |');
  p('|---|---|---:|---:|');
  const t = (k) => ({
    median: med(rb.runs.map((r) => r[k].elapsedMs)),
    ...minmax(rb.runs.map((r) => r[k].elapsedMs)),
    n: rb.runs.length,
  });
  const w = (k) => rb.runs.map((r) => r[k].written).join(' / ');
  p(`| first (empty store) | ${fmtRange(t('first'))} | ${w('first')} | all (${rb.runs[0].first.entries}) |`);
  p(`| nothing changed | ${fmtRange(t('unchanged'))} | ${w('unchanged')} | 0 |`);
  p(
    `| 1% of products changed | ${fmtRange(t('afterChange'))} | ${w('afterChange')} | ${rb.runs.map((r) => r.changed).join(' / ')} |`,
  );
  p();
  const pc = rb.runs[0].afterChange.perCollection;
  if (pc)
    p(
      // Counted at the store: ours compares digests before it calls `store.set`, so an unchanged
      // record makes no call at all and "set without effect" stays 0 for it.
      `Per collection after the 1% change (run 1), counted at the store: ${Object.entries(pc)
        .map(([k, v]) => `${k} written ${v.written}, set without effect ${v.unchanged}, parsed ${v.parsed}`)
        .join('; ')}.`,
    );
  p();
}

function memoryFacts(results) {
  const rows = [...results.memory].sort((a, b) => a.size - b.size);
  let exponent;
  let span;
  const grow = rows.filter((r) => Number.isFinite(r.peakRss.median));
  if (grow.length >= 2) {
    const a = grow.at(-2);
    const b = grow.at(-1);
    const da = a.peakRss.median - a.baselineRss.median;
    const db = b.peakRss.median - b.baselineRss.median;
    if (da > 0 && db > 0) {
      exponent = Math.log(db / da) / Math.log(b.size / a.size);
      span = `${a.size.toLocaleString('en')} → ${b.size.toLocaleString('en')}`;
    }
  }
  return { rows, exponent, span };
}

function memorySection(results, p) {
  const { rows, exponent } = memoryFacts(results);
  if (!rows.length) return;
  p('### Memory: full load with meta, 0 ms latency, one fresh process per run');
  p();
  p(
    '| Products | Entries | Peak RSS | Peak heap used | RSS before load | Growth over baseline | per 1,000 products |',
  );
  p('|---:|---:|---|---|---|---|---|');
  for (const r of rows) {
    const d = r.peakRss.median - r.baselineRss.median;
    p(
      `| ${r.size.toLocaleString('en')} | ${r.entries ?? '–'} | ${fmtRange(r.peakRss, fmtMB)} | ${fmtRange(r.peakHeap, fmtMB)} | ${fmtMB(r.baselineRss.median)} | ${fmtMB(d)} | ${(d / 2 ** 20 / (r.size / 1000)).toFixed(1)} MB |`,
    );
  }
  p();
  if (exponent !== undefined)
    p(
      `Growth exponent between the two largest sizes: ${exponent.toFixed(2)} (1.00 = linear; below 1 means fixed costs still dominate).`,
    );
  p(
    "Peak RSS is the larger of a 25 ms `process.memoryUsage()` sampler and the kernel high-water mark (`process.resourceUsage().maxRSS`, what `/usr/bin/time -v` reports); the process includes Astro's content-layer modules the loaders run under.",
  );
  p();
}

function modsSection(results, p) {
  if (!results.mods.length) return;
  p('### Modifications fan-out: one `goods/SkuGet` per product');
  p();
  p(
    '| Products | Latency | Requests | Ours (modificationsLoader) | autocannon ceiling | ours ÷ ceiling | Entries |',
  );
  p('|---:|---:|---:|---|---|---:|---:|');
  for (const r of results.mods) {
    p(
      `| ${r.size.toLocaleString('en')} | ${r.latencyMs} ms | ${reqs(r)} | ${fmtRange(r.ours.time)} | ${fmtRange(r.ceiling.time)} | ${fx(ratio(r.ours.time.median, r.ceiling.time.median), 2)} | ${r.ours.runs[0]?.entries ?? '–'} |`,
    );
  }
  p();
}

function med(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
function minmax(xs) {
  return { min: Math.min(...xs), max: Math.max(...xs) };
}
