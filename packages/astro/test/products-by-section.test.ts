/**
 * The products loader's section-by-section read (load-run/catalog-read.ts): a catalog whose one
 * `goods/Get` is over the client's body cap is read in bounded bodies, one `goods/Get?catid=` per
 * section, and gives the entries the single read gives, products in no section or an unknown one
 * included; so does one whose single read is slower than one attempt; an unchanged catalog keeps the stored entries; invalid records are still named; and a
 * collection past the single-file store's ceiling fails its load with the ceiling named.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, isSiteContentError } from '@sitecontent/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_READ_META_KEY } from '../src/build-time/load-run/catalog-read.js';
import { STORE_CEILING_ENV } from '../src/build-time/staging/store-ceiling.js';
import { isSiteContentAstroError, productsLoader } from '../src/index.js';
import {
  type AstroMutableDataStore,
  createStore,
  type Emulator,
  emulator,
  type loadInto,
  tryLoadInto,
  useSite,
} from './helpers/index.js';

/**
 * A purpose-built HTTP proxy to `target`: requests `slow` picks are forwarded after `delayMs`.
 * `asked()` counts them.
 */
async function delayingProxy(target: string, slow: (url: string) => boolean, delayMs: number) {
  let asked = 0;
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const forward = () => {
      const upstream = httpRequest(
        new URL(url, target),
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (!slow(url)) return forward();
    asked++;
    const timer = setTimeout(forward, delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked: () => asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cap the whole catalog's answer is over and every section's is under. */
const SMALL_CAP = 64 * 1024;

describe('products read section by section', () => {
  let emu: Emulator;
  let release: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    emu = await emulator({ seed: { synthetic: { products: 600, sections: 12, articles: 0, seed: 3 } } });
    // Products in no section, in a section the service does not have, and in one whose record is
    // invalid (a backslash in its address makes its URL no root-relative path).
    emu.exec(`UPDATE products SET shw = 1`);
    emu.exec(`UPDATE products SET catid = 0 WHERE id IN (5, 6)`);
    emu.exec(`UPDATE products SET catid = 9999 WHERE id IN (7, 8)`);
    emu.exec(`UPDATE sections SET tx = 'bad\\x' WHERE id = 4`);
  });
  afterEach(async () => {
    await Promise.all(release.map((r) => r()));
    release = [];
    await emu.close();
  });

  type Loader = Parameters<typeof loadInto>[0];
  const products = (options: Parameters<typeof productsLoader>[0] = {}) =>
    productsLoader({ productUrl: (p) => `/p/${p.id}`, ...options }) as unknown as Loader;

  /** A project whose client caps bodies at `maxResponseBytes`; its loads go into `store`. */
  function site(settings: Parameters<typeof useSite>[1] = {}) {
    const opened = useSite(emu, settings);
    release.push(opened.release);
    return (loader: Loader, store: AstroMutableDataStore) => {
      emu.resetStats();
      return tryLoadInto(loader, { collection: 'products', store, root: opened.root });
    };
  }
  const digests = (store: AstroMutableDataStore) =>
    Object.fromEntries(store.values('products').map((e) => [e.id, e.digest]));
  const goodsGets = () => emu.stats.byOperation['goods/Get'] ?? 0;

  it('the whole answer is over the cap, so a single read fails where the section read succeeds', async () => {
    const load = site({ maxResponseBytes: SMALL_CAP });
    const { t, error } = await load(products(), await createStore());
    expect(error).toBeUndefined();
    expect(t.logs.text()).toMatch(
      /reading the catalog section by section: the whole catalog's goods\/Get is over maxResponseBytes \(65536 bytes\)/,
    );
    // The one whole read, then one per section: 12 sections (one invalid), and catid 0.
    expect(goodsGets()).toBe(1 + 12 + 1);
    // The same client cannot read the catalog in one body.
    const client = createClient({
      baseUrl: emu.url,
      apiKey: emu.key,
      sid: emu.sid,
      maxResponseBytes: SMALL_CAP,
    });
    const whole = await client.products.read().catch((e: unknown) => e);
    expect(isSiteContentError(whole, 'response_too_large')).toBe(true);
    await client.close();
  });

  it('a whole read slower than one attempt is not retried: the catalog is read section by section', async () => {
    // Between the loader and the emulator: the whole catalog's goods/Get answers late, the rest at once.
    const slow = await delayingProxy(
      emu.url,
      (url) => url.includes('goods/Get') && !url.includes('catid'),
      1500,
    );
    release.push(slow.close);
    const opened = useSite({ ...emu, url: slow.url }, { timeoutMs: 400 });
    release.push(opened.release);
    emu.resetStats();
    const { error, t } = await tryLoadInto(products(), {
      collection: 'products',
      store: await createStore(),
      root: opened.root,
    });
    expect(error).toBeUndefined();
    expect(t.logs.text()).toMatch(
      /reading the catalog section by section: the whole catalog's goods\/Get timed out after 400 ms/,
    );
    // One whole read (not retried), then one per section, catid 0 and the invalid section's.
    expect(slow.asked()).toBe(1);
    // The two products in catid 9999 (no section the service sends) are the documented gap of a
    // first section-by-section read: nothing names their catid yet.
    expect(t.logs.text()).toMatch(/598 records .*598 written/);
  });

  it('gives the single read’s entries, products in no section or an unknown one included, with the warning', async () => {
    const store = await createStore();
    const single = await site()(products(), store);
    expect(single.error).toBeUndefined();
    expect(goodsGets()).toBe(1);
    const all = digests(store);
    expect(Object.keys(all)).toHaveLength(600);
    const warning =
      /59 record\(s\) name a section the service did not send as valid \(catid (4, 9999|9999, 4)\)/;
    expect(single.t.logs.text()).toMatch(warning);

    // The same catalog section by section, into the same store: every entry the same, none written
    // or removed; catid 9999 is asked because the last read found products there.
    const bySection = await site({ maxResponseBytes: SMALL_CAP })(products(), store);
    expect(bySection.error).toBeUndefined();
    expect(bySection.t.logs.text()).toMatch(/reading the catalog section by section/);
    expect(bySection.t.logs.text()).toMatch(/600 records .*0 written, 600 unchanged, 0 removed/);
    expect(digests(store)).toEqual(all);
    expect(bySection.t.logs.text()).toMatch(warning);
    for (const id of ['5', '6', '7', '8']) expect(store.has('products', id)).toBe(true);
    expect(JSON.parse(store.metaStore('products').get(CATALOG_READ_META_KEY) as string)).toMatchObject({
      products: 600,
      extraCatids: [0, 4, 9999],
    });
  });

  it('a large catalog last time reads section by section from the start', async () => {
    const store = await createStore();
    store
      .metaStore('products')
      .set(CATALOG_READ_META_KEY, JSON.stringify({ products: 60_000, extraCatids: [9999], sections: {} }));
    const { error, t } = await site()(products(), store);
    expect(error).toBeUndefined();
    // No whole read: each section, catid 0 and the remembered 9999.
    expect(goodsGets()).toBe(12 + 1 + 1);
    expect(t.logs.text()).not.toMatch(/over maxResponseBytes/);
    expect(t.logs.text()).toMatch(
      /reading the catalog section by section: the last sync read 60,000 products \(from 50,000 it reads by section\)/,
    );
    expect(store.keys('products')).toHaveLength(600);
  });

  it('an unchanged catalog keeps the stored entries; a change reads again', async () => {
    // A load that warned leaves no answers to compare: this catalog is one without a warning.
    emu.exec(`UPDATE products SET catid = 2 WHERE id IN (5, 6, 7, 8)`);
    emu.exec(`UPDATE sections SET tx = 'fine' WHERE id = 4`);
    const store = await createStore();
    const load = site({ maxResponseBytes: SMALL_CAP });
    expect((await load(products(), store)).error).toBeUndefined();
    const again = await load(products(), store);
    expect(again.error).toBeUndefined();
    expect(again.t.logs.text()).toMatch(/answers unchanged/);
    expect(again.t.counts.writes + again.t.counts.parses).toBe(0);

    emu.exec(`UPDATE products SET zag = 'Renamed' WHERE id = 300`);
    const changed = await load(products(), store);
    expect(changed.error).toBeUndefined();
    expect(changed.t.logs.text()).toMatch(/1 written, 599 unchanged, 0 removed/);
    expect(store.get('products', '300')?.data.zag).toBe('Renamed');
  });

  it('invalid records are still named by operation, record and field', async () => {
    emu.exec(`UPDATE modifications SET color = 'not-a-colour' WHERE goods_id = 250`);
    const { error } = await site({ maxResponseBytes: SMALL_CAP })(
      products({ onInvalid: 'fail' }),
      await createStore(),
    );
    expect(isSiteContentAstroError(error, 'invalid_record')).toBe(true);
    expect(error?.message).toMatch(/goods\/Get/);
    expect(error?.message).toMatch(/250/);
    expect(error?.message).toMatch(/sku/);
  });

  it('a collection past the single-file store’s ceiling fails before the store is written', async () => {
    const opened = useSite(emu);
    release.push(opened.release);
    const store = await createStore();
    process.env[STORE_CEILING_ENV] = '100000';
    try {
      const { error } = await tryLoadInto(products(), { collection: 'products', store, root: opened.root });
      expect(isSiteContentAstroError(error, 'store_ceiling')).toBe(true);
      expect(error?.message).toMatch(/600 entries/);
      expect(error?.message).toMatch(/on demand/);
      expect(error?.message).toMatch(/hybrid/);
      expect(store.keys('products')).toHaveLength(0);
    } finally {
      delete process.env[STORE_CEILING_ENV];
    }
  });
});
