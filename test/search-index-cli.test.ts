// `sitecontent search-index` and `sitecontent watch --search-index` through the built bin against the
// emulator: bad usage is exit 2 before anything is read, and the watch writes the index at its first
// cycle and again after a cycle that confirmed a change, so a product renamed through goods/Set is
// found by its new name with Pagefind's own search. (The index's records against a build's are
// checked on the storefront: test/storefront-search.ts.)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchIndexAt } from '../packages/astro/test/helpers/pagefind-search.js';
import { runProcess } from './helpers/process.js';
import { repoRoot } from './helpers/storefront.js';

const BIN = path.join(repoRoot, 'packages/client/bin/sitecontent.js');
let emu: Emulator;
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  dir = await mkdtemp(path.join(tmpdir(), 'sitecontent-search-cli-'));
  env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SITECONTENT_'))),
    SITECONTENT_BASE_URL: emu.url,
    SITECONTENT_API_KEY: emu.key,
    SITECONTENT_SID: String(emu.sid),
    NO_COLOR: '1',
  };
});

afterAll(async () => {
  await emu?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sitecontent = (...args: string[]) => runProcess(process.execPath, [BIN, ...args], { cwd: dir, env });

describe('sitecontent search-index', () => {
  it('refuses bad usage with exit 2 and reads nothing', async () => {
    const before = emu.stats.total;
    for (const [args, message] of [
      [['search-index', '--currency', 'USD'], 'missing --out DIR'],
      [['search-index', '--out', 'x'], 'name the prices'],
      [['search-index', '--out', 'x', '--currency', 'dollars'], 'currency'],
      [
        ['search-index', '--out', 'x', '--options', 'a.mjs', '--currency', 'USD'],
        'goes in the --options file',
      ],
      [
        ['watch', '--state', 's', '--interval', '1', '--currency', 'USD', '--build-hook', 'http://x/'],
        'go with --search-index',
      ],
    ] as const) {
      const run = await sitecontent(...args);
      expect(run.code, run.output).toBe(2);
      expect(run.stderr).toContain(message);
    }
    expect(emu.stats.total).toBe(before);
  });
});

describe('sitecontent watch --search-index', () => {
  let watch: ChildProcess | undefined;
  afterAll(async () => {
    if (watch && watch.exitCode === null) {
      const exited = new Promise((resolve) => watch?.once('exit', resolve));
      watch.kill('SIGTERM');
      await exited;
    }
  });

  it('writes the index at its first cycle and again after a confirmed change', async () => {
    let output = '';
    watch = spawn(
      process.execPath,
      [
        BIN,
        'watch',
        '--state',
        'state.tsv',
        '--interval',
        '1',
        '--search-index',
        'site/pagefind',
        '--currency',
        'USD',
      ],
      { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    watch.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    watch.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const lines = () => output.split('\n').filter((line) => /cycle \d+:/.test(line));
    await expect
      .poll(() => lines().some((l) => /first read.*search index \d+ pages/.test(l)), { timeout: 20_000 })
      .toBe(true);

    const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
    const [product] = (await client.products.list({})).filter((p) => p.shw);
    await client.products.update(product!.id, { zag: 'Quokkaphone Special' });
    await expect
      .poll(() => lines().some((l) => /1 change.*1 done.*search index \d+ pages/.test(l)), {
        timeout: 20_000,
      })
      .toBe(true);
    // Cycles that confirm nothing leave the index alone.
    expect(
      lines()
        .filter((l) => /no changes/.test(l))
        .every((l) => !l.includes('search index')),
    ).toBe(true);

    const index = await searchIndexAt(path.join(dir, 'site'));
    try {
      const found = await index.search('quokkaphone');
      expect(found.map((f) => f.meta.title)).toEqual(['Quokkaphone Special']);
    } finally {
      await index.close();
    }
    expect(output).not.toContain(emu.key);
  }, 60_000);
});
