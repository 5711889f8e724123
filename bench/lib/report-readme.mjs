// Issue 48's rows of bench/report.md: the README's page against the hand-written page (whole cold
// `astro build`s, alternating), and the products loader alone against its request floor.
import { ok, pairRatios, stat } from './build-facts.mjs';
import { REPLAY_TARGET } from './loader-floor.mjs';
import { fmtMB, fmtMs } from './stats.mjs';
import { fx, judge, n, range } from './target-judging.mjs';
import { timeMiss } from './target-misses.mjs';

/** What the README's page build must reach against the hand-written one. */
export const README_TARGETS = {
  /** The hand-written build's whole process ÷ ours (issue 48, "Done when"). */
  coldVsHandWritten: 1.25,
  /** Ours' peak RSS ÷ the hand-written build's. */
  rssRatio: 1.1,
};

/**
 * The target rows of these scenarios, in the shape of report-targets.mjs.
 * @param {any} results
 */
export function readmeTargets(results) {
  const rows = [];
  const rm = results.readme;
  if (rm) {
    const lat = `${rm.latencyMs} ms`;
    const time = judge(pairRatios(rm.chunks, rm.ours).pairs, README_TARGETS.coldVsHandWritten);
    rows.push({
      name: `Cold ${n(rm.size)}-product build at ${lat}, Astro defaults, the README's page (\`SeoHead\` + \`render()\`): ≥ ${README_TARGETS.coldVsHandWritten}× faster than the chunks-of-32 loader with its hand-written page`,
      measured: `ours ${fmtMs(stat(rm.ours).median)}, hand-written ${fmtMs(stat(rm.chunks).median)}`,
      ratio: range(time.s),
      met: time.met,
      pairsAgainst: time.pairsAgainst,
      why:
        time.met === false ? timeMiss(rm.chunks, rm.ours, README_TARGETS.coldVsHandWritten, rm) : undefined,
    });
    const rss = judge(pairRatios(rm.ours, rm.chunks, (r) => r.peakRss).pairs, README_TARGETS.rssRatio, true);
    rows.push({
      name: `The same builds' peak RSS: ours within ${README_TARGETS.rssRatio}× of the hand-written build's`,
      measured: `ours ${fmtMB(stat(rm.ours, (r) => r.peakRss).median)}, hand-written ${fmtMB(stat(rm.chunks, (r) => r.peakRss).median)}`,
      ratio: range(rss.s),
      met: rss.met,
      pairsAgainst: rss.pairsAgainst,
    });
  }
  for (const row of results.loaderFloor ?? []) {
    if (row.latencyMs === 0) continue;
    const j = judge(
      row.runs.map((r) => r.overReplay),
      REPLAY_TARGET,
      true,
    );
    rows.push({
      name: `The products loader alone (\`seo: true\`), ${n(row.size)} products at ${row.latencyMs} ms: within ${REPLAY_TARGET}× of the same requests replayed by autocannon plus the one serial \`goods/Get\` (fetched and parsed alone), both measured beside each run`,
      measured: `${fmtMs(row.time.median)}; replay ${fmtMs(row.ceiling?.median)} + \`goods/Get\` ${fmtMs(row.serialRead?.median)}`,
      ratio: range(j.s),
      met: j.met,
      pairsAgainst: j.pairsAgainst ? { ...j.pairsAgainst } : undefined,
      why: j.met === false ? replayMiss(row) : undefined,
    });
  }
  return rows;
}

/**
 * The tables of these scenarios.
 * @param {any} results
 * @param {(s?: string) => void} p
 */
