// The targets of bench/report.md, each judged from the results of one run (target-judging.mjs),
// with the arithmetic of why where one is missed (target-misses.mjs).
import { ok, pairRatios, stat } from './build-facts.mjs';
import { astroOwnMs, scenarioFloors } from './report-floors.mjs';
import { readmeTargets } from './report-readme.mjs';
import { fmtMB, fmtMs, summarize } from './stats.mjs';
import { fx, judge, n, range, verdict } from './target-judging.mjs';
import { cpuFloor, floorMiss, rssMiss, timeMiss } from './target-misses.mjs';
import { NO_WORSE_RATIO } from './versus-pairs.mjs';

/**
 * What each target allows. Ratios are pair by pair; `atMost` targets are ours against a floor or a
 * baseline (lower is better), the others how many times faster ours is.
 */
export const TARGETS = {
  /** Cold build, ours ÷ floor (the hand-written build's Astro own work + the network floor). */
  coldFloor: 1.1,
  /** Cold build, the hand-written loader's whole process ÷ ours. */
  coldVsChunks: 1.2,
  /** Rebuild with nothing changed (`maxAge` + incremental build), ours ÷ the hand-written build's Astro own work. */
  unchangedAstro: 1.15,
  /** Rebuild with nothing changed (`maxAge` + incremental build), the hand-written build ÷ ours, whole (issue 58). */
  unchangedVsHandWritten: 1.8,
  /** The products loader's own time with nothing changed ÷ one `goods/Get` read and a digest compare (issue 58). */
  unchangedLoader: 1.0,
  rssRatio: 1.1,
  /** A product entry's bytes beside its section, URL and service meta ÷ the raw record's. */
  entryBytes: 1.15,
};

/** Targets of earlier rounds, retired by the lean-entries issue; their figures stay in the tables. */
export const RETIRED = [
  'the loaders alone within 2× of the autocannon ceiling (both sides are CPU-bound on the same 2 cores)',
  'round ratios against the hand-written and naive loaders for the rebuilds (Astro’s own work makes them impossible; the floors replace them)',
  'the products loader alone within 1.1× of its request floor (the autocannon replay of the same requests alone takes 1.15–1.2× that floor on these cores: issue 58 restates it against the replay and the serial `goods/Get`)',
];

/**
 * @param {any} results
 * @returns {{ name: string, measured: string, ratio: string, met: boolean | undefined, pairsAgainst?: { count: number, of: number, target: number, atMost?: boolean }, why?: string }[]}
 */
