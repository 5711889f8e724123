/** The emulator a test talks to: on its own, or connected to a fixture project through its `.env`. */
import { type Emulator, type EmulatorOptions, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll } from 'vitest';
import { createFixture, type Fixture, settleAstroWrites } from './fixture.js';
import { useSite } from './site.js';

export type { Emulator };

/** Starts the emulator (demo seed unless told otherwise). Close it in teardown. */
export function emulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ seed: 'demo', ...options });
}

/**
 * A fixture project whose `.env` connects it to an emulator of its own that accepts only `key`, both
 * started before and removed after the tests of the calling `describe` block.
 */
export function fixtureWithEmulator(files: Record<string, string>, key: string) {
  const site = {} as { emu: Emulator; fx: Fixture };
  beforeAll(async () => {
    site.emu = await emulator({ keys: { [key]: [1] } });
    site.fx = createFixture({
      ...files,
      '.env': `SITECONTENT_API_KEY=${key}\nSITECONTENT_BASE_URL=${site.emu.url}\nSITECONTENT_SID=1\n`,
    });
  });
  afterAll(async () => {
    await site.emu?.close();
    await settleAstroWrites();
    site.fx?.remove();
  });
  return site;
}

/**
 * A demo emulator and one site on it, opened before and closed after the tests of the calling
 * `describe` block.
 */
export function emulatorWithSite() {
  const shared = {} as { emu: Emulator; site: ReturnType<typeof useSite> };
  beforeAll(async () => {
    shared.emu = await emulator();
    shared.site = useSite(shared.emu);
  });
  afterAll(async () => {
    await shared.site?.release();
    await shared.emu?.close();
  });
  return shared;
}
