// `npm run bench:large`: `astro sync` of the bench site (bench/site/, Astro's defaults, ours with
// `seo: true`) against the emulator's synthetic catalog at 0 ms, one catalog size after the other,
// each cold (an empty cache folder) in a process of its own: wall time, peak RSS, the data store's
// size, and how the products loader read the catalog. Writes bench/large-catalogs-report.md and
// bench/large-catalogs-results.json. Heavy (minutes, gigabytes): run it alone.
//   --sizes N,N,…  catalog sizes (default 100000,300000,500000)
//   --chunked N,…  sizes also synced with `experimental.collectionStorage: 'chunked'` (default none)
//   --quick        2,000 products, into a temp folder unless --out (what a test runs)
//   --out DIR      where the report and results go (default bench/)
//   --render       only rewrite the report from DIR/large-catalogs-results.json
import { constants } from 'node:buffer';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { withEmulator } from './lib/emulator-process.mjs';
import { environment } from './lib/environment.mjs';
import { renderLargeCatalogs, STORE_CEILING_CHARS } from './lib/large-catalogs-report.mjs';
import { measureBuild } from './lib/measure-build.mjs';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string' },
    chunked: { type: 'string' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    render: { type: 'boolean', default: false },
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
const log = (/** @type {string} */ line) => console.log(`[large] ${line}`);
if (args.render) {
  writeReport(JSON.parse(readFileSync(join(outDir, 'large-catalogs-results.json'), 'utf8')));
  process.exit(0);
}
const workDir = mkdtempSync(join(tmpdir(), 'bench-large-work-'));
/** The machine's load when the run starts (1, 5, 15 minutes): other work shares its cores. */
const loadAtStart = loadavg();

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

const largest = rows.filter((r) => !('error' in r) && r.storage === 'single-file').at(-1);
const results = {
  environment: { ...environment(), loadAverage: { start: loadAtStart, end: loadavg() } },
  sizes,
  chunkedSizes,
  rows,
  ceiling: {
    maxStringLength: constants.MAX_STRING_LENGTH,
    ceilingChars: STORE_CEILING_CHARS,
    heapSizeLimit: getHeapStatistics().heap_size_limit,
    storeBytesPerProduct: largest ? largest.dataStore.bytes / largest.size : undefined,
  },
};
writeFileSync(join(outDir, 'large-catalogs-results.json'), `${JSON.stringify(results, null, 2)}\n`);
writeReport(results);
if (rows.some((r) => 'error' in r)) process.exitCode = 1;

/** @param {any} results */
function writeReport(results) {
  writeFileSync(join(outDir, 'large-catalogs-report.md'), renderLargeCatalogs(results));
  log(`wrote ${join(outDir, 'large-catalogs-report.md')}`);
}
