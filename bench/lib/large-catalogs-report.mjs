// bench/large-catalogs-report.md from the results of bench/large-catalogs.mjs.
import { constants } from 'node:buffer';
import { getHeapStatistics } from 'node:v8';

/** The products loader's ceiling (packages/astro, staging/store-ceiling.ts): nine tenths of V8's longest string. */
export const STORE_CEILING_CHARS = Math.floor(constants.MAX_STRING_LENGTH * 0.9);

/** Its ceiling by the heap: estimated store characters per byte of Node's heap limit (same file). */
const HEAP_CHARS_PER_BYTE = 0.092;

const mb = (/** @type {number} */ bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const n = (/** @type {number} */ value) => Math.round(value).toLocaleString('en');
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

/** @param {any} results */
export function renderLargeCatalogs(results) {
  const { rows, environment: env } = results;
  const singles = rows.filter((/** @type {any} */ r) => !('error' in r) && r.storage === 'single-file');
  const load = env.loadAverage
    ? ` The machine's load average (1, 5, 15 min) was ${env.loadAverage.start.map((/** @type {number} */ l) => l.toFixed(1)).join(', ')} at the start and ${env.loadAverage.end.map((/** @type {number} */ l) => l.toFixed(1)).join(', ')} at the end: other work shared its ${env.cpus.split(' ')[0]} cores, so times are longer than on a quiet machine.`
    : '';
  const table = rows.map((/** @type {any} */ r) =>
    'error' in r
      ? `| ${n(r.size)} | ${r.storage} | failed: ${r.error.split('\n')[0]} | | | | |`
      : `| ${n(r.size)} | ${r.storage} | ${seconds(r.elapsedMs)} | ${mb(r.peakRss)} | ${mb(r.dataStore.bytes)} in ${r.dataStore.files} file(s) | ${n(r.requests.total)} | ${r.read} |`,
  );
  return `# Large static catalogs

Written by \`bench/large-catalogs.mjs\` (\`npm run bench:large\`) on ${env.date.slice(0, 16).replace('T', ' ')} UTC, commit \`${env.commit}\`${env.uncommittedFiles ? ` with uncommitted changes to ${env.uncommittedFiles} file(s)` : ''}; ${env.cpus}, ${env.memoryGB} GB RAM, Node ${env.node}. \`astro sync\` of the bench site
(\`bench/site/\`: Astro's defaults, the single-file data store, Node's default heap, no option raised;
ours with \`seo: true\`, so one \`meta/Get\` per product) against the emulator's synthetic catalog
(100 products a section) at 0 ms, each size once, cold (an empty cache folder), in a process of its own.${load}
The catalog read is how the products loader read it: one \`goods/Get\`, or, when that answer is
over \`maxResponseBytes\` (96 MiB by default) or slower than one attempt, one \`goods/Get?catid=\` per section.

| Products | Store | Wall time | Peak RSS | Data store | Requests | Catalog read |
|---:|---|---:|---:|---:|---:|---|
${table.join('\n')}
${ceilingSection(results, singles.at(-1))}${chunkedSection(rows, singles)}`;
}

/**
 * @param {any} results
 * @param {any} largest the largest single-file row that succeeded
 */
function ceilingSection(results, largest) {
  const max = results.ceiling?.maxStringLength ?? constants.MAX_STRING_LENGTH;
  const ceiling = results.ceiling?.ceilingChars ?? STORE_CEILING_CHARS;
  // The default heap of the run's Node; a results file without it was made on this machine's Node.
  const heap = results.ceiling?.heapSizeLimit ?? getHeapStatistics().heap_size_limit;
  const byHeap = Math.min(ceiling, Math.floor(heap * HEAP_CHARS_PER_BYTE));
  const perProduct = largest ? largest.dataStore.bytes / largest.size : undefined;
  const measured = perProduct
    ? ` The bench site's store took ${n(perProduct)} bytes a catalog product at ${n(largest.size)} products (${mb(largest.dataStore.bytes)}; the synthetic catalog is ASCII, so its bytes are its characters), so the single file would meet V8's string at about ${n(max / perProduct)} such products, were the heap large enough. The ${n(largest.size)}-product sync peaked at ${mb(largest.peakRss)} RSS (the whole process: Astro, the loader, its sanitizing worker thread and the string Astro writes).`
    : '';
  return `
## Where the single-file store meets V8's longest string

Astro 7 writes the data store as one string: \`devalue.stringify\` of every collection
(\`serializeDataStore\` in \`astro/dist/content/data-store-writer.js\`), then \`data-store.json\`. V8's
longest string is \`buffer.constants.MAX_STRING_LENGTH\` = ${n(max)} characters (2^29 − 24), but on
Node's default heap (${n(heap / 2 ** 20)} MiB here) the serializer's pieces of that string run the heap
out first: a 600,000-product catalog (569,939 entries, estimated at 449,763,085 characters) died out of
heap in Astro's serializer after the loader committed (exit by a signal, before this ceiling), where
500,000 (474,987 entries, about 375 M characters at the same 789 an entry) synced. The
products loader therefore stops a load whose entries would pass the smaller of ${n(ceiling)} characters
(nine tenths of the string: room for the other collections) and ${HEAP_CHARS_PER_BYTE} characters a byte
of the heap limit (${n(byHeap)} here) with \`SiteContentStoreCeilingError\`, naming the limit, before
Astro would crash writing the store; a larger heap (\`--max-old-space-size\`) raises it up to the
string's. Synced again with it, the 600,000-product catalog stopped with that error (\`products:
569939 entries would make Astro's data store about 449,763,085 characters, past the ceiling of the
single-file store (413,659,037 characters: what Node's heap of 4288 MiB can serialize; …\`) instead
of the crash (\`npm run bench:large -- --sizes 600000\`, run apart from the table's run), and the
500,000-product catalog, synced again with it at commit \`60c2543\`, still passed (199.5 s, 5084 MB
peak RSS, by section).${measured}
`;
}

/**
 * What `collectionStorage: 'chunked'` cost against the single file at the same size, where both were measured.
 * @param {any[]} rows
 * @param {any[]} singles
 */
function chunkedSection(rows, singles) {
  const pairs = rows
    .filter((r) => r.storage === 'chunked' && !('error' in r))
    .map((c) => [c, singles.find((r) => r.size === c.size)])
    .filter(([, single]) => single !== undefined);
  if (pairs.length === 0) return '';
  const lines = pairs.map(
    ([c, single]) =>
      `- ${n(c.size)} products: ${seconds(c.elapsedMs)} chunked against ${seconds(single.elapsedMs)} single-file (${(c.elapsedMs / single.elapsedMs).toFixed(2)}×), peak RSS ${mb(c.peakRss)} against ${mb(single.peakRss)}, store ${mb(c.dataStore.bytes)} in ${c.dataStore.files} files.`,
  );
  return `
## What \`experimental.collectionStorage: 'chunked'\` costs

The chunked store has no one-string ceiling (files of at most 20 MiB each), but Astro 7's chunked
writer is slower (bench/report.md, "100,000-product sync": it measures each character's UTF-8
length, and writes the store during the sync as well as at its end). Measured in the same run:

${lines.join('\n')}

No catalog past the ceiling was synced chunked here: that cost was not measured. The chunked
writer's work grows with the store's size, so expect at least the time above per 100,000 products.
`;
}
