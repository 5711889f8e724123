// The test run leaves a user's files alone (test/setup/run-temp.ts): its temporary folders go into a
// folder of the run, removed when the run ends, also when it is interrupted in the middle of a
// storefront build; and the guard over example-site/dist sees a changed byte.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/storefront.js';
import { fingerprint } from './setup/run-temp.js';

/** Every path under `dir` (relative), or none when it is gone. */
const everything = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).map(String) : [];

const waitFor = async (what: string, check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe("the test run's temporary folder", () => {
  it('is where this run writes its temporary files, apart from the system temp folder', () => {
    expect(path.basename(tmpdir())).toMatch(/^sitecontent-test-run-\d+-/);
    expect(process.env.TEST_RUN_TEMP).toBe(tmpdir());
  });

  it("the guard's fingerprint changes with one byte of a file, and only then", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fingerprint-'));
    await mkdir(path.join(dir, 'a'));
    writeFileSync(path.join(dir, 'a', 'index.html'), '<h1>Home</h1>');
    const first = fingerprint(dir);
    expect(fingerprint(dir)).toBe(first);
    writeFileSync(path.join(dir, 'a', 'index.html'), '<h1>Home</h2>');
    expect(fingerprint(dir)).not.toBe(first);
    expect(fingerprint(path.join(dir, 'none'))).toBeUndefined();
    await rm(dir, { recursive: true });
  });

  it('is gone, storefront build and all, after a run interrupted (SIGINT) in the middle of a storefront build', async () => {
    // The interrupted run's system temp folder: one of this run's, so nothing else writes there.
    const temp = mkdtempSync(path.join(tmpdir(), 'interrupted-'));
    const { TEST_RUN_TEMP: _, ...env } = process.env;
    const vitest = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
        'run',
        'test/storefront.test.ts',
        '--project',
        'node',
      ],
      { cwd: repoRoot, env: { ...env, TMPDIR: temp }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    let output = '';
    vitest.stdout.on('data', (c: Buffer) => (output += c.toString()));
    vitest.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise((resolve) => vitest.once('exit', resolve));
    // Astro writing its build cache: the storefront build is under way in its storefront-dist-* folder.
    const building = () =>
      everything(temp).some((p) => p.includes('storefront-dist-')) &&
      everything(temp).some((p) => p.includes('storefront-astro-cache'));
    await waitFor(`storefront build in ${temp}\n${output}`, building, 120_000);
    process.kill(vitest.pid!, 'SIGINT');
    await exited;
    await waitFor(
      `empty ${temp}: ${everything(temp).slice(0, 5)}`,
      () => everything(temp).length === 0,
      15_000,
    );
    // Nothing left running recreates it.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(everything(temp)).toEqual([]);
    await rm(temp, { recursive: true, force: true });
  }, 180_000);
});