export function readmeSection(results, p) {
  const rm = results.readme;
  if (rm) {
    p("## The README's page against a hand-written page");
    p();
    p(
      `Cold \`astro build\` of the bench site with \`BENCH_PAGE=readme\`, ${n(rm.size)} products at ${rm.latencyMs} ms, Astro's defaults, each build a process of its own into a new cache and output folder, the two alternating (ours first in odd runs). Ours: \`productsLoader({ seo: true })\` and the page packages/astro/README.md writes (\`<SeoHead entry type="product" />\`, which calls \`pageSeo()\`, and \`render(entry)\`); hand-written: the chunks-of-32 loader and its page by hand (head from \`data.seo\`, body by \`set:html\`). Medians of ${ok(rm.ours).length} runs with (min–max).`,
    );
    p();
    p('| | ours | hand-written | hand-written ÷ ours, pair by pair |');
    p('|---|---:|---:|---:|');
    const cell = (runs, pick, fmt) => {
      const s = stat(runs, pick);
      return `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})`;
    };
    const loaderMs = (r) => r.loader?.loadMs ?? Number.NaN;
    const pagesMs = (r) => r.phases?.pagesMs ?? Number.NaN;
    p(
      `| whole build | ${cell(rm.ours, undefined, fmtMs)} | ${cell(rm.chunks, undefined, fmtMs)} | ${range(pairRatios(rm.chunks, rm.ours))} |`,
    );
    p(
      `| products loader | ${cell(rm.ours, loaderMs, fmtMs)} | ${cell(rm.chunks, loaderMs, fmtMs)} | ${range(pairRatios(rm.chunks, rm.ours, loaderMs))} |`,
    );
    p(
      `| page generation | ${cell(rm.ours, pagesMs, fmtMs)} | ${cell(rm.chunks, pagesMs, fmtMs)} | ${range(pairRatios(rm.chunks, rm.ours, pagesMs))} |`,
    );
    p(
      `| peak RSS | ${cell(rm.ours, (r) => r.peakRss, fmtMB)} | ${cell(rm.chunks, (r) => r.peakRss, fmtMB)} | ${range(pairRatios(rm.chunks, rm.ours, (r) => r.peakRss))} |`,
    );
    p();
  }
  const floor = results.loaderFloor;
  if (floor?.length) {
    p('## The products loader against its request floor');
    p();
    p(
      "The products loader alone with `seo: true` (goods/Get, dir/Get, then a meta/Get per product), each run a fresh process (`bench/lib/worker.mjs`, task `ours-products`), the `siteContent()` defaults. Its floor is the requests it sent × the latency ÷ the most requests in flight it is allowed (`maxConcurrency`); at 0 ms the floor is the service's and the client's own work, so its time is given as a figure. Run alone: `npx node bench/loader-floor.mjs`.",
    );
    p();
    p(
      'Beside each run, the same requests replayed by autocannon with as many connections as the loader may have in flight, doing nothing with the answers (`bench/lib/ceiling.mjs`): what the emulator and the loopback serve on these 2 cores, the ceiling no client here can beat. A loader run not timed goes first (it records the requests, and a fresh emulator answers its first run slower than the replay after it); then each run and its replay, in alternating order.',
    );
    p();
    p(
      "And the one `goods/Get` a loader must have in hand before it can ask any page's meta, fetched and parsed alone after the replay (median of three): the part of the load no replay overlaps.",
    );
    p();
    p(
      '| catalog, latency | time | requests | floor | time ÷ floor | the same requests by autocannon | its ÷ floor | time ÷ autocannon | `goods/Get` alone | time ÷ (autocannon + `goods/Get`) | in flight p50 / peak |',
    );
    p('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of floor) {
      const first = row.runs[0];
      const ratio = row.ratio ? range({ ...row.ratio }) : '–';
      const ceiling = row.ceiling?.n
        ? `${fmtMs(row.ceiling.median)} (${fmtMs(row.ceiling.min)}–${fmtMs(row.ceiling.max)})`
        : '–';
      const ceilingOverFloor =
        row.ceiling?.n && row.latencyMs > 0 ? fx(row.ceiling.median / row.floor.median) : '–';
      const overCeiling = row.overCeiling?.n ? range({ ...row.overCeiling }) : '–';
      const serialRead = row.serialRead?.n ? fmtMs(row.serialRead.median) : '–';
      const overReplay = row.overReplay?.n ? range({ ...row.overReplay }) : '–';
      p(
        `| ${n(row.size)} products, ${row.latencyMs} ms | ${fmtMs(row.time.median)} (${fmtMs(row.time.min)}–${fmtMs(row.time.max)}) | ${n(first?.sent)} | ${fmtMs(row.floor.median)} | ${ratio} | ${ceiling} | ${ceilingOverFloor} | ${overCeiling} | ${serialRead} | ${overReplay} | ${first?.inFlight?.p50 ?? '–'} / ${first?.inFlight?.peak ?? '–'} |`,
      );
    }
    p();
    for (const row of floor) if (row.profile) profileTable(row, p);
  }
}

/**
 * The main thread of one profiled run (`--cpu-prof`, not timed: the profiler slows it), by kind of
 * work over the load's window (bench/lib/loader-profile.mjs), per request sent.
 * @param {any} row a loaderFloor row with `profile`
 * @param {(s?: string) => void} p
 */
function profileTable(row, p) {
  const prof = row.profile;
  p(
    `Where the main thread's time went in one more run, profiled (${n(row.size)} products at ${row.latencyMs} ms, not timed: the profiler slows it): self time by kind of work over the load's ${fmtMs(prof.windowMs)}, ${fmtMs(prof.busyMs)} of it busy, and per request sent (${n(prof.requests)}). The sanitizing thread's own time is not in it.`,
  );
  p();
  p('| work | time | per request |');
  p('|---|---:|---:|');
  for (const kind of prof.kinds) {
    p(
      `| ${kind.name} | ${fmtMs(kind.ms)} | ${Number.isFinite(kind.usPerRequest) ? `${kind.usPerRequest.toFixed(0)} µs` : '–'} |`,
    );
  }
  p();
}

/**
 * Why the loader is above `REPLAY_TARGET`× of the replay plus the serial read: the replay (nothing
 * done with the answers) is the most these cores serve; beyond it and the read, ours' own work on
 * the answers, on the same cores as the service.
 * @param {any} row a loaderFloor row
 */
function replayMiss(row) {
  const replay = row.ceiling?.median;
  const read = row.serialRead?.median;
  const allowed = (replay + read) * REPLAY_TARGET;
  return [
    `${REPLAY_TARGET}× of ${fmtMs(replay)} + ${fmtMs(read)} allows ${fmtMs(allowed)}; ours took ${fmtMs(row.time.median)}, ${fx(row.overReplay.median)} (pair by pair).`,
    `The replay itself takes ${fx(replay / row.floor.median)} the request floor (${n(row.runs[0]?.sent)} requests × ${row.latencyMs} ms ÷ ${row.allowed}): what the emulator and the loopback serve on these 2 cores when the client does nothing with the answers.`,
    "Ours does its work on the same cores while the service answers: each answer parsed and checked, each entry built, digested, sanitized on a worker thread and stored (a profiled run's main-thread time by kind of work, per request, is in the section on the products loader); the service's answers come about as much later as it competes for the CPU.",
  ].join(' ');
}
