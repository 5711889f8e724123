// `npm run bench`: every scenario of issue 7 in one run, side by side, then bench/report.md and
// bench/chart.svg. `--quick` is a small smoke run (a minute or two). Options:
//   --quick            small catalogs, 2 runs each
//   --runs N           runs per scenario (default 3)
//   --concurrency N    our client's concurrency and autocannon's connections (default: the
//                      siteContent() integration's default, 32)
//   --only a,b         scenarios: full, rebuild, memory, mods, extra
//   --render         only rewrite report.md and chart.svg from results.json
//   --out DIR          where report.md and chart.svg go (default bench/; --quick defaults to a temp dir)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { siteContentDefaults } from '@sitecontent/astro';
import { renderChart } from './lib/chart.mjs';
import { catalogFor, startEmulatorProcess } from './lib/emulator-process.mjs';
import { environment } from './lib/environment.mjs';
import { renderReport } from './lib/report.mjs';
import { runWorker } from './lib/run-worker.mjs';
import { statsDelta, summarize } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    concurrency: { type: 'string', default: String(siteContentDefaults.concurrency) },
    only: { type: 'string' },
    out: { type: 'string' },
    render: { type: 'boolean', default: false },
  },
});

// --render: rewrite report.md and chart.svg from an existing results.json (no measuring).
if (args.render) {
  const dir = args.out ?? fileURLToPath(new URL('.', import.meta.url));
  const saved = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  writeFileSync(join(dir, 'report.md'), renderReport(saved));
  writeFileSync(join(dir, 'chart.svg'), renderChart(saved));
  console.log(`re-rendered ${join(dir, 'report.md')} and chart.svg`);
  process.exit(0);
}

const quick = args.quick;
const runs = Number(args.runs ?? (quick ? 2 : 3));
const concurrency = Number(args.concurrency);
const only = args.only ? new Set(args.only.split(',')) : null;
const want = (s) => !only || only.has(s);
const plan = quick
  ? {
      sizes: [200, 1000],
      latencies: [0, 20],
      naiveOnceAbove: 200,
      memorySizes: [200, 1000, 2000],
      modsSize: 500,
      rebuildSize: 1000,
      extraConcurrency: 16,
    }
  : {
      sizes: [1000, 10_000],
      latencies: [0, 20],
      naiveOnceAbove: 1000,
      memorySizes: [1000, 10_000, 100_000],
      modsSize: 10_000,
      rebuildSize: 10_000,
      extraConcurrency: 16,
    };
const outDir =
  args.out ??
  (quick ? mkdtempSync(join(tmpdir(), 'sitecontent-bench-')) : fileURLToPath(new URL('.', import.meta.url)));

