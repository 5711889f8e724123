// The "floors" table of bench/report.md: for each build scenario, what no loader can go below. A
// build is Astro's own work (everything but the loader: store write, types, pages) plus the
// loader's time, and a loader cannot be faster than its requests allow: requests × latency ÷
// requests in flight. The floor of a scenario is the hand-written loader's Astro own work (the
// work its smaller store costs Astro) plus that network floor; ours is judged against their sum.
import { fmtMs, summarize } from './stats.mjs';

/** Astro's own work in one build: the whole build less the products loader's time. */
export const astroOwnMs = (build) => build.elapsedMs - (build.loader?.loadMs ?? Number.NaN);

/** The network floor of one build: its requests × the latency ÷ the most requests in flight. */
export const networkFloorMs = (build, latencyMs, inFlight) =>
  ((build.requests?.total ?? Number.NaN) * latencyMs) / inFlight;

/**
 * The floors of one scenario, pair by pair (run i of ours against run i of the hand-written
 * loader): medians of each column and of ours ÷ floor, and how many pairs are above `target`.
 */
export function scenarioFloors(ours, chunks, latencyMs, inFlight, target) {
  const rows = [];
  for (let i = 0; i < Math.min(ours?.length ?? 0, chunks?.length ?? 0); i++) {
    // A pair with a failed run is left out; the others keep their run index.
    if (!ours[i] || !chunks[i]) continue;
    const network = networkFloorMs(ours[i], latencyMs, inFlight);
    const floor = astroOwnMs(chunks[i]) + network;
    rows.push({
      astroBaseline: astroOwnMs(chunks[i]),
      astroOurs: astroOwnMs(ours[i]),
      network,
      floor,
      ours: ours[i].elapsedMs,
      ratio: ours[i].elapsedMs / floor,
    });
  }
  const median = (pick) => summarize(rows.map(pick)).median;
  return {
    pairs: rows.length,
    /** Ours ÷ floor of each pair. */
    ratios: rows.map((r) => r.ratio),
    astroBaseline: median((r) => r.astroBaseline),
    astroOurs: median((r) => r.astroOurs),
    network: median((r) => r.network),
    floor: median((r) => r.floor),
    ours: median((r) => r.ours),
    ratio: median((r) => r.ratio),
    above: target === undefined ? undefined : rows.filter((r) => r.ratio > target).length,
  };
}

/** The floors section: one row per build scenario of the rebuilds table. */
export function floorsSection(results, p) {
  const rb = results.rebuilds;
  if (!rb?.configs) return;
  const inFlight = results.meta?.maxConcurrency ?? 64;
  p('## Floors');
  p();
  p(
    `Astro's own work is a build's time less its products loader's; the network floor is ours' requests × ${rb.latencyMs} ms ÷ ${inFlight} in flight. The floor of a scenario is the hand-written loader's Astro own work plus the network floor; medians of ${rb.runs ?? '?'} pairs (run i of each), and ours ÷ floor pair by pair.`,
  );
  p();
  p(
    "| Scenario | Astro's own work, hand-written store | Astro's own work, ours | Network floor | Floor | Ours | Ours ÷ floor |",
  );
  p('|---|---:|---:|---:|---:|---:|---:|');
  for (const [config, variants] of Object.entries(rb.configs)) {
    for (const phase of ['cold', 'unchanged', 'changed']) {
      const ours = variants.ours?.[phase] ?? [];
      const chunks = variants.chunks?.[phase] ?? [];
      if (ours.length === 0 || chunks.length === 0) continue;
      const f = scenarioFloors(ours, chunks, rb.latencyMs, inFlight);
      p(
        `| ${config}, ${phase} | ${fmtMs(f.astroBaseline)} | ${fmtMs(f.astroOurs)} | ${fmtMs(f.network)} | ${fmtMs(f.floor)} | ${fmtMs(f.ours)} | ${f.ratio.toFixed(2)}× (${f.pairs} pairs) |`,
      );
    }
  }
  p();
}
