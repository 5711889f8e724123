// `npm run bench:on-demand`: a catalog of 1,000,000 products served on demand behind Varnish.
// The emulator (its own process) is seeded with the catalog; the bench site (product pages only,
// bench/lib/on-demand-site.mjs) runs on @astrojs/node with surrogateKeyCache() behind Varnish with
// xkey (docs/cdn/varnish.vcl); a bounded number of connections on 127.0.0.1 then view products
// chosen by a Zipf distribution. Writes bench/on-demand-report.md and bench/on-demand-results.json.
//   --products N     catalog size (default 1000000)
//   --views N        product views (default 30000)
//   --connections N  views in flight at once (default 16)
//   --zipf S         the distribution's exponent (default 1.0)
//   --quick          2,000 products, 600 views, into a temp folder unless --out (what a test runs)
//   --out DIR        where the report and results go (default bench/)
//   --latency MS     the service round trip of the miss-floor phase (default 25)
//   --misses N       product views of each miss-floor measurement (default 200)
// The miss-floor phase: a second server of the same build, behind a proxy that holds each answer of
// the emulator for MS (0, then MS), views products it never rendered one at a time; a miss that
// sends its lookups together costs one round trip more than the same miss at 0 ms, not two.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { catalogFor, startEmulatorProcess } from './lib/emulator-process.mjs';
import { environment } from './lib/environment.mjs';
import { startLatencyProxy } from './lib/latency-proxy.mjs';
import { renderOnDemandReport } from './lib/on-demand-report.mjs';
import { buildOnDemandSite, serveOnDemandSite } from './lib/on-demand-site.mjs';
import { reservePort, startVarnish } from './lib/varnish.mjs';
import { quantile, zipfSampler } from './lib/zipf.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    views: { type: 'string' },
    connections: { type: 'string', default: '16' },
    zipf: { type: 'string', default: '1.0' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    latency: { type: 'string', default: '25' },
    misses: { type: 'string' },
  },
});
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const products = Number(args.products ?? (args.quick ? 2_000 : 1_000_000));
const views = Number(args.views ?? (args.quick ? 600 : 30_000));
const connections = Number(args.connections);
const zipf = Number(args.zipf);
const latencyMs = Number(args.latency);
const missViews = Number(args.misses ?? (args.quick ? 40 : 200));
const outDir = args.out ?? (args.quick ? mkdtempSync(join(tmpdir(), 'bench-on-demand-out-')) : benchDir);
const log = (/** @type {string} */ line) => console.log(`[on-demand] ${line}`);

/**
 * Views `views` products through `url`, `connections` at a time; each view's time by Varnish's
 * answer (X-Cache: HIT or MISS) and the statuses.
 * @param {string} url @param {() => number} pick
 */
