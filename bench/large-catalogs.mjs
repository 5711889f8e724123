// `npm run bench:large`: `astro sync` of the bench site (bench/site/, Astro's defaults, ours with
// `seo: true`) against the emulator's synthetic catalog at 0 ms, one catalog size after the other,
// each cold (an empty cache folder) in a process of its own: wall time, peak RSS, the data store's
// size, and how the products loader read the catalog. Writes bench/large-catalogs-report.md and
// bench/large-catalogs-results.json. Heavy (minutes, gigabytes): run it alone.
//   --sizes N,N,…  catalog sizes (default 100000,300000,500000)
//   --chunked N,…  sizes also synced with `experimental.collectionStorage: 'chunked'` (default none)
//   --quick        2,000 products, into a temp folder unless --out (what a test runs)
//   --out DIR      where the report and results go (default bench/)
import { constants } from 'node:buffer';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { withEmulator } from './lib/emulator-process.mjs';
import { environment } from './lib/environment.mjs';
import { measureBuild } from './lib/measure-build.mjs';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string' },
    chunked: { type: 'string' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const sizes = (args.sizes ?? (args.quick ? '2000' : '100000,300000,500000')).split(',').map(Number);
const chunkedSizes = args.chunked ? args.chunked.split(',').map(Number) : [];
/** @type {{ size: number, storage?: 'chunked' }[]} */
const runs = [
  ...sizes.map((size) => ({ size })),
  ...chunkedSizes.map((size) => ({ size, storage: /** @type {const} */ ('chunked') })),
];
const outDir = args.out ?? (args.quick ? mkdtempSync(join(tmpdir(), 'bench-large-out-')) : benchDir);
const workDir = mkdtempSync(join(tmpdir(), 'bench-large-work-'));
const log = (/** @type {string} */ line) => console.log(`[large] ${line}`);

/** How the products loader read the catalog: in one `goods/Get`, or section by section. */
const readMode = (/** @type {{ byOperation: Record<string, number> }} */ requests) => {
  const reads = requests.byOperation['goods/Get'] ?? 0;
  return reads > 1 ? `by section (${reads.toLocaleString('en')} goods/Get)` : 'one goods/Get';
};

/** @type {any[]} */
const rows = [];
try {
  for (const { size, storage } of runs) {
    const slot = `large-${size}${storage ? `-${storage}` : ''}`;
    const row = await withEmulator({ size, latencyMs: 0, log }, (emu) =>
      measureBuild(emu, {
        command: 'sync',
        loader: 'ours',
        workDir,
        slot,
        clean: true,
        ...(storage ? { storage } : {}),
      }),
    ).catch((/** @type {Error} */ error) => ({ error: String(error?.message ?? error).slice(0, 2000) }));
    /** @type {any} */
    const result = 'error' in row ? row : { ...row, read: readMode(row.requests) };
    rows.push({ size, storage: storage ?? 'single-file', ...result });
    log(
      'error' in row
        ? `${size}: failed: ${row.error.split('\n')[0]}`
        : `${size}: ${(result.elapsedMs / 1000).toFixed(1)} s, rss ${(result.peakRss / 2 ** 20).toFixed(0)} MB, store ${(result.dataStore.bytes / 2 ** 20).toFixed(0)} MB, ${result.requests.total} requests, ${result.read}`,
    );
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const mb = (/** @type {number} */ bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const ok = rows.filter((r) => !('error' in r) && r.storage === 'single-file');
const largest = ok.at(-1);
const perProduct = largest ? largest.dataStore.bytes / largest.size : undefined;
const ceilingChars = Math.floor(constants.MAX_STRING_LENGTH * 0.9);
const results = {
  environment: environment(),
  sizes,
  chunkedSizes,
  rows,
  ceiling: { maxStringLength: constants.MAX_STRING_LENGTH, ceilingChars, storeBytesPerProduct: perProduct },
};
writeFileSync(join(outDir, 'large-catalogs-results.json'), `${JSON.stringify(results, null, 2)}\n`);

/** What \`collectionStorage: 'chunked'\` cost against the single file at the same size, where both were measured. */
function chunkedSection() {
  const pairs = rows
    .filter((r) => r.storage === 'chunked' && !('error' in r))
    .map((c) => [c, ok.find((r) => r.size === c.size)])
    .filter(([, single]) => single !== undefined);
  if (pairs.length === 0) return '';
  const lines = pairs.map(
    ([c, single]) =>
      `- ${c.size.toLocaleString('en')} products: ${(c.elapsedMs / 1000).toFixed(1)} s chunked against ${(single.elapsedMs / 1000).toFixed(1)} s single-file (${(c.elapsedMs / single.elapsedMs).toFixed(2)}×), peak RSS ${mb(c.peakRss)} against ${mb(single.peakRss)}, store ${mb(c.dataStore.bytes)} in ${c.dataStore.files} files.`,
  );
  return `
## What \`experimental.collectionStorage: 'chunked'\` costs

The chunked store has no one-string ceiling (files of at most 20 MiB each), but Astro 7's chunked
writer is slower: measured in the same run,

${lines.join('\n')}
`;
}

const table = rows.map((r) =>
  'error' in r
    ? `| ${r.size.toLocaleString('en')} | ${r.storage} | failed: ${r.error.split('\n')[0]} | | | | |`
    : `| ${r.size.toLocaleString('en')} | ${r.storage} | ${(r.elapsedMs / 1000).toFixed(1)} s | ${mb(r.peakRss)} | ${mb(r.dataStore.bytes)} in ${r.dataStore.files} file(s) | ${r.requests.total.toLocaleString('en')} | ${r.read} |`,
);
const report = `# Large static catalogs

Written by \`bench/large-catalogs.mjs\` (\`npm run bench:large\`). \`astro sync\` of the bench site
(\`bench/site/\`: Astro's defaults, the single-file data store, Node's default heap, no option raised;
ours with \`seo: true\`, so one \`meta/Get\` per product) against the emulator's synthetic catalog
(100 products a section) at 0 ms, each size once, cold (an empty cache folder), in a process of its own.

| Products | Store | Wall time | Peak RSS | Data store | Requests | Catalog read |
|---:|---|---:|---:|---:|---:|---|
${table.join('\n')}

## Where the single-file store meets V8's longest string

Astro 7 writes the data store as one string: \`devalue.stringify\` of every collection
(\`serializeDataStore\` in \`astro/dist/content/data-store-writer.js\`), then \`data-store.json\`. V8's
longest string is \`buffer.constants.MAX_STRING_LENGTH\` = ${constants.MAX_STRING_LENGTH.toLocaleString('en')} characters
(2^29 − 24). ${
  perProduct
    ? `The bench site's store takes about ${perProduct.toFixed(0)} bytes a product at ${largest.size.toLocaleString('en')} products, so the single file meets that string at about ${Math.floor(constants.MAX_STRING_LENGTH / perProduct).toLocaleString('en')} such products; the products loader stops a load past ${ceilingChars.toLocaleString('en')} characters (nine tenths of it: room for the other collections) with \`SiteContentStoreCeilingError\`, before Astro would crash writing the store.`
    : ''
}
`;
writeFileSync(join(outDir, 'large-catalogs-report.md'), `${report}${chunkedSection()}`);
log(`wrote ${join(outDir, 'large-catalogs-report.md')}`);
if (rows.some((r) => 'error' in r)) process.exitCode = 1;
