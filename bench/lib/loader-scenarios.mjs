// The scenarios of the second table of bench/report.md: the loaders alone, outside `astro build`
// (bench/lib/worker.mjs runs each in a fresh process), beside the naive sequential loader and the
// autocannon ceiling (the same request set replayed by autocannon, what the emulator and the HTTP
// stack can do at all).
import { join } from 'node:path';
import { withEmulator } from './emulator-process.mjs';
import { runWorker } from './run-worker.mjs';
import { statsDelta, summarize } from './stats.mjs';

/**
 * @typedef {{ sizes: number[], latencies: number[], naiveSkipAbove: number, memorySizes: number[],
 *   modsSize: number, rebuildSize: number, extraConcurrency: number,
 *   unchanged: { size: number, latencyMs: number } }} LoaderPlan
 * @typedef {{ runs: number, concurrency: number, connections: number, workDir: string,
 *   log: (msg: string) => void,
 *   safely: <T>(label: string, fn: () => Promise<T>) => Promise<T | undefined> }} LoaderHarness
 */

/**
 * @param {LoaderPlan} plan
 * @param {LoaderHarness} h
 */
export async function runLoaderScenarios(plan, h) {
  const { runs, concurrency, connections, workDir, log, safely } = h;
  /** @type {{ full: any[], extra: any[], rebuild: any, memory: any[], mods: any[], unchanged: any }} */
  const out = { full: [], extra: [], rebuild: null, memory: [], mods: [], unchanged: null };

  /** Runs one worker task and records the emulator's request counts for it. */
  const measure = async (emu, task) => {
    const before = await emu.stats();
    const r = await runWorker({ baseUrl: emu.url, sid: emu.sid, concurrency, connections, ...task }, emu.key);
    const after = await emu.stats();
    return { ...r, server: statsDelta(before, after) };
  };
  const emulator = (size, latencyMs, fn) => withEmulator({ size, latencyMs, log }, fn);

  // Ours, naive and the ceiling, interleaved run by run on the same emulator.
  for (const size of plan.sizes) {
    for (const latencyMs of plan.latencies) {
      await safely(`loaders ${size}/${latencyMs}`, () =>
        emulator(size, latencyMs, async (emu) => {
          const ours = [];
          const naive = [];
          const ceiling = [];
          // Above `naiveSkipAbove` at a latency the naive load takes minutes, and the first table's
          // naive build already measures the same requests.
          const naiveRuns = latencyMs > 0 && size > plan.naiveSkipAbove ? 0 : runs;
          const pathsFile = join(workDir, `paths-full-${size}-${latencyMs}.json`);
          for (let i = 0; i < runs; i++) {
            // Run 1 of ours records its request paths; the ceiling replays exactly those.
            const rec = i === 0 ? { recordFile: pathsFile } : {};
            ours.push(
              await safely(`ours ${size}/${latencyMs}`, () => measure(emu, { kind: 'ours-full', ...rec })),
            );
            log(`loaders ours    ${size}/${latencyMs}ms run ${i + 1}: ${fmt(ours.at(-1))}`);
            ceiling.push(
              await safely(`ceiling ${size}/${latencyMs}`, () =>
                measure(emu, { kind: 'ceiling-full', pathsFile }),
              ),
            );
            log(`loaders ceiling ${size}/${latencyMs}ms run ${i + 1}: ${fmt(ceiling.at(-1))}`);
            if (i < naiveRuns) {
              naive.push(
                await safely(`naive ${size}/${latencyMs}`, () => measure(emu, { kind: 'naive-full' })),
              );
              log(`loaders naive   ${size}/${latencyMs}ms run ${i + 1}: ${fmt(naive.at(-1))}`);
            }
          }
          out.full.push({
            size,
            latencyMs,
            ours: collect(ours),
            naive: collect(naive),
            ceiling: collect(ceiling),
          });
        }),
      );
    }
  }

  // A reference point at the client's own default concurrency (16), ours and ceiling only.
  if (plan.extraConcurrency && plan.extraConcurrency !== concurrency) {
    const size = /** @type {number} */ (plan.sizes.at(-1));
    const latencyMs = /** @type {number} */ (plan.latencies.at(-1));
    await safely('loaders extra', () =>
      emulator(size, latencyMs, async (emu) => {
        const c = plan.extraConcurrency;
        const pathsFile = join(workDir, 'paths-extra.json');
        // The limit held at 16 (adaptive: false), and autocannon with as many connections.
        const fixed = { concurrency: c, maxConcurrency: c, adaptive: false, connections: c };
        const ours = await safely('ours extra', () =>
          measure(emu, { kind: 'ours-full', ...fixed, recordFile: pathsFile }),
        );
        log(`loaders ours    ${size}/${latencyMs}ms @${c}: ${fmt(ours)}`);
        const ceiling = await safely('ceiling extra', () =>
          measure(emu, { kind: 'ceiling-full', ...fixed, pathsFile }),
        );
        log(`loaders ceiling ${size}/${latencyMs}ms @${c}: ${fmt(ceiling)}`);
        out.extra.push({
          size,
          latencyMs,
          concurrency: c,
          ours: collect([ours]),
          ceiling: collect([ceiling]),
        });
      }),
    );
  }

  // Rebuilds: each run loads, reloads unchanged, changes 1% of products over HTTP, reloads.
  await safely('loaders rebuild', () =>
    emulator(plan.rebuildSize, 0, async (emu) => {
      const size = plan.rebuildSize;
      const list = [];
      for (let i = 0; i < runs; i++) {
        const r = await safely('rebuild', () =>
          measure(emu, { kind: 'rebuild', fraction: 0.01, tag: `bench run ${i + 1}` }),
        );
        if (r)
          log(
            `loaders rebuild ${size} run ${i + 1}: unchanged wrote ${r.unchanged.written}, ${r.changed} changed → wrote ${r.afterChange.written}`,
          );
        list.push(r);
      }
      out.rebuild = { size, latencyMs: 0, runs: list.filter(Boolean) };
    }),
  );

  // A rebuild with nothing changed, against its floor: the products loader as the bench site's
  // incremental configuration has it (meta cache fresh) and one read of goods/Get with a digest
  // compare, pair by pair at the build's catalog and latency.
  await safely('loaders unchanged', () =>
    emulator(plan.unchanged.size, plan.unchanged.latencyMs, async (emu) => {
      const ours = [];
      const floor = [];
      for (let i = 0; i < runs; i++) {
        const order = i % 2 === 0 ? ['ours', 'floor'] : ['floor', 'ours'];
        for (const side of order) {
          const r = await safely(`unchanged ${side}`, () => measure(emu, { kind: `${side}-unchanged` }));
          (side === 'ours' ? ours : floor).push(r);
          log(
            `loaders unchanged ${side} ${plan.unchanged.size}/${plan.unchanged.latencyMs}ms run ${i + 1}: ${fmt(r)}`,
          );
        }
      }
      out.unchanged = { ...plan.unchanged, ours: collect(ours), floor: collect(floor) };
    }),
  );

  // Peak memory by catalog size (0 ms latency, one loader per fresh process).
  for (const size of plan.memorySizes) {
    await safely(`loaders memory ${size}`, () =>
      emulator(size, 0, async (emu) => {
        const n = size >= 100_000 ? 1 : Math.min(runs, 2);
        const list = [];
        for (let i = 0; i < n; i++) {
          list.push(await safely(`memory ${size}`, () => measure(emu, { kind: 'ours-full' })));
          log(`loaders memory  ${size} run ${i + 1}: ${fmt(list.at(-1))}`);
        }
        const ok = list.filter(Boolean);
        out.memory.push({
          size,
          ...collect(ok),
          baselineRss: summarize(ok.map((r) => r.memory.baselineRss)),
          entries: ok[0]?.entries,
        });
      }),
    );
  }

  // Modifications fan-out, one SkuGet per product.
  const modsSize = plan.modsSize;
  for (const latencyMs of plan.latencies) {
    await safely(`loaders mods ${latencyMs}`, () =>
      emulator(modsSize, latencyMs, async (emu) => {
        const ours = [];
        const ceiling = [];
        const pathsFile = join(workDir, `paths-mods-${latencyMs}.json`);
        for (let i = 0; i < runs; i++) {
          const rec = i === 0 ? { recordFile: pathsFile } : {};
          ours.push(await safely('ours mods', () => measure(emu, { kind: 'ours-mods', ...rec })));
          log(`loaders mods    ${modsSize}/${latencyMs}ms run ${i + 1}: ${fmt(ours.at(-1))}`);
          ceiling.push(await safely('ceiling mods', () => measure(emu, { kind: 'ceiling-mods', pathsFile })));
          log(`loaders ceiling mods ${modsSize}/${latencyMs}ms run ${i + 1}: ${fmt(ceiling.at(-1))}`);
        }
        out.mods.push({ size: modsSize, latencyMs, ours: collect(ours), ceiling: collect(ceiling) });
      }),
    );
  }
  return out;
}

function collect(list) {
  const ok = list.filter(Boolean);
  return {
    runs: ok,
    time: summarize(ok.map((r) => r.elapsedMs)),
    peakRss: summarize(ok.map((r) => r.memory?.peakRss)),
    peakHeap: summarize(ok.map((r) => r.memory?.peakHeap)),
    requests: ok[0]?.server?.total ?? ok[0]?.requests,
    server: ok[0]?.server,
  };
}

function fmt(r) {
  if (!r) return 'failed';
  const parts = [`${(r.elapsedMs / 1000).toFixed(2)} s`];
  if (r.server?.total) parts.push(`${r.server.total} req`);
  if (r.entries != null) parts.push(`${r.entries} entries`);
  if (r.inFlight?.peak) parts.push(`in flight p50 ${r.inFlight.p50} peak ${r.inFlight.peak}`);
  if (r.memory?.peakRss) parts.push(`rss ${(r.memory.peakRss / 1048576).toFixed(0)} MB`);
  return parts.join(', ');
}
