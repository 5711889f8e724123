/** The failure policies of a load: keep-stale, fail, and refused keys, against the emulator and a broken server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageUrls,
  isSiteContentAstroError,
  modificationsLoader,
  type ProductData,
  productsLoader,
  sectionsLoader,
} from '../src/index.js';
import {
  breakingProxy,
  createStore,
  type Emulator,
  emulator,
  failingServer,
  loadInto,
  rewritingProxy,
  tryLoadInto,
  useSite,
} from './helpers/index.js';

describe('failure policy: fetch first, then change the store', () => {
  let emu: Emulator;
  let broken: Awaited<ReturnType<typeof failingServer>>;
  beforeAll(async () => {
    emu = await emulator();
    broken = await failingServer(502);
  });
  afterAll(async () => {
    await emu.close();
    await broken.close();
  });

  /**
   * Loads products once from the emulator, then again from `then` (a broken server, a refused key)
   * into the same store; returns the store, the second load's context and its error, if any.
   */
  async function loadedThen(
    then: { url: string; key: string; sid: number },
    options: Parameters<typeof productsLoader>[0] = {},
  ) {
    const good = useSite(emu);
    const store = await createStore();
    await loadInto(productsLoader(options), { collection: 'products', store, root: good.root });
    await good.release();
    const second = useSite(then, { retries: 0 });
    const { t, error } = await tryLoadInto(productsLoader(options), {
      collection: 'products',
      store,
      root: second.root,
    });
    await second.release();
    return { store, t, error };
  }
  const loadedThenBroken = (onError?: 'keep-stale' | 'fail') =>
    loadedThen(
      { url: broken.url, key: emu.key, sid: emu.sid },
      onError ? { seo: true, onError } : { seo: true },
    );
  const loadedThenRefused = (
    refusal: { key?: string; sid?: number },
    options: { onAuthError?: 'keep-stale' | 'fail' } = {},
  ) => loadedThen({ url: emu.url, key: refusal.key ?? emu.key, sid: refusal.sid ?? emu.sid }, options);

  it('keep-stale (default with entries): keeps every entry, warns with the operation and a redacted URL', async () => {
    const { store, t: t2, error } = await loadedThenBroken();
    expect(error).toBeUndefined();
    expect(store.keys('products')).toHaveLength(32);
    const warning = t2.logs.lines.find((l) => l.level === 'warn')!.message;
    expect(warning).toMatch(/^products: .*goods\/Get|dir\/Get/);
    expect(warning).toContain('key=***');
    expect(warning).not.toContain(emu.key);
    expect(warning).toContain('keeping 32 entries from the previous sync');
  });

  it("onError: 'fail' fails with the same text and leaves the store untouched", async () => {
    const { store, t: t2, error } = await loadedThenBroken('fail');
    expect(isSiteContentAstroError(error, 'load_failed')).toBe(true);
    expect(error!.message).toContain('key=***');
    expect(error!.message).not.toContain(emu.key);
    expect((error as { operation?: string }).operation).toMatch(/goods\/Get|dir\/Get|site\/DomainDefault/);
    expect(store.keys('products')).toHaveLength(32);
    expect(t2.logs.lines.filter((l) => l.level === 'warn')).toHaveLength(0);
  });

  it('an empty store has nothing to keep: the default fails', async () => {
    const bad = useSite({ url: broken.url, key: emu.key, sid: emu.sid }, { retries: 0 });
    const { error } = await tryLoadInto(sectionsLoader(), { collection: 'sections', root: bad.root });
    await bad.release();
    expect(isSiteContentAstroError(error, 'load_failed')).toBe(true);
    expect((error as Error).message).toMatch(
      /^sections: .*dir\/Get.*no entries from an earlier sync to keep/,
    );
  });

  it('a revoked key (401) fails the sync even with entries to keep, and names the fix', async () => {
    const { store, error } = await loadedThenRefused({ key: 'revoked-key-0123456789' });
    expect(isSiteContentAstroError(error, 'load_failed')).toBe(true);
    expect(error!.message).toMatch(/^products: .*HTTP 401.*key=\*\*\*/);
    expect(error!.message).toContain('check SITECONTENT_API_KEY');
    expect(error!.message).toContain("onAuthError: 'keep-stale' would keep them");
    expect(error!.message).not.toContain('revoked-key-0123456789');
    expect(store.keys('products')).toHaveLength(32); // nothing was changed
  });

  it('a site the key may not use (403) fails and names the site', async () => {
    const { error } = await loadedThenRefused({ sid: 2 });
    expect(isSiteContentAstroError(error, 'load_failed')).toBe(true);
    expect(error!.message).toMatch(/HTTP 403/);
    expect(error!.message).toContain('the key is not allowed for site 2');
  });

  it('an answer with nothing to store, where the last sync stored entries, keeps them (or fails)', async () => {
    // A proxy's `[]`, an emptied cache: removing every page would ship an empty site with exit 0.
    const empty = await rewritingProxy(emu.url, 'goods/Get', () => []);
    try {
      const kept = await loadedThen({ url: empty.url, key: emu.key, sid: emu.sid });
      expect(kept.error).toBeUndefined();
      expect(kept.store.keys('products')).toHaveLength(32);
      expect(kept.t.logs.text()).toContain(
        'warn: products: the service sent nothing to store, where the last sync stored 32 entries; keeping them ' +
          '(if it really is empty now, build once with `astro build --force` (it clears the stored entries))',
      );
      const failed = await loadedThen({ url: empty.url, key: emu.key, sid: emu.sid }, { onError: 'fail' });
      expect(isSiteContentAstroError(failed.error, 'load_failed')).toBe(true);
      expect(failed.error!.message).toMatch(
        /^products: the service sent nothing to store, .*astro build --force/,
      );
      expect(failed.store.keys('products')).toHaveLength(32);
      // Every product hidden is the same: nothing to store.
      const hidden = await rewritingProxy(emu.url, 'goods/Get', (rows) =>
        rows.map((r) => ({ ...r, shw: '0' })),
      );
      try {
        const allHidden = await loadedThen({ url: hidden.url, key: emu.key, sid: emu.sid });
        expect(allHidden.store.keys('products')).toHaveLength(32);
      } finally {
        await hidden.close();
      }
      // With nothing stored before (a first build, or after --force), an empty answer goes through.
      const fresh = useSite({ url: empty.url, key: emu.key, sid: emu.sid });
      const t = await loadInto(productsLoader(), { collection: 'products', root: fresh.root });
      await fresh.release();
      expect(t.store.keys('products')).toHaveLength(0);
    } finally {
      await empty.close();
    }
  });

  it('modifications: products the service sends without a usable id are invalid records, not silently left out', async () => {
    const noIds = await rewritingProxy(emu.url, 'goods/Get', (rows) => rows.map(({ id: _id, ...r }) => r));
    try {
      const site = useSite({ url: noIds.url, key: emu.key, sid: emu.sid });
      const { error } = await tryLoadInto(modificationsLoader(), {
        collection: 'modifications',
        root: site.root,
      });
      await site.release();
      expect(error?.message).toMatch(/^modifications: a record is invalid at field id: goods\/Get: /);
    } finally {
      await noIds.close();
    }
  });

  it("onAuthError: 'keep-stale' keeps the entries and warns", async () => {
    const { store, t, error } = await loadedThenRefused(
      { key: 'revoked-key-0123456789' },
      { onAuthError: 'keep-stale' },
    );
    expect(error).toBeUndefined();
    expect(store.keys('products')).toHaveLength(32);
    expect(t.logs.text()).toMatch(/warn: products: .*HTTP 401.*keeping 32 entries from the previous sync/);
  });
});

