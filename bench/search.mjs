// `npm run bench:search`: the catalog's search index (Pagefind, through @sitecontent/astro/search)
// at 10,000, 100,000 and 1,000,000 products: the time to index and write it, the peak RSS of this
// process and of Pagefind's, its size on disk, and what a browser downloads for a first query
// (requests and bytes, Pagefind's own browser code run in Node over loopback); then, in Chromium,
// the time from a query to its first results on the 10,000-product index. Records are made by the
// package's `productRecord()` from synthetic entries shaped as the loaders store them.
// Writes bench/search-report.md and bench/search-results.json.
//   --products N,N,…  catalog sizes (default 10000,100000,1000000)
//   --quick           2,000 products, into a temp folder unless --out (what a test runs)
//   --out DIR         where the report and results go (default bench/)
//   --no-browser      leave out the Chromium timing
//   --split           one bundle per top section (the `split: 'top-section'` option), with the
//                     first query of one section's bundle and of every bundle merged
//   --in-memory N     split: bundles Pagefind holds at once (default 1; 2: one written while the next is fed)
//   --report-only     rewrite the report from search-results.json, measuring nothing
// Rows of sizes not measured in a run are kept from search-results.json, each with its commit.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  articleRecord,
  BUNDLE_MANIFEST,
  productRecord,
  resolveSearchOptions,
  writeSearchIndex,
  writeSplitSearchIndex,
} from '@sitecontent/astro/search';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';
import { environment } from './lib/environment.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    'no-browser': { type: 'boolean', default: false },
    split: { type: 'boolean', default: false },
    'in-memory': { type: 'string', default: '1' },
    'report-only': { type: 'boolean', default: false },
  },
});
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const sizes = (args.products ?? (args.quick ? '2000' : '10000,100000,1000000')).split(',').map(Number);
const outDir = args.out ?? (args.quick ? mkdtempSync(join(tmpdir(), 'bench-search-out-')) : benchDir);
const inMemory = Number(args['in-memory']);
const log = (/** @type {string} */ line) => console.log(`[search] ${line}`);

// Deterministic words, so every run indexes the same catalog.
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = (/** @type {readonly string[]} */ list) => list[Math.floor(random() * list.length)];
const NOUNS = [
  'phone',
  'laptop',
  'speaker',
  'headphones',
  'watch',
  'tablet',
  'camera',
  'charger',
  'case',
  'cable',
  'monitor',
  'keyboard',
  'mouse',
  'router',
  'lamp',
  'kettle',
  'blender',
  'drone',
  'projector',
  'earbuds',
];
const ADJECTIVES = [
  'compact',
  'wireless',
  'quiet',
  'bright',
  'rugged',
  'slim',
  'smart',
  'portable',
  'studio',
  'travel',
  'classic',
  'pro',
  'mini',
  'ultra',
  'solar',
  'dual',
  'silent',
  'rapid',
  'modular',
  'folding',
];
const WORDS = [
  'battery',
  'display',
  'aluminium',
  'glass',
  'charging',
  'bluetooth',
  'warranty',
  'sound',
  'colour',
  'design',
  'lightweight',
  'durable',
  'premium',
  'everyday',
  'office',
  'outdoor',
  'kitchen',
  'gaming',
  'music',
  'video',
  'fast',
  'secure',
  'energy',
  'comfort',
  'precise',
  'crisp',
  'balanced',
  'responsive',
  'efficient',
  'reliable',
];
const COLOURS = [
  'Black',
  'White',
  'Silver',
  'Graphite',
  'Midnight',
  'Forest',
  'Coral',
  'Navy',
  'Sand',
  'Red',
  'Sky',
  'Walnut',
  'Frost',
  'Ember',
  'Moss',
];
const VENDORS = Array.from({ length: 120 }, (_, i) =>
  `${pick(ADJECTIVES)}${i}`.replace(/^./, (c) => c.toUpperCase()),
);

