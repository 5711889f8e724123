// `npm run bench`: builds of a real Astro site (bench/site/) with our loader, the hand-written
// chunks-of-32 loader and the naive one, side by side in one run, then the loaders alone; writes
// bench/report.md, bench/results.json and bench/chart.svg (what each scenario is: bench/report.md).
//   --quick          a small catalog, one run of each scenario (a couple of minutes; the test
//                    test/bench-quick.test.ts runs it); writes into a temp folder unless --out
//   --runs N         runs of each build scenario (default 3; naive: 1)
//   --only a,b       scenarios: rebuilds, capacity, sync, loaders, entries, readme (the README's
//                    page against the hand-written page, cold builds), floor (the products loader
//                    alone against its request floor); with --only, give --out so a partial run
//                    does not replace bench/report.md
//   --versus FILE    the JSON of \`node bench/versus.mjs --out FILE\` (this code against an earlier
//                    commit, in pairs): its rows join the targets
//   --out DIR        where report.md, results.json and chart.svg go (default bench/)
//   --render         only rewrite report.md and chart.svg from DIR/results.json (with --versus,
//                    adding that comparison to it first)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// The integration's own defaults (a repository script may read the built package's internals).
import { siteContentDefaults } from '../packages/astro/dist/options/integration-options.js';
import {
  runCapacityScenarios,
  runReadmeScenarios,
  runRebuildScenarios,
  runSyncScenarios,
} from './lib/build-scenarios.mjs';
import { renderChart } from './lib/chart.mjs';
import { catalogFor } from './lib/emulator-process.mjs';
import { measureEntryBytes } from './lib/entry-bytes.mjs';
import { environment } from './lib/environment.mjs';
import { runLoaderFloor } from './lib/loader-floor.mjs';
import { runLoaderScenarios } from './lib/loader-scenarios.mjs';
import { renderReport } from './lib/report.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
    render: { type: 'boolean', default: false },
    versus: { type: 'string' },
  },
});

const benchDir = fileURLToPath(new URL('.', import.meta.url));

function writeOutputs(dir, results) {
  writeFileSync(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(dir, 'report.md'), renderReport(results));
  writeFileSync(join(dir, 'chart.svg'), renderChart(results));
}

if (args.render) {
  const dir = args.out ?? benchDir;
  const saved = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  // A comparison with earlier code, run apart from the bench, joins its results.
  if (args.versus) {
    saved.versus = JSON.parse(readFileSync(args.versus, 'utf8'));
    writeFileSync(join(dir, 'results.json'), `${JSON.stringify(saved, null, 2)}\n`);
  }
  writeFileSync(join(dir, 'report.md'), renderReport(saved));
  writeFileSync(join(dir, 'chart.svg'), renderChart(saved));
  console.log(`re-rendered ${join(dir, 'report.md')} and chart.svg`);
  process.exit(0);
}

const quick = args.quick;
const runs = Number(args.runs ?? (quick ? 1 : 3));
const only = args.only ? new Set(args.only.split(',')) : null;
const want = (/** @type {string} */ s) => !only || only.has(s);

const plan = quick
  ? {
      builds: { size: 200, latencyMs: 5, runs, naiveRuns: 1, changeFraction: 0.01 },
      capacity: { size: 200, latencyMs: 5, runs, capacities: [16] },
      readme: { size: 200, latencyMs: 5, runs },
      floor: { size: 200, latencies: [20, 0], runs },
      sync: { size: 300, runs: 1, phases: /** @type {('cold' | 'again')[]} */ (['cold']) },
      loaders: {
        sizes: [100],
        latencies: [0, 20],
        naiveSkipAbove: 100,
        memorySizes: [100],
        modsSize: 100,
        rebuildSize: 100,
        extraConcurrency: 0,
        unchanged: { size: 200, latencyMs: 5 },
      },
      entryBytes: { products: 200 },
    }
  : {
      builds: { size: 10_000, latencyMs: 20, runs, naiveRuns: 1, changeFraction: 0.01 },
      // Capacity 64 is a target's row: its pairs are as many as the other targets'.
      capacity: { size: 10_000, latencyMs: 20, runs, capacities: [16, 64] },
      // Issue 48's measurement: the README's page against the hand-written one, cold, defaults.
      readme: { size: 10_000, latencyMs: 20, runs },
      // Cheap runs (seconds each) and a target that needs its median steady: five at least.
      floor: { size: 10_000, latencies: [20, 0], runs: Math.max(runs, 5) },
      sync: { size: 100_000, runs: 1, phases: /** @type {('cold' | 'again')[]} */ (['cold', 'again']) },
      loaders: {
        sizes: [1000, 10_000],
        latencies: [0, 20],
        naiveSkipAbove: 1000,
        memorySizes: [1000, 10_000],
        modsSize: 10_000,
        rebuildSize: 10_000,
        extraConcurrency: 16,
        unchanged: { size: 10_000, latencyMs: 20 },
      },
      entryBytes: { products: 10_000 },
    };

