// `npm run bench:feed`: the product feed of a catalog of 1,000,000 products served on demand
// (productFeedHandler from @sitecontent/astro/on-demand). The emulator (its own process) is seeded
// with the catalog of bench/sitemaps.mjs; the bench site (bench/lib/on-demand-site.mjs, nothing kept
// in the server) makes the whole feed from the service in one streamed answer, read here without
// keeping it. Writes bench/feed-report.md and bench/feed-results.json.
//   --products N  catalog size (default 1000000)
//   --quick       2,000 products, into a temp folder unless --out (what a test runs)
//   --out DIR     where the report and results go (default bench/)
//   --heap-mb N   the server's V8 heap cap (default 256)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { servedCatalogFor, startEmulatorProcess } from './lib/emulator-process.mjs';
import { environment } from './lib/environment.mjs';
import { buildOnDemandSite, processRss, serveOnDemandSite } from './lib/on-demand-site.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    'heap-mb': { type: 'string', default: '256' },
  },
});
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const products = Number(args.products ?? (args.quick ? 2_000 : 1_000_000));
const outDir = args.out ?? (args.quick ? mkdtempSync(join(tmpdir(), 'bench-feed-out-')) : benchDir);
const log = (/** @type {string} */ line) => console.log(`[feed] ${line}`);

/** Reads the feed as it streams, counting items and bytes; the first byte's time too. @param {string} url */
async function readFeed(url) {
  const t0 = performance.now();
  const response = await fetch(url);
  if (response.status !== 200 || !response.body) throw new Error(`${url} answered ${response.status}`);
  // Counted on the bytes, not decoded: the reader must keep up with the server, whose response
  // writer (Astro's Node adapter) does not wait for a slow reader before writing more.
  const ITEM = Buffer.from('<item>');
  let tail = '';
  let firstByteMs = 0;
  let bytes = 0;
  let items = 0;
  let carry = Buffer.alloc(0);
  for await (const chunk of response.body) {
    if (bytes === 0) firstByteMs = performance.now() - t0;
    bytes += chunk.byteLength;
    const data = Buffer.concat([carry, Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)]);
    for (let at = data.indexOf(ITEM); at !== -1; at = data.indexOf(ITEM, at + ITEM.length)) items++;
    carry = data.subarray(Math.max(0, data.length - ITEM.length + 1));
    tail = data.subarray(-8).toString('latin1');
  }
  if (!tail.includes('rss>')) throw new Error('the feed ended before </rss>');
  return { ms: performance.now() - t0, firstByteMs, bytes, items };
}

const t0 = performance.now();
const catalog = servedCatalogFor(products);
log(`seeding the emulator with ${products.toLocaleString('en')} products…`);
const emu = await startEmulatorProcess(catalog);
log(`seeded in ${(emu.seedMs / 1000).toFixed(1)} s`);
const site = await buildOnDemandSite('http://127.0.0.1:9/');
const server = await serveOnDemandSite(site.root, {
  SITECONTENT_BASE_URL: emu.url,
  SITECONTENT_API_KEY: emu.key,
  SITECONTENT_SID: String(emu.sid),
  // A capped heap: the feed must stream in bounded memory, not only look bounded while V8 defers its collection.
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${args['heap-mb']}`.trim(),
});
try {
  const before = processRss(server.pid);
  await emu.resetStats();
  log('the feed…');
  const feed = await readFeed(`${server.url}/product-feed.xml`).catch((error) => {
    console.error(server.output().slice(-3000));
    throw error;
  });
  const stats = await emu.stats();
  const after = processRss(server.pid);
  const results = {
    meta: { ...environment(), totalMs: Math.round(performance.now() - t0), loadAverage: loadavg() },
    setup: { catalog, seedMs: emu.seedMs, heapMb: Number(args['heap-mb']) },
    run: {
      ms: Math.round(feed.ms),
      firstByteMs: Math.round(feed.firstByteMs),
      items: feed.items,
      bytes: feed.bytes,
      serviceRequests: { total: stats.total, byOperation: stats.byOperation },
      server: { rssBeforeBytes: before.now, peakRssBytes: after.peak },
    },
  };
  writeFileSync(join(outDir, 'feed-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, 'feed-report.md'), report(results));
  log(
    `${feed.items.toLocaleString('en')} items in ${(feed.ms / 1000).toFixed(1)} s; wrote ${join(outDir, 'feed-report.md')}`,
  );
} finally {
  await server.close();
  site.remove();
  await emu.close();
}

/** @param {any} r */
function report(r) {
  const mb = (/** @type {number} */ b) => `${Math.round(b / 1e6).toLocaleString('en')} MB`;
  const ops = Object.entries(r.run.serviceRequests.byOperation)
    .map(([op, n]) => `${op} ${Number(n).toLocaleString('en')}`)
    .join(', ');
  return `# Product feed at a million products

Generated by \`npm run bench:feed\` on ${r.meta.date.slice(0, 16).replace('T', ' ')} UTC, commit \`${r.meta.commit}\`${r.meta.uncommittedFiles ? ` with ${r.meta.uncommittedFiles} uncommitted file(s)` : ''}.
Machine: ${r.meta.cpus}, ${r.meta.memoryGB} GB RAM, ${r.meta.platform}, Node ${r.meta.node}. Whole run: ${(r.meta.totalMs / 1000).toFixed(1)} s; load average at the end ${r.meta.loadAverage.map((/** @type {number} */ n) => n.toFixed(2)).join(', ')}.

The emulator, seeded in its own process with the catalog of \`bench/sitemaps-report.md\`, answers the
product feed \`productFeedHandler()\` serves on a site of on-demand product pages (\`@astrojs/node\`
with \`surrogateKeyCache()\`: nothing is kept in the server, so the feed is made from the service, as
on a CDN's miss), read once on 127.0.0.1 as it streams, the server's V8 heap capped at ${r.setup.heapMb} MB
(\`--heap-mb\`) so a feed held in memory would fail rather than hide in a large heap. One run, not a
timed test; the three processes share the machine's cores.

| Catalog | Whole feed | First byte | Items | Size | Requests to the service | Node server peak RSS |
| --- | --- | --- | --- | --- | --- | --- |
| ${r.setup.catalog.products.toLocaleString('en')} products, ${r.setup.catalog.sections.toLocaleString('en')} sections | **${(r.run.ms / 1000).toFixed(1)} s** | ${(r.run.firstByteMs / 1000).toFixed(2)} s | ${r.run.items.toLocaleString('en')} | ${mb(r.run.bytes)} | ${r.run.serviceRequests.total.toLocaleString('en')} (${ops}) | **${mb(r.run.server.peakRssBytes)}** (${mb(r.run.server.rssBeforeBytes)} before) |

Reading the figures: the feed reads each section's products once (\`goods/Get?catid=\`, 4 sections at
a time) and writes an item per offer from each product's \`sku\` list, so memory holds the answers of
the sections being read, never the catalog. Behind a CDN or the route cache the feed is made once per
\`maxAge\` (1 hour) or purge of a product or section.

Regenerate: \`npm run bench:feed\`, \`npm run bench:feed -- --quick\` for a smoke run into a temp folder.
`;
}