/** A section tree of `count` sections, ten roots, the rest below them. */
function sectionsOf(count) {
  return Array.from({ length: count }, (_, i) => {
    const tx = `s${i}`;
    const par = i < 10 ? '' : `s${Math.floor(random() * Math.min(i, 100))}`;
    return { id: tx, data: { tx, par, zag: `${pick(ADJECTIVES)} ${pick(NOUNS)}s ${i}`, url: `/c/${tx}` } };
  });
}

/**
 * A random source of one product's own (mulberry32 seeded by its id): a product is the same
 * whichever order the catalog is walked in, one index or a bundle per top section.
 */
function productRandom(id) {
  let state = Math.imul(id, 2654435761) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The section of product `id` (never a root): products are spread over the sections below the roots. */
const sectionOfProduct = (id, sectionCount) => `s${10 + (id % (sectionCount - 10))}`;

/** Product `id` as the loaders store it, with its modifications and body text. */
function productOf(id, sectionCount) {
  const rand = productRandom(id);
  const choose = (/** @type {readonly string[]} */ list) => list[Math.floor(rand() * list.length)];
  const section = sectionOfProduct(id, sectionCount);
  const name = `${choose(ADJECTIVES)} ${choose(NOUNS)} ${id}`.replace(/^./, (c) => c.toUpperCase());
  const teaser = Array.from({ length: 14 }, () => choose(WORDS)).join(' ');
  const modifications = Array.from({ length: 1 + (id % 3) }, (_, m) => {
    const price = Math.round(10 + rand() * 2000) + 0.99;
    return {
      data: {
        id: id * 10 + m,
        price,
        price_old: rand() < 0.2 ? price + 50 : 0,
        articul: `A${id}-${m}`,
        stxt: `${choose(COLOURS)}, ${64 * (m + 1)} GB`,
        color: '#1c1c1e',
        sf: false,
        shw: true,
      },
    };
  });
  const data = {
    id,
    zag: name,
    stxt: teaser,
    vendor: choose(VENDORS),
    shw: true,
    dt: new Date(Date.UTC(2024, 0, 1) + id * 60_000),
    sku: [],
    img: [],
    url: `/c/${section}/${id}`,
    section: { id: section },
  };
  return { data, modifications, html: `<p>${teaser} ${choose(WORDS)}</p>`, articleNoun: choose(NOUNS) };
}

/** The record of product `id`, made by the package from its synthetic entry. */
function productRecordOf(product, context) {
  return productRecord(
    {
      product: {
        id: String(product.data.id),
        data: /** @type {any} */ (product.data),
        rendered: { html: product.html },
      },
      modifications: /** @type {any} */ (product.modifications),
      images: [`/_astro/p${product.data.id}.webp`],
    },
    context,
  );
}

/** The article written beside every 100th product. */
function articleRecordOf(product, context) {
  const { id, stxt, dt } = product.data;
  return articleRecord(
    {
      id: String(id),
      data: {
        id,
        zag: `How to choose a ${product.articleNoun}`,
        stxt,
        url: `/blog/${id}`,
        shw: true,
        dt,
        section: null,
      },
    },
    context,
  );
}

/** The records of `n` products (and one article per 100), in id order: one index. */
function* recordsOf(n, context) {
  const sectionCount = context.sections.length;
  for (let id = 1; id <= n; id++) {
    const product = productOf(id, sectionCount);
    const record = productRecordOf(product, context);
    if (record) yield record;
    if (id % 100 === 0) {
      const article = articleRecordOf(product, context);
      if (article) yield article;
    }
  }
}

/** Each top section's records and the seconds Pagefind took to take them, as `groupsOf` fed them. */
const feeds = [];

/** The same records grouped as a split index writes them: each top section's products, then the articles. */
function* groupsOf(n, context) {
  const sectionCount = context.sections.length;
  const byTx = new Map(context.sections.map((s) => [s.data.tx, s.data]));
  const topOf = (tx) => {
    let at = byTx.get(tx);
    while (at?.par) at = byTx.get(at.par);
    return at;
  };
  const tops = context.sections.filter((s) => !s.data.par).map((s) => s.data);
  // The top section of each section below the roots, worked out once: a product's is its section's.
  const topIndex = new Map(context.sections.map((s) => [s.data.tx, topOf(s.data.tx)?.tx]));
  for (const top of tops) {
    yield {
      section: { tx: top.tx, name: top.zag },
      records: (function* () {
        const t0 = performance.now();
        let count = 0;
        for (let id = 1; id <= n; id++) {
          if (topIndex.get(sectionOfProduct(id, sectionCount)) !== top.tx) continue;
          const record = productRecordOf(productOf(id, sectionCount), context);
          if (record) {
            count++;
            yield record;
          }
        }
        const seconds = Math.round((performance.now() - t0) / 100) / 10;
        feeds.push({ section: top.tx, records: count, seconds });
        log(`  ${top.tx}: ${count} records fed in ${seconds.toFixed(1)} s`);
      })(),
    };
  }
  yield {
    records: (function* () {
      for (let id = 100; id <= n; id += 100) {
        const article = articleRecordOf(productOf(id, sectionCount), context);
        if (article) yield article;
      }
    })(),
  };
}

/** This process's descendants (Pagefind's binary), by /proc. */
function childPids(pid = process.pid) {
  const found = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of text ? text.split(/\s+/).map(Number) : []) found.push(child, ...childPids(child));
  }
  return found;
}
const kbField = (pid, field) => {
  try {
    return (
      Number(
        new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0,
      ) * 1024
    );
  } catch {
    return 0;
  }
};

