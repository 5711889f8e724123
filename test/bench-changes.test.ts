// `npm run bench:changes -- --quick`: the change-detection benchmark's whole path on a small catalog
// (a detection in its own process at each step, the on-demand site behind Varnish with
// `sitecontent watch`), into a temp folder. Checks that the report says what it is for and that
// what it counts is right, not how fast anything was.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runProcess } from './helpers/process.js';
import { repoRoot } from './helpers/storefront.js';

const out = mkdtempSync(path.join(tmpdir(), 'bench-changes-test-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('the quick run: a cycle first, unchanged and after one edit, and edits shown behind Varnish with no other page purged', async () => {
  const run = await runProcess(process.execPath, ['bench/changes.mjs', '--quick', '--out', out], {
    cwd: repoRoot,
    timeoutMs: 120_000,
  });
  expect(run.code, run.output).toBe(0);
  expect(run.output).not.toMatch(/key=(?!\*\*\*)/);
  const report = readFileSync(path.join(out, 'changes-report.md'), 'utf8');
  const results = JSON.parse(readFileSync(path.join(out, 'changes-results.json'), 'utf8'));
  const [row] = results.detection;
  expect(row.catalog).toMatchObject({ products: 2000, sections: 10 });
  // The documented cost: dir/Get once, goods/Get once per section, article/Get once.
  for (const cycle of [row.first, row.unchanged, row.oneEdit]) {
    expect(cycle.served.byOperation).toMatchObject({ 'dir/Get': 1, 'goods/Get': 10, 'article/Get': 1 });
  }
  expect(row.first.first).toBe(true);
  expect(row.unchanged.changes).toEqual([]);
  expect(row.oneEdit.changes).toEqual([expect.stringMatching(/^changed product \d+$/)]);
  expect(results.editToPage).toMatchObject({ edits: 3, controlPurged: 0, interval: 2 });
  expect(results.editToPage.ms).toHaveLength(3);
  for (const figure of [
    /\| 2,000 products, 10 sections, 20 articles: first read \(no state\) \| \*\*[\d.]+ m?s\*\*, 13 requests .*peak RSS \d+ MB; state file \d+ KB \|/,
    /\| 2,000 products, 10 sections, 20 articles: one product renamed \| .*found: changed product \d+ \|/,
    /\| Edit to page behind Varnish \(2,000 products, `watch --interval 2`\) \| median \*\*[\d.]+ m?s\*\*, p95 \*\*[\d.]+ m?s\*\*/,
    /\| Pages purged that did not show the change \| 0 /,
    /\| A cycle that purged, as the watch logged it \| `cycle \d+: 1 change \(product \d+ changed\), 1 done, 0 pending; \d+ service requests, 1 purge, [\d.]+ s` \|/,
  ]) {
    expect(report).toMatch(figure);
  }
}, 150_000);
