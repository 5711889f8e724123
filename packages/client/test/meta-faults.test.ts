/** A push cut short by faults is finished by running it again, and what was written is not sent twice. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesiredMetaEntry } from '../src/index.js';
import { createClient, type SiteContentClient } from '../src/index.js';
import { type MetaRun, runMeta } from './meta-helpers/cli.js';
import { expectNoKey, sets, useScratchDir } from './meta-helpers/emulator.js';

const dir = useScratchDir('meta-faults-');

describe('meta push under injected faults', () => {
  let emu: Emulator;
  let steady: SiteContentClient;
  let flaky: SiteContentClient;
  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      db: ':memory:',
      seed: 'demo',
      faults: { failRate: 0.2, resetRate: 0.1, seed: 42 },
    });
    // The client's own retries absorb most faults...
    steady = createClient({
      baseUrl: emu.url,
      apiKey: emu.key,
      sid: emu.sid,
      retries: 4,
      retryBaseDelayMs: 10,
    });
    // ...without them, faults reach the write-back, which must report them.
    flaky = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid, retries: 0 });
  });
  afterAll(async () => {
    await flaky?.close();
    await steady?.close();
    await emu?.close();
  });

  it('a push with failures, run again, converges without resending what was written', {
    timeout: 120_000,
  }, async () => {
    let pull: MetaRun;
    do pull = await runMeta(steady, ['pull', '--md', 'goods']);
    while (pull.code !== 0);
    const desired = (JSON.parse(pull.stdout) as DesiredMetaEntry[])
      .slice(0, 12)
      .map((entry) => ({ md: entry.md, id: entry.id, ttl: `Converged ${entry.id}`, kwd: 'a, b' }));
    expect(desired).toHaveLength(12);
    const file = join(dir(), 'faults.json');
    await writeFile(file, JSON.stringify(desired));

    const setsBefore = sets(emu);
    const first = await runMeta(flaky, ['push', file, '--yes', '--concurrency', '4']);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/Run the same command again to retry them/);
    const notWritten = Number(/(\d+) pages? not written/.exec(first.stderr)?.[1]);
    expect(notWritten).toBeGreaterThan(0);
    expect(notWritten).toBeLessThan(12);
    const setsAfterFirst = sets(emu);
    const stale = desired
      .filter((entry) => emu.store.getMeta(emu.sid, entry.md, entry.id)?.ttl !== entry.ttl)
      .map((entry) => entry.id);
    expect(stale.length).toBeGreaterThan(0);

    // Re-runs go through a client that records which pages it is asked to write.
    const writtenIds: number[] = [];
    const recording = {
      ...steady,
      meta: {
        get: steady.meta.get,
        update: (...args: Parameters<SiteContentClient['meta']['update']>) => {
          writtenIds.push(args[1]);
          return steady.meta.update(...args);
        },
      },
    };

    const runs: MetaRun[] = [first];
    let run: MetaRun;
    do {
      run = await runMeta(recording, ['push', file, '--yes', '--concurrency', '4']);
      runs.push(run);
      expect([0, 1]).toContain(run.code);
    } while (run.code !== 0 && runs.length < 10);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(emu.stats.faults.fail + emu.stats.faults.reset).toBeGreaterThan(0);
    expect(setsAfterFirst - setsBefore).toBeGreaterThanOrEqual(12 - notWritten);
    // What the first run wrote is never written again: re-runs only write pages still stale.
    expect(writtenIds.length).toBeGreaterThanOrEqual(1);
    expect(stale).toEqual(expect.arrayContaining([...new Set(writtenIds)]));

    for (const entry of desired) {
      const stored = emu.store.getMeta(emu.sid, entry.md, entry.id);
      expect(stored?.ttl).toBe(entry.ttl);
      expect(stored?.kwd).toBe('a, b');
    }
    const afterConverged = sets(emu);
    let final: MetaRun;
    do final = await runMeta(steady, ['push', file, '--yes']);
    while (final.code !== 0);
    expect(final.stdout).toContain('Nothing to change.');
    expect(sets(emu)).toBe(afterConverged);
    expectNoKey(emu, ...runs, final);
  });
});
