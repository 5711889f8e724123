// `sitecontent watch` as a process (the built bin): it purges an edited product's page at the site's
// purge endpoint within a few cycles, logs one line per cycle, never prints the key, the token or
// the build hook's path, and stops cleanly (exit 0) on SIGTERM and on SIGINT. Bad usage is exit 2.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SiteContentClient } from '../src/index.js';
import { type RecordingSite, startRecordingSite } from './helpers/change-servers.js';
import { runCli } from './helpers/cli.js';
import { assertNoKey, requireBuiltBin } from './helpers/client.js';
import { TEST_KEY, until } from './helpers/server.js';

const TOKEN = 'watch-token-51aa';
let emu: Emulator;
let site: RecordingSite;
let client: SiteContentClient;
const dir = mkdtempSync(join(tmpdir(), 'sitecontent-watch-'));

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo', keys: { [TEST_KEY]: [1] } });
  site = await startRecordingSite();
  client = createClient({ baseUrl: emu.url, apiKey: TEST_KEY, sid: 1 });
});

afterAll(async () => {
  await client?.close();
  await site?.close();
  await emu?.close();
});

const env = {
  SITECONTENT_BASE_URL: '',
  SITECONTENT_API_KEY: TEST_KEY,
  SITECONTENT_SID: '1',
  SITECONTENT_PURGE_TOKEN: TOKEN,
};

function watch(state: string, extra: string[] = []) {
  const child = spawn(
    process.execPath,
    [requireBuiltBin(), 'watch', '--state', state, '--interval', '0.2', ...extra],
    {
      env: {
        ...env,
        PATH: process.env.PATH ?? '',
        SITECONTENT_BASE_URL: emu.url,
        SITECONTENT_SITE_URL: site.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const out = { text: '' };
  child.stdout?.on('data', (chunk: Buffer) => (out.text += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (out.text += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, out, exited };
}

const stopWith = async (
  run: { child: ChildProcess; exited: Promise<number | null> },
  signal: NodeJS.Signals,
) => {
  run.child.kill(signal);
  return run.exited;
};

describe('sitecontent watch', () => {
  it('purges an edited product page, logs a line per cycle, and stops on SIGTERM with exit 0', async () => {
    const run = watch(join(dir, 'watch.state'), ['--build-hook', `${site.url}/build/hook-secret-9d`]);
    await until(() => run.out.text.includes('cycle 1: first read'), 15_000);
    const product = (await client.products.list({ cattx: 'headphones' })).find((p) => p.shw)!;
    await client.products.update(product.id, { zag: 'Renamed while watched' });
    await until(() => site.purges().length > 0, 15_000);
    await until(() => /cycle \d+: no changes/.test(run.out.text.split('1 done')[1] ?? ''), 15_000);
    expect(await stopWith(run, 'SIGTERM')).toBe(0);

    expect(site.purges()).toEqual([{ products: [String(product.id)], sections: ['headphones'] }]);
    expect(site.posts.filter((p) => p.path === '/build/hook-secret-9d')).toHaveLength(1);
    const lines = run.out.text.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^\S+Z watching every 0.2 s, state in .*, purging at http:\/\/127\.0\.0\.1:\d+, build hook http:\/\/127\.0\.0\.1:\d+\/…$/,
    );
    expect(lines.at(-1)).toMatch(/^\S+Z stopped after \d+ cycles$/);
    const cycles = lines.slice(1, -1);
    expect(cycles.every((line) => /^\S+Z cycle \d+: /.test(line))).toBe(true);
    const done = cycles.find((line) => line.includes('1 done'))!;
    expect(done).toMatch(
      new RegExp(
        `cycle \\d+: 1 change \\(product ${product.id} changed\\), 1 done, 0 pending, build hook posted; \\d+ service requests, 1 purge, [\\d.]+ s$`,
      ),
    );
    assertNoKey(run.out.text);
    expect(run.out.text).not.toContain(TOKEN);
    expect(run.out.text).not.toContain('hook-secret-9d');
  });

  it('stops on SIGINT too, and its state then holds the last complete cycle', async () => {
    const state = join(dir, 'sigint.state');
    const run = watch(state);
    await until(() => /cycle 2: no changes/.test(run.out.text), 15_000);
    expect(await stopWith(run, 'SIGINT')).toBe(0);
    expect(run.out.text).toMatch(/stopped after \d+ cycles\n$/);
    const again = await runCli(['changes', '--state', state], { ...env, SITECONTENT_BASE_URL: emu.url });
    expect(again.code).toBe(0);
  });

  it('bad usage is exit 2 naming the flag, before any request', async () => {
    const state = join(dir, 'usage.state');
    const cases: [string[], Record<string, string>, string][] = [
      [['--state', state], {}, 'missing --interval SECONDS'],
      [
        ['--state', state, '--interval', 'soon'],
        {},
        '--interval must be a number of seconds above 0, got "soon"',
      ],
      [['--state', state, '--interval', '0'], {}, 'above 0, got "0"'],
      [['--interval', '2'], {}, 'missing --state FILE'],
      [
        ['--state', state, '--interval', '2'],
        { SITECONTENT_PURGE_TOKEN: '' },
        'name what to tell of changes',
      ],
      [
        ['--state', state, '--interval', '2', '--site', 'https://shop.example'],
        { SITECONTENT_PURGE_TOKEN: '' },
        'missing SITECONTENT_PURGE_TOKEN to purge https://shop.example',
      ],
      [
        ['--state', state, '--interval', '2', '--build-hook', 'ftp://x'],
        {},
        '--build-hook must be an http(s) URL',
      ],
    ];
    emu.resetStats();
    for (const [args, more, message] of cases) {
      const result = await runCli(['watch', ...args], { ...env, SITECONTENT_BASE_URL: emu.url, ...more });
      expect(result.code, message).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('Usage: sitecontent watch');
    }
    expect(emu.stats.byOperationStatus).toEqual({});
  });
});
