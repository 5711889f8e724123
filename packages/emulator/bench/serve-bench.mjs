// Benchmark of the emulator over HTTP with autocannon (run after a build: `npm run bench -w packages/emulator`).
//   1. goods/Get of a 10,000-product synthetic catalog (the whole list per request);
//   2. a burst of 10,000 meta/Get calls, one per product page, at 16 and 64 connections.
// Prints a Markdown table: req/s and latency percentiles (ms).
import os from 'node:os';
import autocannon from 'autocannon';
import { startEmulator } from '../dist/index.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const BURST = Number(process.env.BENCH_BURST ?? 10_000);
const KEY = 'bench-key';

const emu = await startEmulator({
  keys: { [KEY]: [1] },
  seed: { synthetic: { products: PRODUCTS, sections: 50, articles: 100, modsPerProduct: 2, seed: 1 } },
});

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...options, url: `${emu.url}${options.path ?? '/'}` }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

const rows = [];
function record(name, result) {
  if (result.non2xx || result.errors || result['2xx'] !== result.requests.total)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const { latency } = result;
  rows.push({
    name,
    requests: result.requests.total,
    connections: result.connections,
    rps: Math.round(result.requests.total / ((result.finish - result.start) / 1000)),
    seconds: ((result.finish - result.start) / 1000).toFixed(2),
    p50: latency.p50,
    p90: latency.p90,
    p99: latency.p99,
    max: latency.max,
    bytes: Math.round(result.throughput.total / result.requests.total),
  });
}

// Warm-up (JIT, SQLite page cache).
await run({ path: `/v1/goods/Get?sid=1&key=${KEY}`, amount: 20, connections: 2 });

record(
  `goods/Get, ${PRODUCTS.toLocaleString('en')} products`,
  await run({ path: `/v1/goods/Get?sid=1&key=${KEY}`, connections: 4, duration: 10 }),
);

for (const connections of [16, 64]) {
  let n = 0;
  record(
    `meta/Get burst of ${BURST.toLocaleString('en')}`,
    await run({
      connections,
      amount: BURST,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: `/v1/meta/Get?sid=1&md=goods&id=${(n++ % PRODUCTS) + 1}&key=${KEY}`,
          }),
        },
      ],
    }),
  );
}

const served = emu.stats.byStatus[200];
await emu.close();

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`Node ${process.version}, ${os.cpus().length} × ${cpu}, ${os.platform()} ${os.arch()}\n`);
console.log(
  '| Scenario | Connections | Requests | Seconds | req/s | p50 ms | p90 ms | p99 ms | max ms | Bytes/response |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.connections} | ${r.requests} | ${r.seconds} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${r.bytes.toLocaleString('en')} |`,
  );
}
console.log(`\nThe emulator counted ${served} responses with status 200.`);
