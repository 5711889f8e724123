// The targets of bench/report.md, each judged from the results of one run, with the arithmetic of
// why where one is missed.
import { astroShareMs, ok, pairRatios, stat } from './build-facts.mjs';
import { fmtMB, fmtMs, summarize } from './stats.mjs';

export const TARGETS = {
  coldVsChunks: 1.3,
  coldVsNaive: 12,
  unchangedIncremental: 5,
  unchangedExact: 1.5,
  rssRatio: 1.1,
  ceilingRatio: 2,
};

const fx = (x, d = 2) => (Number.isFinite(x) ? `${x.toFixed(d)}×` : '–');
const range = (s, d = 2) =>
  s.n > 1
    ? `${fx(s.median, d)} (${fx(s.min, d)}–${fx(s.max, d)}, ${s.n} pairs)`
    : `${fx(s.median, d)}${s.n ? ' (1 pair)' : ''}`;
/**
 * The verdict goes by the median of the pairs; where some pairs fell on the other side of the target,
 * it says how many, so a verdict within the machine's noise reads as such.
 */
const verdict = (row) => {
  if (row.met === undefined) return 'not measured';
  const word = row.met ? '**met**' : '**missed**';
  const against = row.pairsAgainst;
  if (!against?.count) return word;
  return `${word} on the median; ${against.count} of ${against.of} pairs ${row.met ? 'below' : 'reached'} ${against.target}×`;
};
/** Pairs whose ratio is on the other side of `target` from the median's verdict. */
const pairsAgainst = (r, target, met) =>
  met === undefined
    ? undefined
    : { count: r.pairs.filter((x) => x >= target !== met).length, of: r.pairs.length, target };
const n = (x) => (Number.isFinite(x) ? x.toLocaleString('en') : '–');

/**
 * @param {any} results
 * @returns {{ name: string, measured: string, ratio: string, met: boolean | undefined, pairsAgainst?: { count: number, of: number, target: number }, why?: string }[]}
 */