describe('site/DomainDefault down during a sync', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await emulator();
  });
  afterAll(async () => {
    await emu.close();
  });

  it('image URLs use the domain the last successful lookup remembered, and the load goes on', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const down = await breakingProxy(emu.url, 'site/DomainDefault', 0, 503);
    const cachePath = mkdtempSync(join(tmpdir(), 'sitecontent-domain-'));
    try {
      const cacheDir = pathToFileURL(`${cachePath}/`).href;
      const load = async () => {
        const site = useSite({ url: down.url, key: emu.key, sid: emu.sid }, { retries: 0, cacheDir });
        const loaded = await tryLoadInto(productsLoader(), { collection: 'products', root: site.root });
        await site.release();
        return loaded;
      };
      // Nothing remembered: the load fails on the lookup, naming it.
      const first = await load();
      expect(first.error?.message).toMatch(/site\/DomainDefault failed with HTTP 503/);
      writeFileSync(
        join(cachePath, 'sitecontent-domain.json'),
        JSON.stringify({ domain: 'remembered.example' }),
      );
      const second = await load();
      expect(second.error).toBeUndefined();
      const product = second.t.store.get('products', '1')!.data as ProductData;
      expect(product.img[0]).not.toHaveProperty('urls');
      expect(imageUrls(product)[0]?.src).toMatch(/^https:\/\/remembered\.example\//);
    } finally {
      await down.close();
      rmSync(cachePath, { recursive: true, force: true });
    }
  });
});