const workDir = mkdtempSync(join(tmpdir(), 'sitecontent-bench-work-'));
const started = Date.now();
const log = (msg) => console.log(`[bench +${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);

/** @type {{ meta: Record<string, any>; full: any[]; extra: any[]; rebuild: any; memory: any[]; mods: any[]; errors: any[] }} */
const results = {
  meta: { ...environment(), quick, runs, concurrency, plan, catalog: plan.sizes.map((n) => catalogFor(n)) },
  full: [],
  extra: [],
  rebuild: null,
  memory: [],
  mods: [],
  errors: [],
};

/** Runs one worker task and records the emulator's request counts for it. */
async function measure(emu, task) {
  const before = await emu.stats();
  const r = await runWorker({ baseUrl: emu.url, sid: emu.sid, concurrency, ...task }, emu.key);
  const after = await emu.stats();
  return { ...r, server: statsDelta(before, after) };
}

async function safely(label, fn) {
  try {
    return await fn();
  } catch (error) {
    const err = /** @type {Error} */ (error);
    log(`FAILED ${label}: ${err.message.split('\n')[0]}`);
    results.errors.push({ label, message: String(err.message).slice(0, 2000) });
    return undefined;
  }
}

async function withEmulator(size, latencyMs, fn) {
  const emu = await startEmulatorProcess({
    ...catalogFor(size),
    faults: latencyMs ? { latencyMs } : undefined,
  });
  log(`emulator ${size} products, ${latencyMs} ms latency: seeded in ${emu.seedMs} ms`);
  try {
    return await fn(emu);
  } finally {
    await emu.close();
  }
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

// Scenarios 1–3: ours, naive and the ceiling, interleaved run by run on the same emulator.
if (want('full')) {
  for (const size of plan.sizes) {
    for (const latencyMs of plan.latencies) {
      await safely(`full ${size}/${latencyMs}`, () =>
        withEmulator(size, latencyMs, async (emu) => {
          const ours = [];
          const naive = [];
          const ceiling = [];
          const naiveRuns = latencyMs > 0 && size > plan.naiveOnceAbove ? 1 : runs;
          const pathsFile = join(workDir, `paths-full-${size}-${latencyMs}.json`);
          for (let i = 0; i < runs; i++) {
            // Run 1 of ours records its request paths; the ceiling replays exactly those.
            const rec = i === 0 ? { recordFile: pathsFile } : {};
            ours.push(
              await safely(`ours ${size}/${latencyMs}`, () => measure(emu, { kind: 'ours-full', ...rec })),
            );
            log(`ours    ${size}/${latencyMs}ms run ${i + 1}: ${fmt(ours.at(-1))}`);
            ceiling.push(
              await safely(`ceiling ${size}/${latencyMs}`, () =>
                measure(emu, { kind: 'ceiling-full', pathsFile }),
              ),
            );
            log(`ceiling ${size}/${latencyMs}ms run ${i + 1}: ${fmt(ceiling.at(-1))}`);
            if (i < naiveRuns) {
              naive.push(
                await safely(`naive ${size}/${latencyMs}`, () => measure(emu, { kind: 'naive-full' })),
              );
              log(`naive   ${size}/${latencyMs}ms run ${i + 1}: ${fmt(naive.at(-1))}`);
            }
          }
          results.full.push({
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
}

// A reference point at the client's own default concurrency (16), ours and ceiling only: what the
// same code does with the bound a non-integration client gets (the 20× target needs more than 16).
if (want('extra') && plan.extraConcurrency && plan.extraConcurrency !== concurrency) {
  const size = plan.sizes.at(-1);
  const latencyMs = plan.latencies.at(-1);
  await safely('extra', () =>
    withEmulator(size, latencyMs, async (emu) => {
      const c = plan.extraConcurrency;
      const pathsFile = join(workDir, 'paths-extra.json');
      const ours = await safely('ours extra', () =>
        measure(emu, { kind: 'ours-full', concurrency: c, recordFile: pathsFile }),
      );
      log(`ours    ${size}/${latencyMs}ms @${c}: ${fmt(ours)}`);
      const ceiling = await safely('ceiling extra', () =>
        measure(emu, { kind: 'ceiling-full', concurrency: c, pathsFile }),
      );
      log(`ceiling ${size}/${latencyMs}ms @${c}: ${fmt(ceiling)}`);
      results.extra.push({
        size,
        latencyMs,
        concurrency: c,
        ours: collect([ours]),
        ceiling: collect([ceiling]),
      });
    }),
  );
}

// Scenario 4: rebuilds. Each run loads, reloads unchanged, changes 1% of products over HTTP, reloads.
if (want('rebuild')) {
  const size = plan.rebuildSize;
  await safely('rebuild', () =>
    withEmulator(size, 0, async (emu) => {
      const list = [];
      for (let i = 0; i < runs; i++) {
        const r = await safely('rebuild', () =>
          measure(emu, { kind: 'rebuild', fraction: 0.01, tag: `bench run ${i + 1}` }),
        );
        if (r)
          log(
            `rebuild ${size} run ${i + 1}: unchanged wrote ${r.unchanged.written}, ${r.changed} changed → wrote ${r.afterChange.written}`,
          );
        list.push(r);
      }
      results.rebuild = { size, latencyMs: 0, runs: list.filter(Boolean) };
    }),
  );
}

// Scenario 5: peak memory by catalog size (0 ms latency, one loader per fresh process).
if (want('memory')) {
  for (const size of plan.memorySizes) {
    await safely(`memory ${size}`, () =>
      withEmulator(size, 0, async (emu) => {
        const n = size >= 100_000 ? 1 : Math.min(runs, 2);
        const list = [];
        for (let i = 0; i < n; i++) {
          list.push(await safely(`memory ${size}`, () => measure(emu, { kind: 'ours-full' })));
          log(`memory  ${size} run ${i + 1}: ${fmt(list.at(-1))}`);
        }
        const ok = list.filter(Boolean);
        results.memory.push({
          size,
          ...collect(ok),
          baselineRss: summarize(ok.map((r) => r.memory.baselineRss)),
          entries: ok[0]?.entries,
        });
      }),
    );
  }
}

// Scenario 6: modifications fan-out, one SkuGet per product.
if (want('mods')) {
  const size = plan.modsSize;
  for (const latencyMs of plan.latencies) {
    await safely(`mods ${latencyMs}`, () =>
      withEmulator(size, latencyMs, async (emu) => {
        const ours = [];
        const ceiling = [];
        const pathsFile = join(workDir, `paths-mods-${latencyMs}.json`);
        for (let i = 0; i < runs; i++) {
          const rec = i === 0 ? { recordFile: pathsFile } : {};
          ours.push(await safely('ours mods', () => measure(emu, { kind: 'ours-mods', ...rec })));
          log(`mods    ${size}/${latencyMs}ms run ${i + 1}: ${fmt(ours.at(-1))}`);
          ceiling.push(await safely('ceiling mods', () => measure(emu, { kind: 'ceiling-mods', pathsFile })));
          log(`ceiling mods ${size}/${latencyMs}ms run ${i + 1}: ${fmt(ceiling.at(-1))}`);
        }
        results.mods.push({ size, latencyMs, ours: collect(ours), ceiling: collect(ceiling) });
      }),
    );
  }
}

rmSync(workDir, { recursive: true, force: true });
results.meta.totalMs = Date.now() - started;
writeFileSync(join(outDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(outDir, 'report.md'), renderReport(results));
writeFileSync(join(outDir, 'chart.svg'), renderChart(results));
log(`wrote ${join(outDir, 'report.md')} and chart.svg in ${((Date.now() - started) / 60000).toFixed(1)} min`);
if (results.errors.length) {
  log(`${results.errors.length} scenario(s) failed; see the report`);
  process.exitCode = 1;
}

function fmt(r) {
  if (!r) return 'failed';
  const parts = [`${(r.elapsedMs / 1000).toFixed(2)} s`];
  if (r.server?.total) parts.push(`${r.server.total} req`);
  if (r.entries != null) parts.push(`${r.entries} entries`);
  if (r.memory?.peakRss) parts.push(`rss ${(r.memory.peakRss / 1048576).toFixed(0)} MB`);
  return parts.join(', ');
}