export function judgeTargets(results) {
  const rows = [];
  const rb = results.rebuilds;
  const size = rb ? n(rb.size) : '';
  const lat = rb ? `${rb.latencyMs} ms` : '';
  const plain = rb?.configs?.plain;
  const incr = rb?.configs?.incremental;
  // The loader's own CPU time bounds the ratios against chunks-of-32 wherever ours asks for every
  // page: the cold builds and the exact default's rebuild.
  const cpu = cpuFloor(results, rb);

  // Cold build against the chunks-of-32 loader.
  {
    const r = pairRatios(plain?.chunks?.cold, plain?.ours?.cold);
    const ours = stat(plain?.ours?.cold);
    const chunks = stat(plain?.chunks?.cold);
    const met = r.n ? r.median >= TARGETS.coldVsChunks : undefined;
    rows.push({
      name: `Cold ${size}-product build at ${lat}, unlimited capacity: ≥ ${TARGETS.coldVsChunks}× faster than the chunks-of-32 loader`,
      measured: `ours ${fmtMs(ours.median)}, chunks-of-32 ${fmtMs(chunks.median)}`,
      ratio: range(r),
      met,
      pairsAgainst: pairsAgainst(r, TARGETS.coldVsChunks, met),
      why:
        met === false
          ? timeMiss(plain.chunks.cold, plain.ours.cold, TARGETS.coldVsChunks, rb, 32, cpu)
          : undefined,
    });
    const cap64 = results.capacity?.rows?.find((x) => x.capacity === 64);
    if (cap64) {
      const r64 = pairRatios(cap64.chunks, cap64.ours);
      const met64 = r64.n ? r64.median >= TARGETS.coldVsChunks : undefined;
      rows.push({
        name: `The same against emulator capacity 64`,
        measured: `ours ${fmtMs(stat(cap64.ours).median)}, chunks-of-32 ${fmtMs(stat(cap64.chunks).median)}`,
        ratio: range(r64),
        met: met64,
        pairsAgainst: pairsAgainst(r64, TARGETS.coldVsChunks, met64),
        why:
          met64 === false ? timeMiss(cap64.chunks, cap64.ours, TARGETS.coldVsChunks, rb, 32, cpu) : undefined,
      });
    }
  }

  // Cold build against the naive loader (one naive run: it takes minutes).
  {
    const naive = stat(rb?.naive?.cold);
    const ours = stat(plain?.ours?.cold);
    const x = naive.median / ours.median;
    const met = naive.n && ours.n ? x >= TARGETS.coldVsNaive : undefined;
    rows.push({
      name: `Cold ${size}-product build at ${lat}: ≥ ${TARGETS.coldVsNaive}× faster than the naive loader`,
      measured: `ours ${fmtMs(ours.median)} (median), naive ${fmtMs(naive.median)} (${naive.n} run)`,
      ratio: fx(x, 1),
      met,
      why: met === false ? timeMiss(rb.naive.cold, plain.ours.cold, TARGETS.coldVsNaive, rb, 1) : undefined,
    });
  }

  // Rebuild with nothing changed: no page rendered (incremental build with cache keys).
  {
    const runs = ok(incr?.ours?.unchanged);
    const rendered = runs.map((r) => r.rendered);
    const met = runs.length ? rendered.every((x) => x === 0) : undefined;
    rows.push({
      name: 'Rebuild with nothing changed (`maxAge` + incremental build): 0 pages rendered',
      measured: `rendered per run: ${rendered.join(', ') || '–'}; reused ${runs.map((r) => r.reused).join(', ') || '–'}`,
      ratio: '–',
      met,
    });
  }

  // Rebuild with nothing changed, maxAge + incremental, against the chunks-of-32 loader.
  {
    const r = pairRatios(incr?.chunks?.unchanged, incr?.ours?.unchanged);
    const rPlain = pairRatios(plain?.chunks?.unchanged, incr?.ours?.unchanged);
    const met = r.n ? r.median >= TARGETS.unchangedIncremental : undefined;
    rows.push({
      name: `Rebuild with nothing changed, ours with \`maxAge\` and the incremental build: ≥ ${TARGETS.unchangedIncremental}× faster than the chunks-of-32 loader's rebuild (with the incremental build too)`,
      measured: `ours ${fmtMs(stat(incr?.ours?.unchanged).median)}, chunks-of-32 ${fmtMs(stat(incr?.chunks?.unchanged).median)} with incremental build, ${fmtMs(stat(plain?.chunks?.unchanged).median)} without`,
      ratio: `${range(r)}; against the chunks-of-32 loader without incremental build ${range(rPlain)}`,
      met,
      pairsAgainst: pairsAgainst(r, TARGETS.unchangedIncremental, met),
      why:
        met === false
          ? timeMiss(incr.chunks.unchanged, incr.ours.unchanged, TARGETS.unchangedIncremental, rb)
          : undefined,
    });
  }

  // Rebuild with nothing changed, both exact (no meta reuse, no incremental build).
  {
    const r = pairRatios(plain?.chunks?.unchanged, plain?.ours?.unchanged);
    const met = r.n ? r.median >= TARGETS.unchangedExact : undefined;
    rows.push({
      name: `Rebuild with nothing changed, exact default (\`seo: true\`, no incremental build): ≥ ${TARGETS.unchangedExact}× faster than the chunks-of-32 loader's`,
      measured: `ours ${fmtMs(stat(plain?.ours?.unchanged).median)}, chunks-of-32 ${fmtMs(stat(plain?.chunks?.unchanged).median)}`,
      ratio: range(r),
      met,
      pairsAgainst: pairsAgainst(r, TARGETS.unchangedExact, met),
      why:
        met === false
          ? timeMiss(plain.chunks.unchanged, plain.ours.unchanged, TARGETS.unchangedExact, rb, 32, cpu)
          : undefined,
    });
  }

  // Peak RSS at 10,000 (cold builds) and at 100,000 (sync).
  {
    const o = stat(plain?.ours?.cold, (r) => r.peakRss);
    const c = stat(plain?.chunks?.cold, (r) => r.peakRss);
    const x = o.median / c.median;
    const met = o.n && c.n ? x <= TARGETS.rssRatio : undefined;
    rows.push({
      name: `Peak RSS of the cold ${size}-product build ≤ ${TARGETS.rssRatio}× the chunks-of-32 loader's`,
      measured: `ours ${fmtMB(o.median)}, chunks-of-32 ${fmtMB(c.median)}`,
      ratio: fx(x),
      met,
      why: met === false ? rssMiss(plain.ours.cold, plain.chunks.cold, 'build') : undefined,
    });
    const sync = results.sync;
    if (sync) {
      const so = stat(sync.variants.ours.cold, (r) => r.peakRss);
      const sc = stat(sync.variants.chunks.cold, (r) => r.peakRss);
      const sx = so.median / sc.median;
      const smet = so.n && sc.n ? sx <= TARGETS.rssRatio : undefined;
      rows.push({
        name: `Peak RSS of a ${n(sync.size)}-product \`astro sync\` ≤ ${TARGETS.rssRatio}× the chunks-of-32 loader's`,
        measured: `ours ${fmtMB(so.median)}, chunks-of-32 ${fmtMB(sc.median)}`,
        ratio: fx(sx),
        met: smet,
        why: smet === false ? rssMiss(sync.variants.ours.cold, sync.variants.chunks.cold, 'sync') : undefined,
      });
    }
  }

  // Loaders alone at 0 ms against the autocannon ceiling.
  {
    const full = results.loaders?.full ?? [];
    const biggest = Math.max(...full.map((r) => r.size));
    const row = full.find((r) => r.size === biggest && r.latencyMs === 0);
    if (row) {
      const x = row.ours.time.median / row.ceiling.time.median;
      const met = Number.isFinite(x) ? x <= TARGETS.ceilingRatio : undefined;
      const entries = row.ours.runs[0]?.entries ?? 0;
      rows.push({
        name: `Loaders alone at 0 ms (${n(biggest)} products): within ${TARGETS.ceilingRatio}× of the autocannon ceiling`,
        measured: `ours ${fmtMs(row.ours.time.median)}, ceiling ${fmtMs(row.ceiling.time.median)}`,
        ratio: fx(x),
        met,
        why:
          met === false
            ? `Within ${TARGETS.ceilingRatio}× means ours in ${fmtMs(TARGETS.ceilingRatio * row.ceiling.time.median)}, i.e. ${((TARGETS.ceilingRatio * row.ceiling.time.median * 1000) / Math.max(1, entries)).toFixed(0)} µs per entry for its ${n(entries)} entries; it spends ${((row.ours.time.median * 1000) / Math.max(1, entries)).toFixed(0)} µs per entry. At 0 ms nothing waits on the network: both sides are CPU on 2 shared cores. The ceiling is the emulator's own cost, ${((row.ceiling.time.median * 1000) / Math.max(1, row.ceiling.runs[0]?.requests ?? entries)).toFixed(0)} µs per request with autocannon's lean client; ours adds its client's and loaders' work per request (validating, digesting, storing on the main thread, and sanitizing on a worker thread) in a process that competes with the emulator for the same 2 cores${row.ours.runs[0]?.inFlight ? `, with ${row.ours.runs[0].inFlight.p50} requests in flight at the median (its adaptive limit reads the CPU's queue as the service's)` : ''}.`
            : undefined,
      });
    } else {
      rows.push({
        name: 'Loaders alone at 0 ms within 2× of the autocannon ceiling',
        measured: '–',
        ratio: '–',
        met: undefined,
      });
    }
  }
  return rows;
}

