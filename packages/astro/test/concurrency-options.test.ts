/**
 * `siteContent()`'s concurrency options at their limits: every valid combination loads with at most
 * as many requests in flight at the service as the setting allows (the emulator counts them, each
 * held 15 ms), an invalid one is refused when the integration is created, naming the user's option.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsLoader, type SiteContentOptions, siteContent } from '../src/index.js';
import { createLogger, createStore, type Emulator, emulator, loadInto } from './helpers/index.js';

let emu: Emulator;
const roots: string[] = [];
beforeAll(async () => {
  // Each answer takes 15 ms, so requests sent together are in service together.
  emu = await emulator({ faults: { latencyMs: 15 } });
});
afterAll(async () => {
  await emu.close();
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

/** Runs the integration's config hook as Astro does, then a products load of that project. */
async function loadWith(options: SiteContentOptions) {
  const dir = mkdtempSync(join(tmpdir(), 'sitecontent-concurrency-'));
  roots.push(dir);
  const root = pathToFileURL(`${dir}/`);
  const integration = siteContent({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid, ...options });
  await integration.hooks['astro:config:setup']?.({
    config: { root, cacheDir: new URL('.cache/', root), site: 'https://shop.example' },
    command: 'build',
    isRestart: false,
    updateConfig: (c: unknown) => c,
    logger: createLogger().logger,
  } as never);
  // With seo, one meta/Get per product: 32 requests the client may send together.
  const store = await createStore();
  emu.resetStats();
  try {
    await loadInto(productsLoader({ seo: true }), { collection: 'products', store, root });
  } finally {
    await integration.hooks['astro:build:done']?.({ logger: createLogger().logger } as never);
  }
  return { entries: store.keys('products').length, peakInFlight: emu.stats.load.peakInService };
}

describe('concurrency options', () => {
  it.each<[SiteContentOptions, number]>([
    [{ concurrency: 100 }, 100],
    [{ concurrency: 1024 }, 1024],
    [{ concurrency: 1 }, 1],
    [{ concurrency: 1, maxConcurrency: 1024 }, 1024],
    [{ maxConcurrency: 1 }, 1],
    [{ maxConcurrency: 16 }, 16],
    [{ concurrency: 100, adaptive: false }, 100],
    [{ concurrency: 2, adaptive: false }, 2],
    [{ concurrency: 8, maxConcurrency: 8 }, 8],
    [{ retries: 20, timeoutMs: 600_000 }, 64],
  ])('%o loads with at most %i requests in flight', async (options, ceiling) => {
    const { entries, peakInFlight } = await loadWith(options);
    expect(entries).toBeGreaterThan(0);
    expect(peakInFlight).toBeGreaterThanOrEqual(1);
    expect(peakInFlight).toBeLessThanOrEqual(ceiling);
  });

  it('the setting is what bounds them: 2 in flight where 16 are allowed, not 1 and not all', async () => {
    const wide = await loadWith({ concurrency: 16, adaptive: false });
    expect(wide.peakInFlight).toBeGreaterThan(2);
    const narrow = await loadWith({ concurrency: 2, adaptive: false });
    expect(narrow.peakInFlight).toBe(2);
  });

  it.each<[SiteContentOptions, RegExp]>([
    [{ concurrency: 32, maxConcurrency: 16 }, /maxConcurrency: must be at least concurrency/],
    [{ concurrency: 1025 }, /concurrency: /],
    [{ maxConcurrency: 0 }, /maxConcurrency: /],
    [{ retries: 21 }, /retries: /],
  ])('%o is refused at config time, naming the option', (options, message) => {
    expect(() => siteContent(options)).toThrow(message);
    expect(() => siteContent(options)).toThrow(/Invalid siteContent\(\) options/);
  });
});