export function judgeTargets(results) {
  const rows = [];
  const rb = results.rebuilds;
  const size = rb ? n(rb.size) : '';
  const lat = rb ? `${rb.latencyMs} ms` : '';
  const plain = rb?.configs?.plain;
  const incr = rb?.configs?.incremental;
  const inFlight = results.meta?.maxConcurrency ?? 64;
  // The loader's own CPU time bounds the ratios against chunks-of-32 wherever ours asks for every page.
  const cpu = cpuFloor(results, rb);

  // Cold build against its floor.
  {
    const f = plain
      ? scenarioFloors(plain.ours?.cold, plain.chunks?.cold, rb.latencyMs, inFlight)
      : undefined;
    const j = judge(f?.ratios ?? [], TARGETS.coldFloor, true);
    rows.push({
      name: `Cold ${size}-product build at ${lat}: within ${TARGETS.coldFloor}× of the floor (the hand-written build's Astro own work + requests × ${lat} ÷ ${inFlight})`,
      measured: f
        ? `ours ${fmtMs(f.ours)}, floor ${fmtMs(f.floor)} (${fmtMs(f.astroBaseline)} + ${fmtMs(f.network)})`
        : '–',
      ratio: range(j.s),
      met: j.met,
      pairsAgainst: j.pairsAgainst,
      why: j.met === false ? floorMiss(plain.ours.cold, plain.chunks.cold, f, TARGETS.coldFloor) : undefined,
    });
  }

  // Cold build against the chunks-of-32 loader, whole process.
  {
    const r = pairRatios(plain?.chunks?.cold, plain?.ours?.cold);
    const j = judge(r.pairs, TARGETS.coldVsChunks);
    rows.push({
      name: `Cold ${size}-product build at ${lat}, whole process: ≥ ${TARGETS.coldVsChunks}× faster than the chunks-of-32 loader`,
      measured: `ours ${fmtMs(stat(plain?.ours?.cold).median)}, chunks-of-32 ${fmtMs(stat(plain?.chunks?.cold).median)}`,
      ratio: range(j.s),
      met: j.met,
      pairsAgainst: j.pairsAgainst,
      why:
        j.met === false
          ? timeMiss(plain.chunks.cold, plain.ours.cold, TARGETS.coldVsChunks, rb, 32, cpu)
          : undefined,
    });
    const cap64 = results.capacity?.rows?.find((x) => x.capacity === 64);
    if (cap64) {
      const j64 = judge(pairRatios(cap64.chunks, cap64.ours).pairs, TARGETS.coldVsChunks);
      rows.push({
        name: `The same against emulator capacity 64`,
        measured: `ours ${fmtMs(stat(cap64.ours).median)}, chunks-of-32 ${fmtMs(stat(cap64.chunks).median)}`,
        ratio: range(j64.s),
        met: j64.met,
        pairsAgainst: j64.pairsAgainst,
        why:
          j64.met === false
            ? timeMiss(cap64.chunks, cap64.ours, TARGETS.coldVsChunks, rb, 32, cpu)
            : undefined,
      });
    }
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

  // Rebuild with nothing changed, maxAge + incremental, against the hand-written build's Astro own work.
  {
    const ours = incr?.ours?.unchanged ?? [];
    const chunks = incr?.chunks?.unchanged ?? [];
    const ratios = [];
    for (let i = 0; i < Math.min(ours.length, chunks.length); i++) {
      const own = chunks[i] ? astroOwnMs(chunks[i]) : Number.NaN;
      if (ours[i] && own > 0) ratios.push(ours[i].elapsedMs / own);
    }
    const j = judge(ratios, TARGETS.unchangedAstro, true);
    const own = summarize(ok(chunks).map(astroOwnMs)).median;
    rows.push({
      name: `Rebuild with nothing changed, \`maxAge\` + incremental build: within ${TARGETS.unchangedAstro}× of the hand-written build's Astro own work (incremental build on)`,
      measured: `ours ${fmtMs(stat(ours).median)} (its loader ${fmtMs(stat(ours, (r) => r.loader?.loadMs).median)}), the hand-written build's Astro own work ${fmtMs(own)}`,
      ratio: range(j.s),
      met: j.met,
      pairsAgainst: j.pairsAgainst,
      why:
        j.met === false
          ? `${TARGETS.unchangedAstro}× allows ${fmtMs(own * TARGETS.unchangedAstro)}; ours took ${fmtMs(stat(ours).median)}: its products loader ${fmtMs(stat(ours, (r) => r.loader?.loadMs).median)}, Astro's own work ${fmtMs(summarize(ok(ours).map(astroOwnMs)).median)} (data store ${fmtMB(stat(ours, (r) => r.dataStore?.bytes).median)} against ${fmtMB(stat(chunks, (r) => r.dataStore?.bytes).median)}).`
          : undefined,
    });
  }

  // Rebuild with nothing changed, maxAge + incremental, against the hand-written build whole (issue 58).
  {
    const ours = incr?.ours?.unchanged ?? [];
    const chunks = incr?.chunks?.unchanged ?? [];
    const j = judge(pairRatios(chunks, ours).pairs, TARGETS.unchangedVsHandWritten);
    rows.push({
      name: `Rebuild with nothing changed, \`maxAge\` + incremental build: ≥ ${TARGETS.unchangedVsHandWritten}× faster than the hand-written build (\`cacheKey: entry.digest\`), whole process`,
      measured: `ours ${fmtMs(stat(ours).median)}, hand-written ${fmtMs(stat(chunks).median)}`,
      ratio: range(j.s),
      met: j.met,
      pairsAgainst: j.pairsAgainst,
      // Ours asks no page its meta here: the loaders' CPU floor (every page asked) does not bound it.
      why: j.met === false ? timeMiss(chunks, ours, TARGETS.unchangedVsHandWritten, rb) : undefined,
    });
  }

  // The loader's own time with nothing changed, against reading goods/Get once and comparing digests.
  {
    const u = results.loaders?.unchanged;
    const j = judge(
      // pairRatios(a, b) is a ÷ b per pair: here ours ÷ its floor.
      pairRatios(u?.ours?.runs, u?.floor?.runs).pairs,
      TARGETS.unchangedLoader,
      true,
    );
    rows.push({
      name: `Rebuild with nothing changed, meta cache fresh (${u ? `${n(u.size)} products at ${u.latencyMs} ms` : '–'}): the products loader's own time within ${TARGETS.unchangedLoader.toFixed(1)}× of one \`goods/Get\` read and a digest compare`,
      measured: u
        ? `ours ${fmtMs(u.ours?.time?.median)}, floor ${fmtMs(u.floor?.time?.median)}; ours kept its stored entries on unchanged answers in ${(u.ours?.runs ?? []).filter((r) => r?.kept).length} of ${(u.ours?.runs ?? []).length} runs`
        : '–',
      ratio: range(j.s),
      met: j.met,
      pairsAgainst: j.pairsAgainst,
      why:
        j.met === false
          ? `${TARGETS.unchangedLoader.toFixed(1)}× allows ${fmtMs(u.floor.time.median * TARGETS.unchangedLoader)}; ours took ${fmtMs(u.ours.time.median)} for ${n(u.ours.runs[0]?.entries)} entries: beyond the read, it digests the body and \`dir/Get\`'s, and reads the meta cache to check every answer's age; a run that did not keep its entries typed and digested every record.`
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
      why: met === false ? rssMiss(plain.ours.cold, plain.chunks.cold, 'build', TARGETS.rssRatio) : undefined,
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
        why:
          smet === false
            ? rssMiss(sync.variants.ours.cold, sync.variants.chunks.cold, 'sync', TARGETS.rssRatio)
            : undefined,
      });
    }
  }

  // A product entry's bytes against the raw record's.
  {
    const e = results.entryBytes;
    const met = e ? e.beyondRatio <= TARGETS.entryBytes : undefined;
    rows.push({
      name: `A product entry (data + \`rendered\`, JSON bytes) ≤ ${TARGETS.entryBytes}× the raw \`goods/Get\` record, beside its section, URL and service meta`,
      measured: e
        ? `ours ${n(Math.round(e.ours))} bytes, of which section, URL and meta ${n(Math.round(e.allowed))}; raw record ${n(Math.round(e.raw))} (${n(e.entries)} entries)`
        : '–',
      ratio: e ? `${fx(e.beyondRatio, 3)} (${fx(e.ratio, 3)} with them)` : '–',
      met,
      why:
        met === false
          ? `${TARGETS.entryBytes}× allows ${n(Math.round(e.raw * TARGETS.entryBytes))} bytes beside section, URL and meta; ours stores ${n(Math.round(e.ours - e.allowed))}. Its largest fields: ${e.oursFields
              .slice(0, 5)
              .map((f) => `${f.field} ${Math.round(f.bytes)}`)
              .join(', ')}.`
          : undefined,
    });
  }

  // Nothing slower elsewhere: the loaders alone and the 1 % change rebuild against the code before
  // (bench/versus.mjs, taken in with --versus).
  for (const row of results.versus?.rows ?? []) {
    const j = judge(
      row.pairs.map((pair) => pair.ratio),
      NO_WORSE_RATIO,
      true,
    );
    rows.push({
      name: `Nothing slower elsewhere: ${row.label}, now against \`${results.versus.meta.base.commit}\` (within ${NO_WORSE_RATIO}×, the noise band)`,
      measured: `now ${fmtMs(row.summary.now.median)}, before ${fmtMs(row.summary.base.median)}`,
      ratio: range(j.s),
      met: j.met,
      pairsAgainst: j.pairsAgainst,
    });
  }
  if (!results.versus) {
    rows.push({
      name: 'Nothing slower elsewhere: the loaders alone and the 1 % change rebuild against the code before (`bench/versus.mjs`)',
      measured: '–',
      ratio: '–',
      met: undefined,
    });
  }
  // Issue 48: the README's page against the hand-written one, and the products loader's floor.
  rows.push(...readmeTargets(results));
  return rows;
}

export function targetsSection(results, p) {
  const rows = judgeTargets(results);
  p('## Targets');
  p();
  p(
    'Ratios are measured side by side in this run: each pair is one build of ours and one of the baseline, back to back, with the order flipped every run; the ratio column is the median of the pairs (min–max), and the verdict goes by that median. Where some pairs fell on the other side of the target, the verdict says how many: such a verdict is within the machine’s noise, and `--runs 5` gives it more pairs. Not timed tests: the machine is shared and noisy.',
  );
  p();
  p(
    `The targets are stated against floors (what no loader can go below) where Astro's own work makes a round ratio impossible. Retired: ${RETIRED.join('; ')}.`,
  );
  if (results.versus) {
    const v = results.versus.meta;
    p();
    p(
      `The "nothing slower elsewhere" rows come from a run of their own: \`node bench/versus.mjs --base <a checkout of ${v.base.commit}> --out FILE\` (${v.pairs} pairs, ${(v.totalMs / 60_000).toFixed(1)} min, now at \`${v.now.commit}\`), taken in with \`npm run bench -- --render --versus FILE\`; each pair is in \`results.json\` under \`versus\`.`,
    );
  }
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
