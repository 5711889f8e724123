/**
 * A sync builds entries while the service still answers, so a large catalog's build does not wait
 * for the last answer before it starts; and it writes only once all are in, so a failure part-way
 * leaves the store as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modificationsLoader, productsLoader } from '../src/index.js';
import {
  type AnyLoader,
  breakingProxy,
  countingProxy,
  createStore,
  type Emulator,
  emulator,
  loaderContext,
  loadInto,
  useSite,
} from './helpers/index.js';

describe('a sync builds entries while the meta answers arrive, and writes only when all are in', () => {
  let emu: Emulator;
  beforeAll(async () => {
    // 600 visible products: more than two batches of 256, fewer than the worker thread's 1,000.
    emu = await emulator({ seed: { synthetic: { products: 600, sections: 5, articles: 0 } } });
  });
  afterAll(async () => {
    await emu.close();
  });

  /**
   * Loads `collection` through a counting proxy; `askedAtFirstParse` is how many requests had reached
   * the service when the sync parsed its first entry, `asked` how many reached it in all.
   */
  async function loadCountingRequests(loader: AnyLoader, collection: string) {
    const proxy = await countingProxy(emu.url);
    const site = useSite({ url: proxy.url, key: emu.key, sid: emu.sid });
    const t = loaderContext(await createStore(), collection, loader.schema, { root: site.root });
    let askedAtFirstParse: number | undefined;
    const parse = t.ctx.parseData;
    t.ctx.parseData = (entry) => {
      askedAtFirstParse ??= proxy.state.total;
      return parse(entry);
    };
    await loader.load(t.ctx as never);
    await site.release();
    await proxy.close();
    return { t, askedAtFirstParse, asked: proxy.state.total };
  }

  it('parses the first entries while meta/Get is still being asked for the later ones', async () => {
    const { t, askedAtFirstParse, asked } = await loadCountingRequests(
      productsLoader({ seo: true, onlyVisible: false }),
      'products',
    );
    expect(t.store.keys('products')).toHaveLength(600);
    // goods/Get, dir/Get and site/DomainDefault, then one meta/Get per product.
    expect(asked).toBe(603);
    // The first batch (256 entries) was built when about 256 + 16 (the concurrency) had been asked.
    expect(askedAtFirstParse).toBeGreaterThanOrEqual(3 + 256);
    expect(askedAtFirstParse).toBeLessThan(603 - 100);
  });

  it('modifications: parses the first entries while goods/SkuGet is still being asked for later products', async () => {
    const { t, askedAtFirstParse, asked } = await loadCountingRequests(
      modificationsLoader({ onlyVisibleProducts: false }),
      'modifications',
    );
    // Two modifications per product (the synthetic seed), from one goods/SkuGet per product.
    expect(t.store.keys('modifications')).toHaveLength(1200);
    expect(t.logs.text()).toMatch(/modifications: 1200 records in/);
    const skuGets = emu.stats.byOperation['goods/SkuGet'];
    expect(skuGets).toBe(600);
    // The first batch (256 entries, from 128 products) was built long before the last product's answer.
    expect(askedAtFirstParse).toBeGreaterThanOrEqual(128);
    expect(askedAtFirstParse).toBeLessThan(asked - 100);
  });

  it('a meta/Get failing after some entries were built leaves the store as it was', async () => {
    const store = await createStore();
    const good = useSite(emu);
    await loadInto(productsLoader({ seo: true, onlyVisible: false }), {
      collection: 'products',
      store,
      root: good.root,
    });
    await good.release();
    // Other page URLs change every entry, so the second sync builds them all again, until meta/Get breaks.
    const proxy = await breakingProxy(emu.url, 'meta/Get', 450);
    const second = useSite({ url: proxy.url, key: emu.key, sid: emu.sid }, { retries: 0 });
    const withOtherUrls = productsLoader({ seo: true, onlyVisible: false, productUrl: (p) => `/p/${p.id}` });
    const t = await loadInto(withOtherUrls, { collection: 'products', store, root: second.root });
    await second.release();
    await proxy.close();
    expect(t.counts.parses).toBeGreaterThanOrEqual(256);
    expect(t.counts.writes).toBe(0);
    expect(t.counts.deletes).toBe(0);
    expect(store.keys('products')).toHaveLength(600);
    expect(store.get('products', '1')?.data.url).not.toBe('/p/1');
    expect(t.logs.text()).toMatch(/warn: products: .*meta\/Get.*keeping 600 entries from the previous sync/);
  });
});
