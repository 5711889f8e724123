// The test run leaves a user's files alone (test/setup/run-temp.ts): its temporary folders go into a
// folder of the run, removed when the run ends, also when it is interrupted in the middle of a
// storefront build; and the guard over example-site/dist sees a changed byte.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess } from './helpers/process.js';
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

  it('a changed guarded folder fails `vitest run` (the guard throws in the global teardown), an unchanged one does not', async () => {
    // A vitest run of its own: its global setup guards a folder with the guard run-temp.ts uses, and its
    // one passing test changes a byte there when CHANGE=1.
    const dir = mkdtempSync(path.join(tmpdir(), 'guarded-run-'));
    const guarded = path.join(dir, 'dist');
    await mkdir(guarded);
    writeFileSync(path.join(guarded, 'index.html'), '<h1>Home</h1>');
    const setupModule = path.join(repoRoot, 'test/setup/run-temp.ts');
    writeFileSync(
      path.join(dir, 'guard-setup.ts'),
      `import { guardFolders } from ${JSON.stringify(setupModule)};\nexport default () => guardFolders([${JSON.stringify(guarded)}]);\n`,
    );
    writeFileSync(
      path.join(dir, 'changes.test.ts'),
      `import { writeFileSync } from 'node:fs';\ntest('passes', () => {\n  if (process.env.CHANGE === '1') writeFileSync(${JSON.stringify(path.join(guarded, 'index.html'))}, '<h1>Home</h2>');\n  expect(1).toBe(1);\n});\n`,
    );
    writeFileSync(
      path.join(dir, 'vitest.config.mjs'),
      "export default { test: { globals: true, globalSetup: ['./guard-setup.ts'], include: ['changes.test.ts'] } };\n",
    );
    const vitest = (change: '0' | '1') =>
      runProcess(
        process.execPath,
        [
          path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--root',
          dir,
          '--config',
          'vitest.config.mjs',
        ],
        {
          cwd: dir,
          env: { ...process.env, CHANGE: change, NO_COLOR: '1', FORCE_COLOR: '0' },
          timeoutMs: 60_000,
        },
      );
    const unchanged = await vitest('0');
    expect(unchanged.code, unchanged.output).toBe(0);
    expect(unchanged.output).toMatch(/1 passed/);
    const changed = await vitest('1');
    expect(changed.output).toMatch(/1 passed/);
    expect(changed.output).toContain('the tests changed');
    expect(changed.code, changed.output).not.toBe(0);
    await rm(dir, { recursive: true });
  }, 150_000);

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
