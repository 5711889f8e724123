// `npm run bench:on-demand-images`: the first view of an on-demand product page with photos, a share
// image and search images (the bench site's /pictured/<id>, pageImages' onRequest mode) while the
// image host takes connections and never answers, against one request to the service. The emulator
// (its own process) behind a proxy that holds each answer for MS; a server of the bench site
// (bench/lib/on-demand-site.mjs) whose photos are on the silent host; products it never rendered,
// one at a time, alternately at 0 ms and at MS, so both sides see the same machine. The floor is
// MS (the service's round trip) plus the same miss at 0 ms; the ratio says what else a view waits for.
// Writes bench/on-demand-images-report.md and bench/on-demand-images-results.json.
//   --products N  catalog size (default 20000)
//   --misses N    views of each side (default 200)
//   --latency MS  the service's round trip (default 25)
//   --quick       2,000 products, 40 views a side, into a temp folder unless --out (what a test runs)
//   --out DIR     where the report and results go (default bench/)
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { catalogFor, startEmulatorProcess } from './lib/emulator-process.mjs';
import { environment } from './lib/environment.mjs';
import { startLatencyProxy } from './lib/latency-proxy.mjs';
import { buildOnDemandSite, serveOnDemandSite } from './lib/on-demand-site.mjs';
import { startSilentHost } from './lib/silent-host.mjs';
import { fmtMs } from './lib/stats.mjs';
import { quantile } from './lib/zipf.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    misses: { type: 'string' },
    latency: { type: 'string', default: '25' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const products = Number(args.products ?? (args.quick ? 2_000 : 20_000));
const misses = Number(args.misses ?? (args.quick ? 40 : 200));
const latencyMs = Number(args.latency);
const outDir =
  args.out ?? (args.quick ? mkdtempSync(join(tmpdir(), 'bench-on-demand-images-out-')) : benchDir);
const log = (/** @type {string} */ line) => console.log(`[on-demand-images] ${line}`);
const ms = (/** @type {number} */ v) => (v < 10 ? `${v.toFixed(1)} ms` : fmtMs(v));

const t0 = performance.now();
const catalog = { ...catalogFor(products), sections: Math.max(10, Math.round(products / 1000)) };
log(`seeding the emulator with ${products.toLocaleString('en')} products…`);
const emu = await startEmulatorProcess(catalog);
const site = await buildOnDemandSite('http://127.0.0.1:9/');
const proxy = await startLatencyProxy(emu.url);
const host = await startSilentHost();
const server = await serveOnDemandSite(site.root, {
  SITECONTENT_BASE_URL: proxy.url,
  SITECONTENT_API_KEY: emu.key,
  SITECONTENT_SID: String(emu.sid),
  BENCH_IMAGE_HOST: host.url,
});
try {
  let next = products;
  /** Views a product this server never rendered; its time if it is a page (a hidden one is a 404). */
  const viewFresh = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/pictured/${next--}`, { signal: AbortSignal.timeout(30_000) });
    const body = await response.text();
    if (response.status !== 200) return undefined;
    if (!body.includes('/_image?href='))
      throw new Error(`the page names no /_image URL:\n${body.slice(0, 600)}`);
    return performance.now() - started;
  };
  // Warm the server (JIT, the site's domain) and its sections at 0 ms.
  for (let i = 0; i < Math.min(catalog.sections * 3, args.quick ? 60 : 600); i++) await viewFresh();
  const asked = host.state.requests.length;
  log(
    `${misses} fresh products at 0 ms and ${misses} at ${latencyMs} ms, alternately, the image host silent…`,
  );
  /** @type {number[]} */ const atZero = [];
  /** @type {number[]} */ const atLatency = [];
  /** @type {number[]} */ const serviceOnly = [];
  while (atZero.length < misses || atLatency.length < misses) {
    proxy.state.delayMs = 0;
    const zero = await viewFresh();
    if (zero !== undefined && atZero.length < misses) atZero.push(zero);
    proxy.state.delayMs = latencyMs;
    const slow = await viewFresh();
    if (slow !== undefined && atLatency.length < misses) atLatency.push(slow);
    // One request to the service at the same latency, for the floor's first term as measured.
    const started = performance.now();
    await (await fetch(`${proxy.url}/v1/goods/Get?key=${emu.key}&sid=${emu.sid}&id=${next}`)).arrayBuffer();
    serviceOnly.push(performance.now() - started);
  }
  const renderMs = quantile(atZero, 0.5);
  const missMs = quantile(atLatency, 0.5);
  const requestMs = quantile(serviceOnly, 0.5);
  const results = {
    meta: { ...environment(), totalMs: Math.round(performance.now() - t0) },
    setup: { catalog, misses, latencyMs },
    imageHostDown: {
      renderMsP50: renderMs,
      missMsP50: missMs,
      missMsP99: quantile(atLatency, 0.99),
      serviceRequestMsP50: requestMs,
      // The service's round trip as the proxy holds it (the measured request adds the bench's own
      // fetch on top: a floor of it would flatter the ratio).
      floorMs: latencyMs + renderMs,
      ratio: missMs / (latencyMs + renderMs),
      imageHostRequests: host.state.requests.length - asked,
    },
  };
  const r = results.imageHostDown;
  const report = `# The first view of an on-demand page, the image host down

Generated by \`npm run bench:on-demand-images\` (bench/on-demand-images.mjs) on ${results.meta.date?.slice(0, 10) ?? 'this machine'}.

| Measure | Value |
| --- | --- |
| Catalog | ${products.toLocaleString('en')} products, ${catalog.sections} sections |
| Page | \`/pictured/<id>\`: every photo (WebP, \`srcset\`), the share image and the search images by \`pageImages({ onRequest: true })\` |
| Image host | takes connections, never answers |
| A miss at ${latencyMs} ms of service latency: median against one request to the service | ${ms(r.missMsP50)} against ${ms(r.floorMs)} (${latencyMs} ms + ${ms(r.renderMsP50)} for the same miss at 0 ms): **${r.ratio.toFixed(2)}×**; p99 ${ms(r.missMsP99)} |
| One \`goods/Get\` through the same proxy, as measured: median | ${ms(r.serviceRequestMsP50)} |
| Requests that reached the image host while the pages rendered | ${r.imageHostRequests} |

${misses} products never viewed at each latency, one at a time, alternately at 0 ms and at ${latencyMs} ms
(after the server's sections were warmed at 0 ms), each followed by one \`goods/Get\` through the same
proxy. A page that read its photos while rendering would wait on the silent host until the fetch
gave up; this one names them by \`/_image\`, which reads them when a browser asks.
`;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'on-demand-images-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, 'on-demand-images-report.md'), report);
  log(
    `miss ${ms(r.missMsP50)} against ${ms(r.floorMs)}: ${r.ratio.toFixed(2)}×; ${r.imageHostRequests} image host requests`,
  );
  log(`wrote ${join(outDir, 'on-demand-images-report.md')}`);
} finally {
  await server.close();
  await host.close();
  await proxy.close();
  site.remove();
  await emu.close();
}
