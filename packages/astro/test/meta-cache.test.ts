/**
 * The meta cache (`seo: { maxAge }`): an unchanged record younger than `maxAge` reuses its meta, a
 * changed record asks again, `refetchMeta` asks every page again, the write-back's record is folded
 * in, and the exact default keeps nothing. Requests are counted on the emulator's side.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRefreshHandler } from '../src/build-time/integration/refresh-endpoint.js';
import { META_CACHE_KEY, META_WRITTEN_FILE } from '../src/build-time/load-run/meta-cache.js';
import { productsLoader } from '../src/index.js';
import { createStore, type Emulator, emulator, loadInto, useSite } from './helpers/index.js';

type Loader = ReturnType<typeof productsLoader>;

describe('meta cache', () => {
  let emu: Emulator;
  let release: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    emu = await emulator();
  });
  afterEach(async () => {
    await Promise.all(release.map((r) => r()));
    release = [];
    await emu.close();
  });

  /** A store, a project (settings as the integration would register them) and a load function. */
  async function project(settings: { metaMaxAge?: number } = {}) {
    const site = useSite(emu, settings);
    release.push(site.release);
    const store = await createStore();
    const cachePath = mkdtempSync(join(tmpdir(), 'sitecontent-cache-'));
    release.push(() => rm(cachePath, { recursive: true, force: true }));
    const cacheDir = pathToFileURL(`${cachePath}/`);
    const load = async (loader: Loader, refreshContextData?: Record<string, unknown>) => {
      emu.resetStats();
      const t = await loadInto(loader, {
        collection: 'products',
        store,
        root: site.root,
        cacheDir,
        refreshContextData,
      });
      return { t, metaRequests: emu.stats.byOperation['meta/Get'] ?? 0 };
    };
    return { store, load, cacheDir };
  }
  const seoTitle = (store: Awaited<ReturnType<typeof createStore>>, id: string) =>
    (store.get('products', id)!.data.seo as { title: string }).title;

  it('reuses the meta of unchanged records; a changed record asks again', async () => {
    const { store, load } = await project();
    const loader = productsLoader({ seo: { maxAge: 60_000 } });
    expect((await load(loader)).metaRequests).toBe(32);

    const second = await load(loader);
    expect(second.metaRequests).toBe(0);
    expect(second.t.logs.text()).toMatch(/0 written, 32 unchanged.*meta of 32 pages reused/);
    // The cache is as stored, so it is not written again (Astro would serialize the whole store).
    expect(second.t.counts.metaWrites).toBe(0);

    emu.exec(`UPDATE products SET zag = 'Aurora X1 (2026)' WHERE id = 1`);
    emu.exec(`UPDATE meta SET ttl = 'Asked again' WHERE md = 'goods' AND id = 1`);
    emu.exec(`UPDATE meta SET ttl = 'Not asked' WHERE md = 'goods' AND id = 2`);
    const third = await load(loader);
    expect(third.metaRequests).toBe(1);
    expect(third.t.metaKeysWritten.filter((key) => key === META_CACHE_KEY)).toHaveLength(1);
    expect(seoTitle(store, '1')).toBe('Asked again');
    // The trade-off of a maxAge: meta edited in the service shows once the record changes or it expires.
    expect(seoTitle(store, '2')).not.toBe('Not asked');
  });

  it('stores the cache again when a page left the catalog, though every other page was reused', async () => {
    const { store, load } = await project();
    const loader = productsLoader({ seo: { maxAge: 60_000 } });
    await load(loader);
    emu.exec('DELETE FROM products WHERE id = 3');
    const next = await load(loader);
    expect(next.metaRequests).toBe(0);
    expect(next.t.metaKeysWritten.filter((key) => key === META_CACHE_KEY)).toHaveLength(1);
    const cached = JSON.parse(String(next.t.ctx.meta.get(META_CACHE_KEY))) as Record<string, unknown>;
    expect(Object.keys(cached)).toHaveLength(31);
    expect(cached).not.toHaveProperty('goods:3');
    expect(store.get('products', '3')).toBeUndefined();
  });

  it('asks again once an answer is older than maxAge', async () => {
    const { load } = await project();
    const loader = productsLoader({ seo: { maxAge: 40 } });
    await load(loader);
    await sleep(60);
    expect((await load(loader)).metaRequests).toBe(32);
  });

  it("takes the integration's metaMaxAge when the loader sets none", async () => {
    const { load } = await project({ metaMaxAge: 60_000 });
    await load(productsLoader({ seo: true }));
    expect((await load(productsLoader({ seo: true }))).metaRequests).toBe(0);
    // A loader's own maxAge wins: 0 asks every time.
    expect((await load(productsLoader({ seo: { maxAge: 0 } }))).metaRequests).toBe(32);
  });

  it('refetchMeta (the refresh endpoint) asks every page again', async () => {
    const { load } = await project();
    const loader = productsLoader({ seo: { maxAge: 60_000 } });
    await load(loader);
    expect((await load(loader, { refetchMeta: true })).metaRequests).toBe(32);
    expect((await load(loader)).metaRequests).toBe(0);
  });

  it('SITECONTENT_REFETCH_META=1 asks every page again and keeps the answers for the next build', async () => {
    const { load } = await project();
    const loader = productsLoader({ seo: { maxAge: 60_000 } });
    await load(loader);
    process.env.SITECONTENT_REFETCH_META = '1';
    try {
      expect((await load(loader)).metaRequests).toBe(32);
    } finally {
      delete process.env.SITECONTENT_REFETCH_META;
    }
    expect((await load(loader)).metaRequests).toBe(0);
    // metaMaxAge: 0 asks too, but keeps no cache: the build after it asks every page again.
    await load(productsLoader({ seo: { maxAge: 0 } }));
    expect((await load(loader)).metaRequests).toBe(32);
  });

  it("folds in what the last build's write-back wrote, without asking", async () => {
    const { store, load, cacheDir } = await project();
    const loader = productsLoader({ seo: { maxAge: 60_000 } });
    await load(loader);
    const written = {
      at: Date.now(),
      pages: [{ md: 'goods', id: 2, values: { ttl: 'Written by the build' } }],
    };
    writeFileSync(new URL(META_WRITTEN_FILE, cacheDir), JSON.stringify(written));
    const next = await load(loader);
    expect(next.metaRequests).toBe(0);
    expect(seoTitle(store, '2')).toBe('Written by the build');
  });

  it('the exact default keeps no cache, and drops one left by an earlier maxAge', async () => {
    const { store, load } = await project();
    await load(productsLoader({ seo: { maxAge: 60_000 } }));
    expect(store.metaStore('products').has(META_CACHE_KEY)).toBe(true);
    expect((await load(productsLoader({ seo: true }))).metaRequests).toBe(32);
    expect(store.metaStore('products').has(META_CACHE_KEY)).toBe(false);
  });
});

describe('refresh endpoint: refetchMeta', () => {
  it('passes refetchMeta to the loaders and refuses a value that is not a boolean', async () => {
    const calls: unknown[] = [];
    const handler = createRefreshHandler({
      token: 'tok',
      refreshContent: async (options) => {
        calls.push(options);
      },
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    const server = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const post = (body: unknown) =>
      fetch(url, { method: 'POST', headers: { authorization: 'Bearer tok' }, body: JSON.stringify(body) });
    try {
      expect((await post({ loaders: ['products'], refetchMeta: true })).status).toBe(200);
      expect(calls).toEqual([
        {
          loaders: ['sitecontent-products'],
          context: { source: 'sitecontent-refresh-endpoint', refetchMeta: true, sitecontentKeptStale: [] },
        },
      ]);
      expect((await post({ refetchMeta: 'yes' })).status).toBe(400);
      expect(calls).toHaveLength(1);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});
