// The "Large static catalogs" section of bench/report.md: the rows of the last `npm run bench:large`
// (bench/large-catalogs-results.json), read when the report is rendered, so `npm run bench` and
// `--render` keep them without running those syncs (minutes, gigabytes) again.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RESULTS = fileURLToPath(new URL('../large-catalogs-results.json', import.meta.url));

/**
 * @param {(line?: string) => void} p
 * @param {string} [resultsPath] the results of bench/large-catalogs.mjs (default bench/large-catalogs-results.json)
 */
export function largeCatalogsSection(p, resultsPath = RESULTS) {
  p('## Large static catalogs');
  p();
  if (!existsSync(resultsPath)) {
    p('No `bench/large-catalogs-results.json`: run `npm run bench:large`.');
    p();
    return;
  }
  /** @type {any} */
  const saved = JSON.parse(readFileSync(resultsPath, 'utf8'));
  const mb = (/** @type {number} */ bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const n = (/** @type {number} */ value) => value.toLocaleString('en');
  p(
    `\`astro sync\` of the bench site at 0 ms on Astro's and our defaults (Node's default heap, no option raised), each size once, cold, by \`npm run bench:large\` on ${String(saved.environment?.date ?? '').slice(0, 10) || 'its last run'}; the whole report, with where the single-file store meets V8's longest string and what \`collectionStorage: 'chunked'\` costs: [large-catalogs-report.md](./large-catalogs-report.md).`,
  );
  p();
  p('| Products | Store | Wall time | Peak RSS | Data store | Requests | Catalog read |');
  p('|---:|---|---:|---:|---:|---:|---|');
  for (const r of saved.rows ?? []) {
    const storage = r.storage ?? 'single-file';
    p(
      'error' in r
        ? `| ${n(r.size)} | ${storage} | failed: ${String(r.error).split('\n')[0]} | | | | |`
        : `| ${n(r.size)} | ${storage} | ${(r.elapsedMs / 1000).toFixed(1)} s | ${mb(r.peakRss)} | ${mb(r.dataStore.bytes)} | ${n(r.requests.total)} | ${r.read} |`,
    );
  }
  p();
}
