// `npm run bench:on-demand -- --quick`, `bench:sitemaps -- --quick` and `bench:feed -- --quick`: the
// million-product benchmarks' whole paths on a small catalog (emulator process, on-demand site,
// Varnish, Zipf views; the product sitemaps read as a crawler does; the product feed read as it
// streams), into a temp folder; and `bench:on-demand-images -- --quick` (pages with photos, the image
// host silent). Checks that the reports say what they are for, not how fast anything was.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runProcess } from './helpers/process.js';
import { repoRoot } from './helpers/storefront.js';

const out = mkdtempSync(path.join(tmpdir(), 'bench-on-demand-test-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** `bench/<name>.mjs --quick` into the temp folder: its report and its results. */
async function quickRun(name: string) {
  const run = await runProcess(process.execPath, [`bench/${name}.mjs`, '--quick', '--out', out], {
    cwd: repoRoot,
    timeoutMs: 120_000,
  });
  expect(run.code, run.output).toBe(0);
  return {
    report: readFileSync(path.join(out, `${name}-report.md`), 'utf8'),
    results: JSON.parse(readFileSync(path.join(out, `${name}-results.json`), 'utf8')),
  };
}

it('the quick run writes a report with the hit ratio, requests per 1,000 views, view times and peak RSS', async () => {
  const { report, results } = await quickRun('on-demand');
  expect(results.run.hits + results.run.misses).toBe(600);
  // Zipf views repeat the head of the catalog: Varnish answers some of them.
  expect(results.run.hits).toBeGreaterThan(0);
  expect(results.run.serviceRequests.total).toBeLessThan(3 * results.run.misses + 10);
  // The miss floor: most fresh products were found, each asked goods/Get and meta/Get (its section
  // mostly kept), and the miss waited for one round trip, not two (two would be well above 1.3×).
  const floor = results.missFloor;
  // Hidden products (shw = 0) answer 404 and are left out of the times.
  expect(floor.found).toBeGreaterThan(floor.views * 0.7);
  expect(floor.requestsPerMiss).toBeGreaterThanOrEqual(2);
  expect(floor.requestsPerMiss).toBeLessThan(3);
  expect(floor.missMsP50).toBeGreaterThan(25);
  for (const figure of [
    /\| Hit ratio at Varnish \| \d+\.\d % \(\d+ hits, \d+ misses\) \|/,
    /\| Requests to the service per 1,000 views \| \d+ \(.*goods\/Get \d+/,
    /\| View time, hits: median \/ p99 \| [\d.]+ m?s \/ [\d.]+ m?s \|/,
    /\| View time, misses: median \/ p99 \|/,
    /\| Node server peak RSS \| \d+ MB \|/,
    /\| A miss at 25 ms of service latency: median against its floor \| [\d.]+ m?s against [\d.]+ m?s \(25 ms \+ [\d.]+ m?s for the same miss at 0 ms\): \*\*[\d.]+×\*\*/,
  ]) {
    expect(report).toMatch(figure);
  }
}, 150_000);

it('the sitemaps quick run: every visible product in the files the index lists, the time, requests and peak RSS', async () => {
  const { report, results } = await quickRun('sitemaps');
  // 2,000 products, some hidden (shw = 0): the visible ones, one file a section of 200.
  expect(results.run.files.urls).toBeGreaterThan(1800);
  expect(results.run.files.urls).toBeLessThan(2000);
  // The cold index reads the sections alone and lists a file a section, with no <lastmod>; the
  // index again lists each section's file with the <lastmod> its making gave.
  expect(results.run.index.files).toBe(10);
  expect(results.run.index.lastmods).toBe(0);
  expect(results.run.index.byOperation['goods/Get']).toBeUndefined();
  expect(results.run.index.byOperation['dir/Get']).toBe(1);
  expect(results.run.indexAgain).toMatchObject({ files: 10, lastmods: 10, byOperation: { 'dir/Get': 1 } });
  // Each file reads its section and its products, once.
  expect(results.run.files.read).toBe(10);
  expect(results.run.serviceRequests.byOperation['goods/Get']).toBe(10);
  for (const figure of [
    /\| Catalog \| 2,000 products, 10 sections \|/,
    /\| Every file made: the index, then each file it lists \| \*\*[\d.]+ m?s\*\* \(2 files at a time\) \|/,
    /\| The index, cold \(no file made yet\) \| \*\*[\d.]+ m?s\*\*, 10 files listed, 0 with `<lastmod>`, \d requests to the service \(.*dir\/Get 1/,
    /\| The index again, after the files \| [\d.]+ m?s, 10 files listed, 10 with `<lastmod>`/,
    /\| Requests to the service \| \d+ \(.*goods\/Get 10/,
    /\| Node server peak RSS \| \*\*\d+ MB\*\*/,
  ]) {
    expect(report).toMatch(figure);
  }
}, 150_000);

it('the feed quick run: an item per offer of every visible product, one goods/Get per section, time and peak RSS', async () => {
  const { report, results } = await quickRun('feed');
  // 2,000 products, some hidden (shw = 0), most with two modifications: an item per modification.
  expect(results.run.items).toBeGreaterThan(1800 * 1.5);
  expect(results.run.items).toBeLessThan(2000 * 2 + 1);
  expect(results.run.serviceRequests.byOperation['goods/Get']).toBe(10);
  expect(results.run.serviceRequests.byOperation['goods/SkuGet']).toBeUndefined();
  expect(report).toMatch(
    /\| 2,000 products, 10 sections \| \*\*[\d.]+ s\*\* \| [\d.]+ s \| [\d,]+ \| \d+ MB \| \d+ \(.*goods\/Get 10\) \| \*\*\d+ MB\*\* \(\d+ MB before\) \|/,
  );
}, 150_000);

it('the image-host-down quick run: pages with photos render without asking the silent host; the miss against its floor', async () => {
  const { report, results } = await quickRun('on-demand-images');
  const down = results.imageHostDown;
  expect(down.imageHostRequests).toBe(0);
  // One round trip to the service and the render: a view that waited on the silent host would
  // wait until its fetch gave up, hundreds of times its floor.
  expect(down.missMsP50).toBeGreaterThan(25);
  expect(down.ratio).toBeLessThan(2);
  for (const figure of [
    /\| A miss at 25 ms of service latency: median against one request to the service \| [\d.]+ m?s against [\d.]+ m?s \(25 ms \+ [\d.]+ m?s for the same miss at 0 ms\): \*\*[\d.]+×\*\*/,
    /\| Requests that reached the image host while the pages rendered \| 0 \|/,
  ]) {
    expect(report).toMatch(figure);
  }
}, 150_000);