/** Bytes and files under `dir`. */
function sizeOf(dir) {
  let bytes = 0;
  let files = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const info = statSync(join(dir, String(name)));
    if (info.isFile()) {
      bytes += info.size;
      files++;
    }
  }
  return { bytes, files };
}

/** Serves `root` on loopback, counting requests and bytes. */
async function countingServer(root) {
  const served = [];
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    const body = existsSync(file) && statSync(file).isFile() ? readFileSync(file) : undefined;
    if (body) served.push({ path: req.url, bytes: body.length });
    const type = file.endsWith('.js')
      ? 'text/javascript'
      : file.endsWith('.html')
        ? 'text/html'
        : 'application/octet-stream';
    res.writeHead(body ? 200 : 404, { 'content-type': type, connection: 'close' });
    res.end(body ?? 'not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  return { url, served, close: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

/**
 * A first query as a search box makes it: load, search, read the first 10 results' data. `bundles`
 * are folders under `root`, the first loaded, the others merged into it (Pagefind's `mergeIndex`);
 * with `manifest`, the split index's manifest is fetched first, as the storefront does.
 */
async function firstQuery(
  /** @type {string} */ root,
  /** @type {string} */ term,
  /** @type {string[]} */ bundles = ['pagefind/'],
  /** @type {string | undefined} */ manifest = undefined,
) {
  const server = await countingServer(root);
  try {
    const t0 = performance.now();
    if (manifest) await (await fetch(`${server.url}/${manifest}`)).json();
    const [first = 'pagefind/', ...rest] = bundles;
    const module = pathToFileURL(join(root, first, 'pagefind.js'));
    module.search = `?at=${encodeURIComponent(server.url)}`;
    const pagefind = await import(module.href);
    await pagefind.options({ basePath: `${server.url}/${first}`, baseUrl: '/' });
    for (const bundle of rest) await pagefind.mergeIndex(`${server.url}/${bundle}`);
    const search = await pagefind.search(term);
    const shown = await Promise.all(search.results.slice(0, 10).map((r) => r.data()));
    const ms = performance.now() - t0;
    return {
      term,
      bundles: bundles.length,
      results: search.results.length,
      shown: shown.length,
      ms: Math.round(ms),
      requests: server.served.length,
      bytes: server.served.reduce((n, r) => n + r.bytes, 0),
    };
  } finally {
    await server.close();
  }
}

/** In Chromium: a page that loads Pagefind on start, then the time from a query to its first 10 results. */
async function browserQuery(root, term) {
  if (args['no-browser'] || !existsSync(CHROMIUM)) return undefined;
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="en"><title>search</title><input type="search" aria-label="q"><ol></ol><script type="module">
const pagefind = await import('/pagefind/pagefind.js');
await pagefind.options({ baseUrl: '/' });
await pagefind.init();
window.query = async (term) => {
  const t0 = performance.now();
  const search = await pagefind.search(term);
  const pages = await Promise.all(search.results.slice(0, 10).map((r) => r.data()));
  document.querySelector('ol').replaceChildren(...pages.map((p) => Object.assign(document.createElement('li'), { textContent: p.meta.title })));
  await new Promise(requestAnimationFrame);
  return { ms: performance.now() - t0, results: search.results.length };
};
window.ready = true;
</script>`,
  );
  const server = await countingServer(root);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const runs = [];
    // Each run a fresh page: nothing of the index cached but what a first visit's start loaded.
    for (let run = 0; run < 5; run++) {
      const page = await browser.newPage();
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => /** @type {any} */ (globalThis).ready === true);
      runs.push(await page.evaluate((t) => /** @type {any} */ (globalThis).query(t), term));
      await page.close();
    }
    const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
    return {
      term,
      median: sorted[Math.floor(sorted.length / 2)],
      max: sorted.at(-1),
      results: runs[0].results,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

const options = resolveSearchOptions({
  currency: 'USD',
  variantProperties: (m) => ({ color: m.stxt.split(',')[0] }),
});

/** Bytes and records of the largest bundle of a split index. */
function largestBundle(indexDir, bundles) {
  return bundles
    .map((b) => ({ path: b.path, records: b.records, bytes: sizeOf(join(indexDir, b.path)).bytes }))
    .reduce((big, b) => (b.bytes > big.bytes ? b : big));
}

/** Indexes `n` products (one index, or split by top section) and measures what it cost and serves. */
async function measure(n, split) {
  const root = mkdtempSync(join(tmpdir(), `bench-search-${n}-`));
  try {
    const context = {
      options,
      sections: sectionsOf(Math.max(20, Math.round(n / 100))),
      site: 'https://shop.example',
    };
    let pagefindPeak = 0;
    const poll = setInterval(() => {
      for (const pid of childPids()) pagefindPeak = Math.max(pagefindPeak, kbField(pid, 'VmHWM'));
    }, 200);
    const indexDir = join(root, 'pagefind');
    const t0 = performance.now();
    /** @type {import('@sitecontent/astro/search').SearchIndexSummary & { bundles?: import('@sitecontent/astro/search').SearchBundle[] }} */
    let summary;
    try {
      summary = split
        ? await writeSplitSearchIndex(groupsOf(n, context), indexDir, inMemory)
        : await writeSearchIndex(recordsOf(n, context), indexDir);
    } finally {
      clearInterval(poll);
    }
    const indexMs = performance.now() - t0;
    const disk = sizeOf(indexDir);
    const row = {
      products: n,
      split: split ? 'top-section' : false,
      records: summary.records,
      indexMs: Math.round(indexMs),
      nodePeakRss: kbField(process.pid, 'VmHWM'),
      pagefindPeakRss: pagefindPeak,
      diskBytes: disk.bytes,
      diskFiles: disk.files,
      commit: env.commit,
      uncommittedFiles: env.uncommittedFiles,
    };
    if (summary.bundles) {
      const { bundles } = summary;
      const manifest = `pagefind/${BUNDLE_MANIFEST}`;
      // The first top section's bundle (one of the smaller here): what its listings' panels load.
      const section =
        bundles.find((b) => b.section !== undefined) ?? /** @type {typeof bundles[0]} */ (bundles[0]);
      Object.assign(row, {
        inMemory,
        feeds: feeds.splice(0),
        bundles: bundles.length,
        largestBundle: largestBundle(indexDir, bundles),
        // A listing's filter panel: the manifest, then its own top section's bundle.
        sectionQuery: {
          section: section.section,
          records: section.records,
          ...(await firstQuery(root, 'wireless', [`pagefind/${section.path}`], manifest)),
        },
        // The search page: the manifest, then every bundle merged.
        firstQuery: await firstQuery(
          root,
          'wireless',
          bundles.map((b) => `pagefind/${b.path}`),
          manifest,
        ),
      });
    } else {
      const browser = n <= 10_000 ? await browserQuery(root, 'wireless') : undefined;
      Object.assign(row, {
        firstQuery: await firstQuery(root, 'wireless'),
        browser: browser && { ...browser, median: Math.round(browser.median), max: Math.round(browser.max) },
      });
    }
    log(JSON.stringify(row));
    return row;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** What the split rows say, read from their figures. */
function splitReading(splitRows) {
  const r = splitRows.at(-1);
  if (!r) return '';
  const perProduct = r.pagefindPeakRss / r.largestBundle.records / 1024;
  const bySize = [...(r.feeds ?? [])].sort((a, b) => a.records - b.records);
  const small = bySize[0];
  const large = bySize.at(-1);
  const perThousand = (f) => ((f.seconds / f.records) * 1000).toFixed(2);
  const feedTime =
    small && large
      ? ` Time still grows faster than a bundle: taking the records (the write not counted) cost
Pagefind ${perThousand(small)} s per 1,000 records in the smallest bundle (${count(small.records)}) and
${perThousand(large)} s in the largest (${count(large.records)}), so the two largest top sections took most
of the run, and a catalog split into more, smaller top sections indexes faster.`
      : '';
  const section = r.sectionQuery.records
    ? `${r.sectionQuery.section}, ${count(r.sectionQuery.records)} products`
    : r.sectionQuery.section;
  return `Reading the ${count(r.products)}-product row: no index Pagefind holds is larger than the
largest bundle (${count(r.largestBundle.records)} records), so its process peaked at ${gb(r.pagefindPeakRss)}
(about ${perProduct.toFixed(0)} KB per record of that bundle) where one index would need about 30 GB,
and each bundle's memory is given back when it is written.${feedTime}

What a browser downloads: a listing's filter panel (top section ${section}) fetches the manifest and
that bundle alone, ${kb(r.sectionQuery.bytes)} in ${r.sectionQuery.requests} requests for its first query, what
a one-index catalog of that section's size costs. The search page, merging all ${r.bundles} bundles,
fetches ${kb(r.firstQuery.bytes)} in ${r.firstQuery.requests} requests before it shows anything: every
bundle's entry and meta file and its chunk of the query word. The meta files list every page of their bundle, and the word's chunks every page the
word is on (${count(r.firstQuery.results)} here), so this grows with the catalog as one index's does, plus
three or four requests per bundle. Splitting makes a million products indexable and keeps a listing's
panel light; it does not make a whole-catalog query cheaper, and ${kb(r.firstQuery.bytes)} before the first
results is too much for a search box, on a phone above all. At this size, search the whole catalog
with a hosted search service (Algolia, Typesense, Meilisearch) fed from the same records, and keep
the split index for the listings' filter panels, or use the service for those too when facets must
count the whole catalog, words need typo tolerance, or prices change many times a day.`;
}

const env = environment();
const resultsFile = join(outDir, 'search-results.json');
const rowKey = (r) => `${r.products}:${r.split || 'single'}`;
/** Rows of earlier runs, each marked with the commit it was measured at: a run of some sizes keeps the others. */
const earlier =
  existsSync(resultsFile) && !args.quick ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined;
const kept = (earlier?.rows ?? []).map((r) => ({
  split: false,
  commit: earlier.environment.commit,
  uncommittedFiles: earlier.environment.uncommittedFiles,
  ...r,
}));
const started = performance.now();
const measured = [];
if (!args['report-only']) for (const n of sizes) measured.push(await measure(n, args.split));
const fresh = new Set(measured.map(rowKey));
const rows = [...kept.filter((r) => !fresh.has(rowKey(r))), ...measured].sort(
  (a, b) => Number(Boolean(a.split)) - Number(Boolean(b.split)) || a.products - b.products,
);

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MB`;
const gb = (bytes) => (bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GB` : mb(bytes));
const kb = (bytes) => (bytes >= 10 * 2 ** 20 ? mb(bytes) : `${(bytes / 1024).toFixed(0)} KB`);
const count = (n) => n.toLocaleString('en-US');
const seconds = (ms) => (ms >= 600_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`);
const commitOf = (r) => `\`${r.commit}\`${r.uncommittedFiles ? '+' : ''}`;
// --report-only measures nothing: the file keeps the last measuring run's environment.
const results =
  args['report-only'] && earlier
    ? { ...earlier, rows }
    : { environment: env, wholeRunMs: Math.round(performance.now() - started), loadavg: loadavg(), rows };
const runEnv = results.environment;
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
const single = rows.filter((r) => !r.split);
const splitRows = rows.filter((r) => r.split);
const singleTable = [
  '| Catalog | Records | Index time | Peak RSS: Node / Pagefind | On disk | First query: requests, bytes | First query in Node | First results in Chromium | Commit |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...single.map(
    (r) =>
      `| ${count(r.products)} products | ${count(r.records)} | **${seconds(r.indexMs)}** | ${mb(r.nodePeakRss)} / ${mb(r.pagefindPeakRss)} | ${mb(r.diskBytes)} (${count(r.diskFiles)} files) | **${r.firstQuery.requests}, ${kb(r.firstQuery.bytes)}** | ${r.firstQuery.ms} ms | ${r.browser ? `**${r.browser.median} ms** median of 5 (max ${r.browser.max})` : '—'} | ${commitOf(r)} |`,
  ),
];
const splitTable = [
  '| Catalog | Records | Bundles (largest) | Index time | Peak RSS: Node / Pagefind | On disk | One top section: requests, bytes, results | Whole catalog merged: requests, bytes, results | Commit |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...splitRows.map(
    (r) =>
      `| ${count(r.products)} products | ${count(r.records)} | ${r.bundles} (${count(r.largestBundle.records)} records, ${mb(r.largestBundle.bytes)}) | **${seconds(r.indexMs)}** | ${mb(r.nodePeakRss)} / ${gb(r.pagefindPeakRss)} | ${gb(r.diskBytes)} (${count(r.diskFiles)} files) | **${r.sectionQuery.requests}, ${kb(r.sectionQuery.bytes)}**, ${count(r.sectionQuery.results)} in ${r.sectionQuery.ms} ms | **${r.firstQuery.requests}, ${kb(r.firstQuery.bytes)}**, ${count(r.firstQuery.results)} in ${r.firstQuery.ms} ms | ${commitOf(r)} |`,
  ),
];
writeFileSync(
  join(outDir, 'search-report.md'),
  `# Catalog search index (Pagefind)

Last measured by \`npm run bench:search\` on ${runEnv.date.slice(0, 16).replace('T', ' ')} UTC, commit \`${runEnv.commit}\`${runEnv.uncommittedFiles ? ` with ${runEnv.uncommittedFiles} uncommitted files` : ''}.
Machine: ${runEnv.cpus}, ${runEnv.memoryGB} GB RAM, ${runEnv.platform}, Node ${runEnv.node}. That run: ${(results.wholeRunMs / 1000).toFixed(1)} s; load average at its end ${results.loadavg.map((l) => l.toFixed(2)).join(', ')} (the machine is shared).
Each row names the commit it was measured at (\`+\` when files were uncommitted); a run of some sizes keeps the other rows.

Records are made by \`productRecord()\` (one per product, an article per 100 products) from synthetic
entries shaped as the loaders store them: a title, a 14-word teaser and a body, a vendor of 120, one to
three modifications with a named colour of 15 and a price, a section of n/100 below ten top sections
(since the split rows each product draws from a random source of its own, so both layouts index the
same catalog; the rows before drew from one source, with the same distributions).
\`writeSearchIndex()\` hands them to Pagefind's Node API 64 at a time and writes the bundle. Peak RSS
is the high-water mark of this process (which also makes the records) and of Pagefind's binary, which
holds an index until it is written. A first query is what a search box does: load Pagefind (entry,
meta, WebAssembly), search \`wireless\` (a word of about one title in twenty), read the first 10
results; served on 127.0.0.1 and counted on the server. In Chromium, a fresh page loads Pagefind on
start, then the same query is timed to its 10 results in the document. One run per size, not a timed
test.

## One index

${singleTable.join('\n')}

Reading the figures: a query loads Pagefind's entry, its meta file (which lists every page, so it
grows with the catalog), its WebAssembly (about 60 KB), the index chunk of each query word (which
lists every page the word is on: \`wireless\` is on 2,001 pages of 10,000 and 8,681 of 100,000) and
one fragment per result shown; the rest of the index is never fetched. Indexing time grows faster
than the catalog, and Pagefind's process holds the whole index until it is written: about 31 KB per
product at 100,000, so a million products in one index would need about 30 GB, more than this
machine has. The bundle also holds Pagefind's optional UI files (about 0.3 MB), which a site with
its own search box never loads.

## Split by top section (\`search: { split: 'top-section' }\`)

${splitRows.length > 0 ? splitTable.join('\n') : 'Not run yet: `npm run bench:search -- --split --products 1000000`.'}
${splitRows
  .filter((r) => r.note)
  .map((r) => `\n${count(r.products)} products: ${r.note}`)
  .join('')}

\`writeSplitSearchIndex()\` takes the records grouped as a section-by-section read gives them: each
top section's products (ten top sections here), then the rest (the articles). Each group goes to a
bundle of its own, at most ${splitRows[0]?.inMemory ?? 1} index${(splitRows[0]?.inMemory ?? 1) > 1 ? 'es' : ''} in Pagefind's process at once
(writing one bundle while feeding the next, \`--in-memory 2\`, took 35.8 s against 35.9 s for 20,000
products: Pagefind's Node API drives one process, which answers one request at a time);
\`bundles.json\` names them. "One top section" is a listing's filter panel: the manifest, then that
section's bundle alone. "Whole catalog" is the search page: the manifest, the first bundle, and every
other merged into it with Pagefind's \`mergeIndex\` (each merged bundle adds its entry and meta file,
and the chunk of each query word; the WebAssembly is loaded once).

${splitReading(splitRows)}

Regenerate: \`npm run bench:search\` (one index; \`-- --products 10000,100000\` for some sizes),
\`npm run bench:search -- --split --products 1000000\` (split; \`--in-memory N\` bundles held at once),
\`-- --report-only\` to rewrite this file from search-results.json, \`-- --quick\` for a smoke run into a temp folder.
`,
);
// Biome formats the repository's Markdown and JSON: the files are written as it would write them.
try {
  execFileSync(join(benchDir, '..', 'node_modules', '.bin', 'biome'), [
    'format',
    '--write',
    join(outDir, 'search-report.md'),
    resultsFile,
  ]);
} catch {}
log(`wrote ${join(outDir, 'search-report.md')}`);
