// The arithmetic of why a target of bench/report.md was missed: what no loader can remove (Astro's own
// work, the loader's own CPU time, the network floor), so a miss says whether ours could meet it at all.
import { astroShareMs, ok, stat } from './build-facts.mjs';
import { fmtMB, fmtMs, summarize } from './stats.mjs';
import { fx, n } from './target-judging.mjs';

/**
 * Why ours is above its floor: the floor is the hand-written build's Astro own work plus the network
 * floor; ours is its loader plus Astro's own work on its store.
 */
export function floorMiss(oursRuns, chunksRuns, f, k) {
  const load = summarize(ok(oursRuns).map((r) => r.loader?.loadMs)).median;
  return `${k}× allows ${fmtMs(f.floor * k)}; ours took ${fmtMs(f.ours)}: its products loader ${fmtMs(load)} against the network floor of ${fmtMs(f.network)}, and Astro's own work ${fmtMs(f.astroOurs)} against ${fmtMs(f.astroBaseline)} in the hand-written build (data store ${fmtMB(stat(oursRuns, (r) => r.dataStore?.bytes).median)} against ${fmtMB(stat(chunksRuns, (r) => r.dataStore?.bytes).median)}).`;
}

/**
 * The loaders alone at 0 ms for the build's catalog size: nothing waits on the network, so their time
 * is their own CPU work (on the same 2 cores as the emulator), which no concurrency hides.
 */
export function cpuFloor(results, rb) {
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
export function timeMiss(baseRuns, oursRuns, k, rb, baseConcurrency = 32, cpu) {
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

/**
 * Why ours' peak RSS is above `k`× the baseline's: the data store each keeps, and what a byte of it
 * costs in RSS.
 */
export function rssMiss(oursRuns, baseRuns, what, k) {
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
  return `${k}× allows ${fmtMB(b * k)}; ours' ${what} peaked ${fmtMB(o - b * k)} above that. Ours stores more per entry: its data store is ${fmtMB(so)} against ${fmtMB(sb)}${perEntry}: the typed record (dates as \`Date\`s) with its section reference, URL and the service's meta (the entry-bytes row gives its fields).${perByte}`;
}
