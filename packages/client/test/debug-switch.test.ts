/**
 * The debug switch: `SITECONTENT_DEBUG=1 npx sitecontent get products`, spawned as a user types it,
 * against the emulator, prints one line per request (operation, status, ms, bytes, retry, URL with
 * `key=***`) and never the key; the emulator's own counts say how many requests there were. The
 * retry number is checked in-process against a server that fails once.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { requireBuiltBin } from './helpers/client.js';
import { TEST_KEY, useScriptServer } from './helpers/server.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** One debug line: `sitecontent: goods/Get 200 3 ms 2048 bytes retry 0 http://…?key=***&sid=1`. */
const LINE = /^sitecontent: (\S+\/\S+) (\d{3}) \d+ ms (\d+) bytes retry (\d+) (http:\/\/\S+)$/;

function npxSitecontent(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npx',
      ['sitecontent', ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('SITECONTENT_DEBUG=1 npx sitecontent get products', () => {
  let emu: Emulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    requireBuiltBin();
    emu = await startEmulator({ port: 0, db: ':memory:', seed: 'demo' });
    env = { SITECONTENT_BASE_URL: emu.url, SITECONTENT_API_KEY: emu.key, SITECONTENT_SID: String(emu.sid) };
  });
  afterAll(() => emu?.close());

  it('prints a line per request with operation, status, bytes, retry and the URL, and no key', async () => {
    emu.resetStats();
    const run = await npxSitecontent(['get', 'products'], { ...env, SITECONTENT_DEBUG: '1' });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.trimEnd().split('\n');
    const parsed = lines.map((line) => LINE.exec(line));
    expect(
      parsed.every((m) => m !== null),
      run.stderr,
    ).toBe(true);
    // One line per request the emulator answered, with the operation and status it counted.
    expect(lines).toHaveLength(emu.stats.total);
    const counted: Record<string, Record<number, number>> = {};
    for (const m of parsed) {
      const [, operation, status, bytes, retry, url] = m!;
      counted[operation!] ??= {};
      counted[operation!]![Number(status)] = (counted[operation!]![Number(status)] ?? 0) + 1;
      expect(Number(bytes)).toBeGreaterThan(0);
      expect(retry).toBe('0');
      expect(url).toContain(`${emu.url}/v1/${operation}?key=***&`);
    }
    expect(counted).toEqual(emu.stats.byOperationStatus);
    expect(counted['goods/Get']?.[200]).toBeGreaterThan(0);
    expect(run.stdout + run.stderr).not.toContain(emu.key);
    // The products themselves are still on stdout, untouched.
    expect(run.stdout).not.toContain('bytes retry');
  });

  it('prints no such line without the switch, and the same lines with --verbose', async () => {
    const quiet = await npxSitecontent(['get', 'products'], env);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    const verbose = await npxSitecontent(['--verbose', 'get', 'products'], {
      ...env,
      SITECONTENT_DEBUG: '0',
    });
    expect(verbose.code).toBe(0);
    expect(
      verbose.stderr
        .trimEnd()
        .split('\n')
        .every((line) => LINE.test(line)),
    ).toBe(true);
    expect(verbose.stderr).toMatch(/^sitecontent: goods\/Get 200 /m);
  });
});

describe('the debug line of a retried request', () => {
  const server = useScriptServer();

  it('counts the retry and says why an attempt got no answer', async () => {
    server.script(
      'goods/Get',
      { status: 503, json: [{ message: 'busy', error: 'unavailable' }] },
      { destroy: true },
      { json: [] },
    );
    const env = { SITECONTENT_BASE_URL: server.url, SITECONTENT_API_KEY: TEST_KEY, SITECONTENT_SID: '1' };
    const run = await runCli(['get', 'products'], { ...env, SITECONTENT_DEBUG: 'yes' });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^sitecontent: goods\/Get 503 \d+ ms \d+ bytes retry 0 http:\/\/\S+\?key=\*\*\*&sid=1$/,
    );
    expect(lines[1]).toMatch(/^sitecontent: goods\/Get no answer \(network \w+\) \d+ ms 0 bytes retry 1 /);
    expect(lines[2]).toMatch(/^sitecontent: goods\/Get 200 \d+ ms 2 bytes retry 2 /);
  });
});
