/**
 * The dev server's catalog follower against the emulator: which collections a change refreshes, one
 * log line per change, changes kept pending until a refresh succeeds, a failed read that changes
 * nothing and is said once, and no request once stopped. `refreshContent` is the part Astro gives;
 * here it records what it was asked (the storefront's dev test runs Astro's own).
 */
import { createClient, type SiteContentClient } from '@sitecontent/client';
import type { RefreshContentOptions } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogFollower, loadersFor } from '../src/build-time/dev-server/follow-catalog.js';
import { createLogger, type Emulator, emulator } from './helpers/index.js';

const EVERY_MS = 150;

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('CatalogFollower', () => {
  let emu: Emulator;
  let client: SiteContentClient;
  let wrongKey: SiteContentClient;

  beforeAll(async () => {
    emu = await emulator();
    client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
    wrongKey = createClient({ baseUrl: emu.url, apiKey: 'not-the-key-of-this-emulator', sid: emu.sid });
  });
  afterAll(async () => {
    await client?.close();
    await wrongKey?.close();
    await emu?.close();
  });

  it('names the loaders that show a change: a section is in its products’ and articles’ URLs', () => {
    expect(loadersFor([{ kind: 'product' }])).toEqual(['sitecontent-products', 'sitecontent-modifications']);
    expect(loadersFor([{ kind: 'article' }, { kind: 'article' }])).toEqual(['sitecontent-articles']);
    expect(loadersFor([{ kind: 'section' }, { kind: 'product' }])).toEqual([
      'sitecontent-sections',
      'sitecontent-products',
      'sitecontent-articles',
      'sitecontent-modifications',
    ]);
  });

  it('refreshes only what changed, logs each change once, and keeps it pending until a refresh succeeds', async () => {
    const { logger, lines } = createLogger();
    const refreshes: RefreshContentOptions[] = [];
    let failNext = false;
    const follower = new CatalogFollower(EVERY_MS);
    follower.start({
      logger,
      client: () => client,
      refreshContent: async (options) => {
        refreshes.push(options);
        if (failNext) {
          failNext = false;
          throw new Error('the content layer failed');
        }
      },
    });
    try {
      // The first read is the base: it refreshes nothing.
      await until(() => follower.snapshot().lastRead !== undefined, 'the first read');
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS * 3));
      expect(refreshes).toEqual([]);

      const [product] = await client.products.list();
      failNext = true;
      await client.products.update(product!.id, { zag: `${product!.zag} (edited)` });
      await until(() => refreshes.length >= 2, 'the refresh and its retry');
      expect(refreshes.map((r) => r.loaders)).toEqual([
        ['sitecontent-products', 'sitecontent-modifications'],
        ['sitecontent-products', 'sitecontent-modifications'],
      ]);
      expect(refreshes[0]?.context).toMatchObject({
        source: 'sitecontent-follow-catalog',
        refetchMeta: false,
      });
      const changed = lines.filter((l) => l.message.includes(`product ${product!.id} changed`));
      expect(changed.map((l) => l.message)).toEqual([
        `catalog: product ${product!.id} changed; refreshing products, modifications`,
      ]);
      expect(lines.some((l) => l.level === 'warn' && l.message.includes('the content layer failed'))).toBe(
        true,
      );
      await until(() => follower.snapshot().pending.length === 0, 'no pending change');
      expect(follower.snapshot().seen[0]).toMatchObject({
        name: `product ${product!.id} changed`,
        refreshed: true,
      });
      // Nothing more changed: no more refreshes.
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS * 3));
      expect(refreshes).toHaveLength(2);
    } finally {
      follower.stop();
    }
  });

  it('a failed read changes nothing and is said once; stopped, it sends no request', async () => {
    const { logger, lines } = createLogger();
    let current = client;
    const refreshes: RefreshContentOptions[] = [];
    const follower = new CatalogFollower(EVERY_MS);
    follower.start({
      logger,
      client: () => current,
      refreshContent: async (options) => {
        refreshes.push(options);
      },
    });
    await until(() => follower.snapshot().lastRead !== undefined, 'the first read');
    current = wrongKey;
    const [section] = await client.sections.list();
    await client.sections.update(section!.id, { zag: `${section!.zag} (edited)` });
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS * 4));
    const warnings = lines.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/^catalog: reading the changes failed, trying again: .*401/);
    expect(warnings[0]?.message).not.toContain('not-the-key-of-this-emulator');
    expect(refreshes).toEqual([]);

    // The service answers again: the edit made while it did not is found against the last good read.
    current = client;
    await until(() => refreshes.length === 1, 'the refresh of the section');
    expect(refreshes[0]?.loaders).toEqual([
      'sitecontent-sections',
      'sitecontent-products',
      'sitecontent-articles',
    ]);
    expect(lines.map((l) => l.message)).toContain('catalog: the service answers again');

    follower.stop();
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    const total = emu.stats.total;
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS * 4));
    expect(emu.stats.total).toBe(total);
  });

  it('with followCatalog false it reads nothing, and its button refreshes every collection', async () => {
    const { logger } = createLogger();
    const refreshes: RefreshContentOptions[] = [];
    const follower = new CatalogFollower(false);
    const total = emu.stats.total;
    follower.start({ logger, client: () => client, refreshContent: async (o) => void refreshes.push(o) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(emu.stats.total).toBe(total);
    await follower.refreshNow();
    expect(emu.stats.total).toBe(total);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.loaders).toHaveLength(5);
    expect(refreshes[0]?.context).toMatchObject({ refetchMeta: true });
    expect(follower.snapshot()).toMatchObject({ everyMs: false, lastRefresh: { all: true, ok: true } });
    follower.stop();
  });
});