/**
 * The loaders alone at 0 ms for the build's catalog size: nothing waits on the network, so their time
 * is their own CPU work (on the same 2 cores as the emulator), which no concurrency hides.
 */
function cpuFloor(results, rb) {
  const row = (results.loaders?.full ?? []).find((r) => r.size === rb?.size && r.latencyMs === 0);
  const ms = row?.ours?.time?.median;
  return Number.isFinite(ms) ? { ms, requests: row.ours.runs[0]?.server?.total } : undefined;
}

/**
 * Why a "≥ k× faster" target was missed: Astro's own share of ours' build, which no loader can
 * remove, bounds the ratio; the loader's own CPU time (`cpu`, when measured); and the request floor of
 * each loader.
 * @param {any} baseRuns
 * @param {any} oursRuns
 * @param {number} k
 * @param {any} rb
 * @param {number} [baseConcurrency]
 * @param {{ ms: number, requests?: number }} [cpu]
 */
function timeMiss(baseRuns, oursRuns, k, rb, baseConcurrency = 32, cpu) {
  const base = stat(baseRuns).median;
  const ours = stat(oursRuns).median;
  const astro = summarize(ok(oursRuns).map(astroShareMs)).median;
  const load = summarize(ok(oursRuns).map((r) => r.loader?.loadMs)).median;
  const baseLoad = summarize(ok(baseRuns).map((r) => r.loader?.loadMs)).median;
  const parts = [
    `${k}× needs ours ≤ ${fmtMs(base)} ÷ ${k} = ${fmtMs(base / k)}; it took ${fmtMs(ours)}: the products loader ${fmtMs(load)}, Astro's own work the other ${fmtMs(astro)}.`,
  ];
  if (Number.isFinite(astro) && astro > 0) {
    parts.push(
      `Even a loader that took no time at all would leave ${fmtMs(astro)}, so the best possible ratio here is ${fmtMs(base)} ÷ ${fmtMs(astro)} = ${fx(base / astro)}.`,
    );
  }
  if (cpu && Number.isFinite(astro) && astro > 0) {
    parts.push(
      `Nor can the loader take less than its own CPU work: the loaders alone at 0 ms, where nothing waits on the network, took ${fmtMs(cpu.ms)} for this catalog (sections, products and articles${cpu.requests ? `, ${n(cpu.requests)} requests` : ''}). With that, the best ratio is ${fmtMs(base)} ÷ (${fmtMs(astro)} + ${fmtMs(cpu.ms)}) = ${fx(base / (astro + cpu.ms))}.`,
    );
  }
  const baseAstro = summarize(ok(baseRuns).map(astroShareMs)).median;
  if (Number.isFinite(baseAstro) && Number.isFinite(astro) && astro - baseAstro > 500) {
    parts.push(
      `Astro's own work was ${fmtMs(astro - baseAstro)} longer in ours' build than in the baseline's (${fmtMs(baseAstro)}): the same pages, from a larger data store (${fmtMB(stat(oursRuns, (r) => r.dataStore?.bytes).median)} against ${fmtMB(stat(baseRuns, (r) => r.dataStore?.bytes).median)}).`,
    );
  }
  const reqs = ok(baseRuns)[0]?.requests?.byOperation?.['meta/Get'];
  if (rb?.latencyMs && reqs) {
    parts.push(
      `The baseline's loader took ${fmtMs(baseLoad)} against a floor of ${n(reqs)} meta/Get × ${rb.latencyMs} ms${baseConcurrency > 1 ? ` ÷ ${baseConcurrency}` : ''} = ${fmtMs((reqs * rb.latencyMs) / baseConcurrency)}; ours' loader against ${fmtMs((reqs * rb.latencyMs) / 64)} at 64 in flight, if it asks for every page.`,
    );
  }
  return parts.join(' ');
}

