/**
 * The real `sitecontent` bin (packages/client/dist/cli/main.js, built by `npm run build:packages`)
 * spawned end to end against the emulator: connection from flags and environment, exit codes,
 * no colour and no prompt when not on a terminal, the key never in output.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DesiredMetaEntry, parseDesiredMetaText, serializeDesiredMeta } from '../src/index.js';
import { requireBuiltBin } from './helpers/client.js';

interface BinRun {
  code: number;
  stdout: string;
  stderr: string;
}

function sitecontent(args: string[], env: Record<string, string>): Promise<BinRun> {
  const bin = requireBuiltBin();
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(); // not a terminal, no input
  });
}

describe('sitecontent meta (spawned bin)', () => {
  let emu: Emulator;
  let dir: string;
  let env: Record<string, string>;
  const runs: BinRun[] = [];
  const run = async (...args: string[]): Promise<BinRun> => {
    const result = await sitecontent(args, env);
    runs.push(result);
    return result;
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, db: ':memory:', seed: 'demo' });
    dir = await mkdtemp(join(tmpdir(), 'meta-bin-'));
    env = { SITECONTENT_BASE_URL: emu.url, SITECONTENT_API_KEY: emu.key, SITECONTENT_SID: String(emu.sid) };
  });
  afterAll(async () => {
    await emu?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('pull → edit → plan (exit 3) → push (refused without --yes, then applied) → plan (exit 0)', async () => {
    const file = join(dir, 'meta.yml');
    const pull = await run('meta', 'pull', '--md', 'dir', '--out', file);
    expect(pull.code, pull.stderr).toBe(0);
    const entries = parseDesiredMetaText(await readFile(file, 'utf8'), 'yaml') as DesiredMetaEntry[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.md === 'dir')).toBe(true);

    const first = entries[0] as DesiredMetaEntry;
    first.ttl = 'Edited through the bin';
    await writeFile(file, serializeDesiredMeta(entries, 'yaml'));

    const plan = await run('meta', 'plan', file);
    expect(plan.code, plan.stderr).toBe(3);
    expect(plan.stdout).toContain(`~ dir ${first.id}`);
    expect(plan.stdout).toContain('→ "Edited through the bin"');
    expect(plan.stdout).not.toContain('\u001b[');

    const setsBefore = emu.stats.byOperation['meta/Set'] ?? 0;
    const refused = await run('meta', 'push', file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('without --yes');
    expect(emu.stats.byOperation['meta/Set'] ?? 0).toBe(setsBefore);

    // Connection flags instead of the environment for this one (the key is still never printed).
    const push = await sitecontent(
      ['--base-url', emu.url, '--key', emu.key, '--sid', String(emu.sid), 'meta', 'push', file, '--yes'],
      {},
    );
    runs.push(push);
    expect(push.code, push.stderr).toBe(0);
    expect(push.stdout).toContain('1 updated, 0 unchanged, 0 failed');
    expect(push.stderr).toContain(`[1/1] updated dir ${first.id}`);
    expect(emu.stats.byOperation['meta/Set'] ?? 0).toBe(setsBefore + 1);

    const after = await run('meta', 'plan', file);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('Nothing to change.');
  });

  it('an invalid file exits 1 and sends nothing; bad usage exits 2; a service error exits 1 redacted', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(
      bad,
      JSON.stringify([
        { md: 'goods', id: 'x', ttl: 'a' },
        { md: 'goods', id: 2, dsc: 5 },
      ]),
    );
    const before = emu.stats.total;
    const invalid = await run('meta', 'push', bad, '--yes');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('entry 1 (md=goods id=x): id: must be a positive whole number');
    expect(invalid.stderr).toContain(
      'entry 2 (md=goods id=2): dsc: must be a string, got number 5 (quote it)',
    );
    expect(emu.stats.total).toBe(before);

    expect((await run('meta', 'plan')).code).toBe(2);
    expect((await run('meta', 'pull', '--bogus')).code).toBe(2);

    const wrongKey = await sitecontent(['meta', 'pull'], { ...env, SITECONTENT_API_KEY: 'not-the-key-123' });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toMatch(/401|Invalid API key/);
    expect(wrongKey.stderr).not.toContain('not-the-key-123');
  });

  it('plan and push stop at the first refused key: one error, not one line per page', async () => {
    const file = join(dir, 'many.json');
    const pages = Array.from({ length: 40 }, (_, i) => ({ md: 'goods', id: i + 1, ttl: `Page ${i + 1}` }));
    await writeFile(file, JSON.stringify(pages));
    const wrong = { ...env, SITECONTENT_API_KEY: 'not-the-key-456' };
    for (const args of [
      ['meta', 'plan', file, '--concurrency', '4'],
      ['meta', 'push', file, '--yes', '--concurrency', '4'],
    ]) {
      const before = emu.stats.total;
      const result = await sitecontent(args, wrong);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toMatch(/meta\/Get failed with HTTP 401/);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/could not be read|not-the-key-456/);
      // The reads in flight when the first 401 came, not one per page, and no write.
      expect(emu.stats.total - before).toBeGreaterThanOrEqual(1);
      expect(emu.stats.total - before).toBeLessThanOrEqual(4);
    }
  });

  it('never prints the key', () => {
    expect(runs.length).toBeGreaterThan(0);
    for (const result of runs) {
      expect(result.stdout).not.toContain(emu.key);
      expect(result.stderr).not.toContain(emu.key);
    }
  });
});
