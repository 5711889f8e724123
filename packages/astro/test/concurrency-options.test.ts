/**
 * `siteContent()`'s concurrency options at their limits: every valid combination loads, an invalid
 * one is refused when the integration is created, naming the user's option.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsLoader, type SiteContentOptions, siteContent } from '../src/index.js';
import { createLogger, createStore, type Emulator, emulator, loaderContext } from './helpers/index.js';

let emu: Emulator;
const roots: string[] = [];
beforeAll(async () => {
  emu = await emulator();
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
  const loader = productsLoader();
  const t = loaderContext(await createStore(), 'products', loader.schema, { root });
  try {
    await loader.load(t.ctx as never);
  } finally {
    await integration.hooks['astro:build:done']?.({ logger: createLogger().logger } as never);
  }
  return t.store.keys('products').length;
}

describe('concurrency options', () => {
  it.each<SiteContentOptions>([
    { concurrency: 100 },
    { concurrency: 1024 },
    { concurrency: 1 },
    { concurrency: 1, maxConcurrency: 1024 },
    { maxConcurrency: 1 },
    { maxConcurrency: 16 },
    { concurrency: 100, adaptive: false },
    { concurrency: 8, maxConcurrency: 8 },
    { retries: 20, timeoutMs: 600_000 },
  ])('%o loads', async (options) => {
    expect(await loadWith(options)).toBeGreaterThan(0);
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
