// `npm run bench:sitemaps`: the product sitemaps of a catalog of 1,000,000 products served on demand.
// The emulator (its own process) is seeded with the catalog of bench/on-demand.mjs; the bench site
// (bench/lib/on-demand-site.mjs: @astrojs/node with surrogateKeyCache(), so nothing is kept in the
// server and every file is made from the service) answers the siteContent() integration's product
// sitemaps. A crawler's read: the index cold (no file made yet), then every file it lists, a few at
// a time, then the index again (each section's files and <lastmod> as the server learned them), and
// any file it lists that was not read yet. Writes bench/sitemaps-report.md and
// bench/sitemaps-results.json.
//   --products N     catalog size (default 1000000)
//   --connections N  files read at once (default 2)
//   --quick          2,000 products, into a temp folder unless --out (what a test runs)
//   --out DIR        where the report and results go (default bench/)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { servedCatalogFor } from './lib/emulator-process.mjs';
import { environment } from './lib/environment.mjs';
import { processRss, seededOnDemandSite } from './lib/on-demand-site.mjs';
import { renderSitemapsReport } from './lib/sitemaps-report.mjs';
import { quantile } from './lib/zipf.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    connections: { type: 'string', default: '2' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const products = Number(args.products ?? (args.quick ? 2_000 : 1_000_000));
const connections = Number(args.connections);
const outDir = args.out ?? (args.quick ? mkdtempSync(join(tmpdir(), 'bench-sitemaps-out-')) : benchDir);
const log = (/** @type {string} */ line) => console.log(`[sitemaps] ${line}`);

/** The `<loc>` values of a sitemap or an index. @param {string} xml */
const locs = (xml) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
/** The number of `<lastmod>` values. @param {string} xml */
const lastmods = (xml) => xml.match(/<lastmod>/g)?.length ?? 0;

/** @param {string} url */
async function read(url) {
  const t0 = performance.now();
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return { text, bytes: Buffer.byteLength(text), ms: performance.now() - t0 };
}

const t0 = performance.now();
const catalog = servedCatalogFor(products);
// No purge is sent: the provider's purge URL is never asked.
const { emu, server, close } = await seededOnDemandSite(catalog, log);
try {
  const before = processRss(server.pid);
  await emu.resetStats();
  /** An index read: its time, the files it lists, how many with <lastmod>, the requests it cost. */
  const readIndex = async () => {
    const before = await emu.stats();
    const index = await read(`${server.url}/sitemap-products.xml`);
    const after = await emu.stats();
    const files = locs(index.text).map((loc) => `${server.url}${new URL(loc).pathname}`);
    /** @type {Record<string, number>} */
    const byOperation = {};
    for (const [op, count] of Object.entries(after.byOperation)) {
      const asked = count - (before.byOperation[op] ?? 0);
      if (asked > 0) byOperation[op] = asked;
    }
    const summary = {
      ms: Math.round(index.ms),
      bytes: index.bytes,
      files: files.length,
      lastmods: lastmods(index.text),
      requests: after.total - before.total,
      byOperation,
    };
    return { files, summary };
  };
  log('the index, cold…');
  const started = performance.now();
  const cold = await readIndex();
  log(
    `${cold.files.length.toLocaleString('en')} files in ${(cold.summary.ms / 1000).toFixed(2)} s; every file, ${connections} at a time…`,
  );
  let urls = 0;
  let bytes = 0;
  let largest = { urls: 0, bytes: 0 };
  /** @type {number[]} */
  const fileMs = [];
  const done = new Set();
  /** Reads each of `files` not read yet, `connections` at a time. @param {string[]} files */
  const readFiles = async (files) => {
    const todo = files.filter((file) => !done.has(file));
    for (const file of todo) done.add(file);
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const file = await read(/** @type {string} */ (todo[next++]));
        const count = locs(file.text).length;
        urls += count;
        bytes += file.bytes;
        fileMs.push(file.ms);
        if (count > largest.urls) largest = { urls: count, bytes: file.bytes };
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    return todo.length;
  };
  await readFiles(cold.files);
  log('the index again…');
  let again = await readIndex();
  const second = again.summary;
  // A section that filled more files than the cold index listed is listed in full now.
  while ((await readFiles(again.files)) > 0) again = await readIndex();
  const elapsedMs = performance.now() - started;
  const stats = await emu.stats();
  const after = processRss(server.pid);
  const results = {
    // Other work on the machine slows every figure: the load at the end says how busy it was.
    meta: { ...environment(), totalMs: Math.round(performance.now() - t0), loadAverage: loadavg() },
    setup: { catalog, connections, seedMs: emu.seedMs },
    run: {
      elapsedMs: Math.round(elapsedMs),
      index: cold.summary,
      indexAgain: second,
      files: {
        read: done.size,
        urls,
        bytes,
        largest,
        msP50: quantile(fileMs, 0.5),
        msMax: Math.max(...fileMs),
      },
      serviceRequests: { total: stats.total, byOperation: stats.byOperation },
      server: { rssBeforeBytes: before.now, peakBeforeBytes: before.peak, peakRssBytes: after.peak },
    },
  };
  writeFileSync(join(outDir, 'sitemaps-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, 'sitemaps-report.md'), renderSitemapsReport(results));
  log(`wrote ${join(outDir, 'sitemaps-report.md')}`);
} finally {
  await close();
}