function rssMiss(oursRuns, baseRuns, what) {
  const o = stat(oursRuns, (r) => r.peakRss).median;
  const b = stat(baseRuns, (r) => r.peakRss).median;
  const so = stat(oursRuns, (r) => r.dataStore?.bytes).median;
  const sb = stat(baseRuns, (r) => r.dataStore?.bytes).median;
  const entries = ok(oursRuns)[0]?.loader?.records ?? 0;
  const perEntry = entries
    ? ` (${n(Math.round(so / entries))} against ${n(Math.round(sb / entries))} bytes per entry)`
    : '';
  const perByte =
    so > sb
      ? ` The peak RSS differs by ${fmtMB(o - b)} for ${fmtMB(so - sb)} more store: about ${((o - b) / (so - sb)).toFixed(0)} bytes of RSS per byte of store: Astro keeps the entries as objects and serializes the whole store${what === 'build' ? ', and the build bundles it as the data module the pages import' : ". A sync peaks while Astro writes the store: devalue serializes it in one piece, and holds an index entry and a string for every object and string in it at once. That ratio is not what a smaller entry would save: leaving the image `urls` out of ours' entries (16.7 MB less store at 100,000 products) lowered the sync's peak by about 90 MB in three side-by-side pairs (2026-11-23), about 5 bytes per byte of store. The rest is not held by the loader: sampled every 250 ms (one sync each, 2026-11-24), ours' RSS was lower than the baseline's until the write started (922 against 1,142 MB), and while Astro serialized the store its heap grew by 734 MB against the baseline's 409 MB (highest samples). Building the entries while the answers still arrive, rather than in one pass after the fetch, left the peak where it was: 1,855 and 1,916 MB against 1,886 and 1,910 MB in two side-by-side pairs (2026-11-24)"}.`
      : '';
  return `${TARGETS.rssRatio}× allows ${fmtMB(b * TARGETS.rssRatio)}; ours' ${what} peaked ${fmtMB(o - b * TARGETS.rssRatio)} above that. Ours stores more per entry: its data store is ${fmtMB(so)} against ${fmtMB(sb)}${perEntry} — the typed record with absolute image URLs, the section reference, \`seo\` with its sources, \`rendered.html\` beside \`txt\`, and \`extra\`.${perByte}`;
}

export function targetsSection(results, p) {
  const rows = judgeTargets(results);
  p('## Targets');
  p();
  p(
    'Ratios are measured side by side in this run: each pair is one build of ours and one of the baseline, back to back, with the order flipped every run; the ratio column is the median of the pairs (min–max), and the verdict goes by that median. Where some pairs fell on the other side of the target, the verdict says how many: such a verdict is within the machine’s noise, and `--runs 5` gives it more pairs. Not timed tests: the machine is shared and noisy.',
  );
  p();
  p('| Target | Measured (medians) | Ratio | Verdict |');
  p('|---|---|---|---|');
  for (const r of rows) p(`| ${r.name} | ${r.measured} | ${r.ratio} | ${verdict(r)} |`);
  p();
  const missed = rows.filter((r) => r.met === false && r.why);
  if (missed.length) {
    p('### Where a target is missed, and why');
    p();
    for (const r of missed) p(`- **${r.name}.** ${r.why}`);
    p();
  }
  return rows;
}