async function drive(url, pick) {
  const times = { HIT: /** @type {number[]} */ ([]), MISS: /** @type {number[]} */ ([]) };
  /** @type {Record<string, number>} */
  const statuses = {};
  let started = 0;
  const worker = async () => {
    while (started < views) {
      started++;
      if (started % 5000 === 0) log(`${started.toLocaleString('en')} views started`);
      const id = pick();
      const t0 = performance.now();
      const response = await fetch(`${url}/p/${id}`);
      await response.arrayBuffer();
      const ms = performance.now() - t0;
      times[response.headers.get('x-cache') === 'HIT' ? 'HIT' : 'MISS'].push(ms);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return { times, statuses, elapsedMs: performance.now() - t0 };
}

const t0 = performance.now();
// A thousand products a section (catalogFor gives a hundred): the emulator's dir/Get reads its
// whole section table for each answer, which at 10,000 sections would make the emulator, not the
// site, what this run measures.
const catalog = { ...catalogFor(products), sections: Math.max(10, Math.round(products / 1000)) };
log(`seeding the emulator with ${products.toLocaleString('en')} products…`);
const emu = await startEmulatorProcess(catalog);
log(`seeded in ${(emu.seedMs / 1000).toFixed(1)} s`);
const varnishPort = await reservePort();
const site = await buildOnDemandSite(`http://127.0.0.1:${varnishPort.port}/`);
const server = await serveOnDemandSite(site.root, {
  SITECONTENT_BASE_URL: emu.url,
  SITECONTENT_API_KEY: emu.key,
  SITECONTENT_SID: String(emu.sid),
});
const storageMB = 256;
const varnish = await startVarnish(varnishPort, server.port, { storageMB });
try {
  await emu.resetStats();
  log(`${views.toLocaleString('en')} views, ${connections} at a time, Zipf s = ${zipf}…`);
  const run = await drive(varnish.url, zipfSampler(products, zipf, 7));
  const stats = await emu.stats();
  log(`miss floor: ${missViews} fresh products at 0 ms, then at ${latencyMs} ms of service latency…`);
  const missFloor = await measureMissFloor(site.root, emu);
  const results = {
    meta: { ...environment(), totalMs: Math.round(performance.now() - t0) },
    setup: { catalog, views, connections, zipf, varnishStorageMB: storageMB, seedMs: emu.seedMs },
    run: {
      elapsedMs: Math.round(run.elapsedMs),
      statuses: run.statuses,
      hits: run.times.HIT.length,
      misses: run.times.MISS.length,
      hitMs: { p50: quantile(run.times.HIT, 0.5), p99: quantile(run.times.HIT, 0.99) },
      missMs: { p50: quantile(run.times.MISS, 0.5), p99: quantile(run.times.MISS, 0.99) },
      serviceRequests: { total: stats.total, byOperation: stats.byOperation },
      serverPeakRssBytes: server.peakRssBytes(),
    },
    missFloor,
    staticAt100k: staticFigures(),
    sitemaps: sitemapFigures(),
  };
  writeFileSync(join(outDir, 'on-demand-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, 'on-demand-report.md'), renderOnDemandReport(results));
  log(`wrote ${join(outDir, 'on-demand-report.md')}`);
} finally {
  await varnish.close();
  await server.close();
  site.remove();
  await emu.close();
}

/**
 * A miss's view time against its floor: a server of its own behind a latency proxy, its sections
 * warmed first (at 0 ms), then `missViews` products it never rendered, one at a time, at 0 ms and at
 * `latencyMs`. The floor is the service's round trip plus the same miss at 0 ms (the render and the
 * server's own work); the ratio says how many round trips a miss really waits for.
 * @param {string} root @param {{ url: string, key: string, sid: number }} service
 */
async function measureMissFloor(root, service) {
  const proxy = await startLatencyProxy(service.url);
  const served = await serveOnDemandSite(root, {
    SITECONTENT_BASE_URL: proxy.url,
    SITECONTENT_API_KEY: service.key,
    SITECONTENT_SID: String(service.sid),
  });
  // Fresh ids for every view: from the catalog's tail, never viewed by the Zipf run's head.
  let next = products;
  const fresh = () => next--;
  /** @param {number} count */
  const viewFresh = async (count) => {
    const times = [];
    let ok = 0;
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const response = await fetch(`${served.url}/p/${fresh()}`);
      await response.arrayBuffer();
      // A product page's miss; a hidden product's 404 renders no page and is left out of the times.
      if (response.status !== 200) continue;
      times.push(performance.now() - t0);
      ok++;
    }
    return { times, ok };
  };
  try {
    // Warm the server (JIT, the site's domain) and its sections at 0 ms.
    await viewFresh(Math.min(catalog.sections * 3, args.quick ? 60 : 3_000));
    const atZero = await viewFresh(missViews);
    proxy.state.delayMs = latencyMs;
    const asked = proxy.state.requests;
    const atLatency = await viewFresh(missViews);
    const renderMs = quantile(atZero.times, 0.5);
    const missMs = quantile(atLatency.times, 0.5);
    return {
      latencyMs,
      views: missViews,
      renderMsP50: renderMs,
      missMsP50: missMs,
      missMsP99: quantile(atLatency.times, 0.99),
      floorMs: latencyMs + renderMs,
      ratio: missMs / (latencyMs + renderMs),
      requestsPerMiss: (proxy.state.requests - asked) / missViews,
      found: atLatency.ok,
    };
  } finally {
    await served.close();
    await proxy.close();
  }
}

/** The 100,000-product `astro sync` of the last full `npm run bench` (bench/results.json). */
function staticFigures() {
  try {
    const saved = JSON.parse(readFileSync(join(benchDir, 'results.json'), 'utf8'));
    const cold = saved.sync?.variants?.ours?.cold?.[0];
    if (!cold) return undefined;
    return {
      date: saved.meta?.date,
      products: saved.sync.size,
      records: cold.loader?.records,
      elapsedMs: cold.elapsedMs,
      peakRssBytes: cold.peakRss,
      requests: cold.requests?.total,
      dataStoreBytes: cold.dataStore?.bytes,
    };
  } catch {
    return undefined;
  }
}

/** The product sitemaps of the same catalog, as `npm run bench:sitemaps` last measured them. */
function sitemapFigures() {
  try {
    const saved = JSON.parse(readFileSync(join(benchDir, 'sitemaps-results.json'), 'utf8'));
    return {
      date: saved.meta?.date,
      products: saved.setup?.catalog?.products,
      elapsedMs: saved.run?.elapsedMs,
      requests: saved.run?.serviceRequests?.total,
      peakRssBytes: saved.run?.server?.peakRssBytes,
      urls: saved.run?.files?.urls,
      files: saved.run?.index?.files,
    };
  } catch {
    return undefined;
  }
}
