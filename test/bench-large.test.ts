// `npm run bench:large -- --quick` end to end into a temp folder: a real `astro sync` of bench/site/
// against the emulator on a small catalog, and the report with its row, and bench/report.md's section
// made from its results. Counts are checked, never times.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { largeCatalogsSection } from '../bench/lib/large-catalogs-section.mjs';
import { repoRoot } from './helpers/storefront.js';

/** Runs bench/large-catalogs.mjs with `args`; its exit code. */
function runScript(args: string[]) {
  return new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['bench/large-catalogs.mjs', ...args], {
      cwd: repoRoot,
      stdio: 'ignore',
    });
    child.on('exit', resolve);
  });
}

describe('bench/large-catalogs.mjs --quick', () => {
  let out = '';
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('syncs the small catalog and writes the report row', async () => {
    out = await mkdtemp(path.join(tmpdir(), 'bench-large-test-'));
    const code = await runScript(['--quick', '--out', out]);
    expect(code).toBe(0);
    const results = JSON.parse(await readFile(path.join(out, 'large-catalogs-results.json'), 'utf8'));
    expect(results.rows).toHaveLength(1);
    expect(results.rows[0].size).toBe(2000);
    expect(results.rows[0].dataStore.bytes).toBeGreaterThan(0);
    expect(results.rows[0].requests.byOperation['goods/Get']).toBeGreaterThanOrEqual(1);
    const report = await readFile(path.join(out, 'large-catalogs-report.md'), 'utf8');
    expect(report).toMatch(/\| 2,000 \| single-file \| [\d.]+ s \| \d+ MB \|/);
    expect(report).toMatch(/V8's longest string/);
    // --render writes the same report from the results alone.
    expect(await runScript(['--render', '--out', out])).toBe(0);
    expect(await readFile(path.join(out, 'large-catalogs-report.md'), 'utf8')).toBe(report);

    // bench/report.md's section, rendered from these results, has the same row and links the report.
    const lines: string[] = [];
    largeCatalogsSection((line = '') => lines.push(line), path.join(out, 'large-catalogs-results.json'));
    const section = lines.join('\n');
    expect(section).toMatch(/^## Large static catalogs/);
    expect(section).toMatch(
      /\| 2,000 \| single-file \| [\d.]+ s \| \d+ MB \| \d+ MB \| [\d,]+ \| one goods\/Get \|/,
    );
    expect(section).toMatch(/\(\.\/large-catalogs-report\.md\)/);
  }, 300_000);
});
