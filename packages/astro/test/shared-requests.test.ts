import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  articlesLoader,
  imageUrls,
  modificationsLoader,
  type ProductData,
  productsLoader,
  sectionsLoader,
} from '../src/index.js';
import { createStore, type Emulator, emulator, loaderContext, loadInto, useSite } from './helpers/index.js';

/** Requests the emulator counted per operation since `before`. */
function since(emu: Emulator, before: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [op, n] of Object.entries(emu.stats.byOperation)) {
    const d = (n ?? 0) - (before[op] ?? 0);
    if (d > 0) out[op] = d;
  }
  return out;
}

describe('one sync shares dir/Get and site/DomainDefault among its loaders', () => {
  let emu: Emulator;
  let release: () => Promise<void>;
  beforeEach(async () => {
    emu = await emulator();
  });
  afterEach(async () => {
    await release();
    await emu.close();
  });

  async function project() {
    const site = useSite(emu);
    release = site.release;
    const store = await createStore();
    const loaders = [
      [sectionsLoader({ seo: true }), 'sections'],
      [productsLoader({ seo: true }), 'products'],
      [articlesLoader({ seo: true }), 'articles'],
    ] as const;
    const contexts = loaders.map(([loader, name]) =>
      loaderContext(store, name, loader.schema, { root: site.root }),
    );
    // As Astro's content layer does: every collection's load() started together.
    const sync = () => Promise.all(loaders.map(([loader], i) => loader.load(contexts[i]!.ctx as never)));
    return { store, sync, contexts };
  }

  it('a full load asks dir/Get once and site/DomainDefault at most once; the next sync asks again', async () => {
    const { store, sync } = await project();
    const first = { ...emu.stats.byOperation } as Record<string, number>;
    await sync();
    const counts = since(emu, first);
    expect(counts['dir/Get']).toBe(1);
    expect(counts['site/DomainDefault'] ?? 0).toBeLessThanOrEqual(1);
    expect(counts['goods/Get']).toBe(1);
    expect(counts['article/Get']).toBe(1);
    // The one site/DomainDefault answer gave the photos' origin.
    const product = store.get('products', '1')!.data as ProductData;
    expect(imageUrls(product)[0]?.src).toBe('https://shop.example/img/goods/aurora-x1/photo-1.svg');

    // A later sync (refreshContent in dev, a second build) does not reuse the first one's answers.
    emu.exec(`UPDATE sections SET zag = 'Smartphones' WHERE tx = 'phones'`);
    const second = { ...emu.stats.byOperation } as Record<string, number>;
    await sync();
    const again = since(emu, second);
    expect(again['dir/Get']).toBe(1);
    expect(again['site/DomainDefault'] ?? 0).toBeLessThanOrEqual(1);
    expect(store.get('sections', 'phones')!.data.zag).toBe('Smartphones');
  });

  it("invalid sections in the shared answer are the sections loader's to judge; the others load", async () => {
    const { store, contexts } = await project();
    emu.exec('ALTER TABLE sections RENAME COLUMN rlv TO rlv_away'); // every section lacks `rlv` now
    const before = { ...emu.stats.byOperation } as Record<string, number>;
    const loaders = [
      sectionsLoader({ seo: true }),
      productsLoader({ seo: true }),
      articlesLoader({ seo: true }),
    ];
    const results = await Promise.allSettled(loaders.map((l, i) => l.load(contexts[i]!.ctx as never)));
    expect(since(emu, before)['dir/Get']).toBe(1);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(
      /sections: record \d+ is invalid at field rlv/,
    );
    expect(store.keys('products')).toHaveLength(32);
  });

  it('the products and modifications loaders of one sync read goods/Get once; with other filters, once each', async () => {
    const site = useSite(emu);
    release = site.release;
    const store = await createStore();
    const load = async (loaders: [{ load: (ctx: never) => Promise<void>; schema: never }, string][]) => {
      const before = { ...emu.stats.byOperation } as Record<string, number>;
      await Promise.all(
        loaders.map(([loader, collection]) => loadInto(loader, { collection, store, root: site.root })),
      );
      return since(emu, before);
    };
    const both = await load([
      [productsLoader() as never, 'products'],
      [modificationsLoader() as never, 'modifications'],
    ]);
    expect(both['goods/Get']).toBe(1);
    expect(both['goods/SkuGet']).toBeGreaterThan(0);
    expect(store.keys('products').length).toBeGreaterThan(0);
    expect(store.keys('modifications').length).toBeGreaterThan(0);
    // The products of one section are another answer: each loader asks for its own.
    const filtered = await load([
      [productsLoader({ cattx: 'phones' }) as never, 'phones'],
      [modificationsLoader() as never, 'modifications'],
    ]);
    expect(filtered['goods/Get']).toBe(2);
  });
});
