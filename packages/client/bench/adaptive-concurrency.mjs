// The adaptive concurrency limit against services of limited capacity, side by side with a fixed limit
// (run after a build: `npm run bench -w packages/client`).
//
// For each capacity (the emulator's `capacity`: requests served at once, the rest queue FIFO), at
// 20 ms per request, the same load of `meta/Get` calls (one per page, all issued at once, as a build
// does) runs twice: with a fixed limit of 16 (`adaptive: false`, the client's behaviour before the
// limit followed latency) and with the adaptive limit (start 16, ceiling 64: the defaults). The
// emulator runs in its own process. Prints a Markdown table: wall time, the floor no client can beat,
// where the limit settled (median and range over the second half of the answers), latency, the
// client's CPU per request (a client short of CPU adds latency that reads as a queue), and the
// service's peaks.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { createClient } from '../dist/index.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
const CAPACITIES = (process.env.BENCH_CAPACITIES ?? '16,64,unlimited').split(',');
const MODES = [
  { name: 'fixed 16', options: { concurrency: 16, adaptive: false }, atOnce: 16 },
  { name: 'adaptive (16 → ≤ 64)', options: {}, atOnce: 64 },
];

async function startService(capacity) {
  const options = { seed: 'none', faults: { latencyMs: LATENCY_MS } };
  if (capacity !== 'unlimited') options.capacity = Number(capacity);
  const child = fork(fileURLToPath(new URL('./emulator-process.mjs', import.meta.url)), [
    JSON.stringify(options),
  ]);
  const [service] = await once(child, 'message');
  return {
    ...service,
    async stats() {
      child.send('stats');
      const [{ stats }] = await once(child, 'message');
      return stats;
    },
    async close() {
      child.send('close');
      await once(child, 'exit');
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function run(capacity, mode) {
  const service = await startService(capacity);
  const events = [];
  const client = createClient({
    baseUrl: service.url,
    apiKey: service.key,
    sid: service.sid,
    siteOrigin: 'https://shop.example',
    ...mode.options,
    onRequest: (e) => events.push(e),
  });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: REQUESTS }, (_, i) => client.meta.get('goods', i + 1)));
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const stats = await service.stats();
  await client.close();
  await service.close();
  const late = events.slice(Math.floor(events.length / 2));
  const limits = late.map((e) => e.concurrencyLimit);
  // No client can beat requests × latency ÷ requests served at once (the capacity, the fixed limit,
  // or the ceiling of 64).
  const atOnce = Math.min(
    capacity === 'unlimited' ? Number.POSITIVE_INFINITY : Number(capacity),
    mode.atOnce,
  );
  return {
    capacity,
    mode: mode.name,
    wallMs,
    floorMs: (REQUESTS * LATENCY_MS) / atOnce,
    clientCpuMs: (cpu.user + cpu.system) / 1000 / REQUESTS,
    limit: `${median(limits)} (${Math.min(...limits)}–${Math.max(...limits)})`,
    peakLimit: Math.max(...events.map((e) => e.concurrencyLimit)),
    p50: median(late.map((e) => e.durationMs)),
    peakInService: stats.load.peakInService,
    peakWaiting: stats.load.peakWaiting,
    non200: REQUESTS - (stats.byStatus[200] ?? 0),
  };
}

const loadAtStart = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ');
const rows = [];
for (const capacity of CAPACITIES) {
  for (const mode of MODES) {
    const row = await run(capacity, mode);
    rows.push(row);
    process.stderr.write(`capacity ${capacity}, ${mode.name}: ${Math.round(row.wallMs)} ms\n`);
  }
}

const cpus = os.cpus();
console.log(
  `${REQUESTS.toLocaleString('en')} meta/Get calls at ${LATENCY_MS} ms per request; Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim()}, load average at start ${loadAtStart}\n`,
);
console.log(
  '| Capacity | Limit | Wall time | Floor | Limit, 2nd half: median (range) | Peak limit | p50 latency, 2nd half | Client CPU per request | Service: peak in service / waiting | Non-200 |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.capacity} | ${r.mode} | ${(r.wallMs / 1000).toFixed(2)} s | ${(r.floorMs / 1000).toFixed(2)} s | ${r.limit} | ${r.peakLimit} | ${r.p50.toFixed(1)} ms | ${r.clientCpuMs.toFixed(2)} ms | ${r.peakInService} / ${r.peakWaiting} | ${r.non200} |`,
  );
}
