// The products loader alone against its request floor (bench/lib/loader-floor.mjs), without the rest
// of the benchmark: `npx node bench/loader-floor.mjs [--size 10000] [--runs 5] [--latencies 20,0]`.
// Prints each run (and the same requests replayed by autocannon after it) and the medians; the same
// rows `npm run bench` puts in bench/report.md, and where one more run's main thread spent its time (profiled).
import { parseArgs } from 'node:util';
import { siteContentDefaults } from '../packages/astro/dist/options/integration-options.js';
import { runLoaderFloor } from './lib/loader-floor.mjs';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    latencies: { type: 'string', default: '20,0' },
  },
});
const started = Date.now();
const log = (/** @type {string} */ msg) =>
  console.error(`[loader-floor +${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);
let failed = false;
const rows = await runLoaderFloor(
  {
    size: Number(args.size),
    runs: Number(args.runs),
    latencies: String(args.latencies).split(',').map(Number),
  },
  {
    concurrency: siteContentDefaults.concurrency,
    maxConcurrency: siteContentDefaults.maxConcurrency,
    log,
    safely: async (label, fn) => {
      try {
        return await fn();
      } catch (error) {
        failed = true;
        log(`FAILED ${label}: ${String(error).split('\n')[0]}`);
        return undefined;
      }
    },
  },
);
for (const row of rows) {
  const ratio = row.ratio ? `, ${row.ratio.median.toFixed(2)}× its floor` : '';
  const ceiling = row.ceiling.n
    ? `; the same requests by autocannon ${row.ceiling.median.toFixed(0)} ms, ours ${row.overCeiling.median.toFixed(2)}× that; with goods/Get alone (${row.serialRead.median.toFixed(0)} ms) ${row.overReplay.median.toFixed(2)}×`
    : '';
  console.log(
    `${row.size} products, ${row.latencyMs} ms: median ${row.time.median.toFixed(0)} ms, floor ${row.floor.median.toFixed(0)} ms${ratio}${ceiling} (${row.runs.length} runs)`,
  );
}
for (const row of rows) {
  if (!row.profile) continue;
  const { windowMs, busyMs, requests, kinds } = row.profile;
  console.log(`profiled run: ${windowMs.toFixed(0)} ms, ${busyMs.toFixed(0)} ms busy, ${requests} requests`);
  for (const kind of kinds)
    console.log(`  ${kind.name}: ${kind.ms.toFixed(0)} ms, ${kind.usPerRequest.toFixed(0)} µs a request`);
}
if (failed) process.exitCode = 1;