const outDir = args.out ?? (quick ? mkdtempSync(join(tmpdir(), 'sitecontent-bench-')) : benchDir);
const workDir = mkdtempSync(join(tmpdir(), 'sitecontent-bench-work-'));
const started = Date.now();
const log = (/** @type {string} */ msg) =>
  console.log(`[bench +${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);

const results = {
  meta: {
    ...environment(),
    quick,
    runs,
    plan,
    concurrency: siteContentDefaults.concurrency,
    maxConcurrency: siteContentDefaults.maxConcurrency,
    catalogs: Object.fromEntries([plan.builds.size, plan.sync.size].map((n) => [n, catalogFor(n)])),
    totalMs: 0,
  },
  /** @type {any} */ rebuilds: null,
  /** @type {any} */ capacity: null,
  /** @type {any} */ readme: null,
  /** @type {any} */ loaderFloor: null,
  /** @type {any} */ sync: null,
  /** @type {any} */ loaders: null,
  /** @type {any} */ entryBytes: null,
  /** @type {any} */ versus: args.versus ? JSON.parse(readFileSync(args.versus, 'utf8')) : null,
  /** @type {{ label: string, message: string }[]} */ errors: [],
};

/**
 * @template T
 * @param {string} label
 * @param {() => Promise<T>} fn
 * @returns {Promise<T | undefined>}
 */
async function safely(label, fn) {
  try {
    return await fn();
  } catch (error) {
    const err = /** @type {Error} */ (error);
    log(`FAILED ${label}: ${err.message.split('\n')[0]}`);
    results.errors.push({ label, message: String(err.message).slice(0, 3000) });
    return undefined;
  }
}

const harness = { workDir, log, safely };
try {
  if (want('rebuilds'))
    results.rebuilds = (await safely('rebuilds', () => runRebuildScenarios(plan.builds, harness))) ?? null;
  if (want('capacity'))
    results.capacity = (await safely('capacity', () => runCapacityScenarios(plan.capacity, harness))) ?? null;
  if (want('readme'))
    results.readme = (await safely('readme', () => runReadmeScenarios(plan.readme, harness))) ?? null;
  if (want('floor'))
    results.loaderFloor = await runLoaderFloor(plan.floor, {
      ...harness,
      concurrency: siteContentDefaults.concurrency,
      maxConcurrency: siteContentDefaults.maxConcurrency,
    });
  if (want('sync')) results.sync = (await safely('sync', () => runSyncScenarios(plan.sync, harness))) ?? null;
  if (want('entries'))
    results.entryBytes =
      (await safely('entry bytes', () => measureEntryBytes(plan.entryBytes.products))) ?? null;
  if (want('loaders')) {
    results.loaders = await runLoaderScenarios(plan.loaders, {
      ...harness,
      runs: quick ? 1 : runs,
      concurrency: siteContentDefaults.concurrency,
      // autocannon gets as many connections as our limit may grow to.
      connections: siteContentDefaults.maxConcurrency,
    });
  }
} catch (error) {
  rmSync(workDir, { recursive: true, force: true });
  throw error;
}
results.meta.totalMs = Date.now() - started;
writeOutputs(outDir, results);
log(
  `wrote ${join(outDir, 'report.md')}, results.json and chart.svg in ${((Date.now() - started) / 60000).toFixed(1)} min`,
);
// Only after the report: a run keeps every build's folders until it ends (measure-build.mjs), and
// deleting some 5 GB of small files takes minutes on this bench's disks.
log(`removing the work folder ${workDir}`);
rmSync(workDir, { recursive: true, force: true });
if (results.errors.length) {
  log(`${results.errors.length} scenario(s) failed; see the report`);
  process.exitCode = 1;
}
