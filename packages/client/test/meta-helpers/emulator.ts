/**
 * The meta write-back against a real emulator (META.md): the demo site and a client of it, the
 * server's own count of meta writes, a scratch directory for the files, and no key in any output.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, expect } from 'vitest';
import { createClient, type SiteContentClient } from '../../src/index.js';
import type { MetaRun } from './cli.js';

/** meta/Set requests the emulator has answered: what a run really wrote, counted by the server. */
export const sets = (emu: Emulator): number => emu.stats.byOperation['meta/Set'] ?? 0;

export function expectNoKey(emu: Emulator, ...runs: MetaRun[]): void {
  for (const run of runs) {
    expect(run.stdout).not.toContain(emu.key);
    expect(run.stderr).not.toContain(emu.key);
  }
}

/** A scratch directory for a test file's tests, removed after them; call the result for its path. */
export function useScratchDir(prefix: string): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (dir === undefined) throw new Error('the scratch directory is made in beforeAll');
    return dir;
  };
}

export interface DemoSite {
  readonly emu: Emulator;
  readonly client: SiteContentClient;
}

/** An emulator holding the demo site, and a client of it, for the tests of a `describe` (or file). */
export function useDemoSite(): DemoSite {
  const site = {} as { emu: Emulator; client: SiteContentClient };
  beforeAll(async () => {
    site.emu = await startEmulator({ port: 0, db: ':memory:', seed: 'demo' });
    site.client = createClient({ baseUrl: site.emu.url, apiKey: site.emu.key, sid: site.emu.sid });
  });
  afterAll(async () => {
    await site.client?.close();
    await site.emu?.close();
  });
  return site;
}
