/**
 * What each collection loader stores from the emulator's demo shop: ids, relations, URLs, SEO and
 * rendered HTML, as pages read them; and that a load with nothing changed writes nothing, since any
 * write makes Astro serialize the whole data store again.
 */
import { describe, expect, it } from 'vitest';
import { ANSWERS_META_KEY } from '../src/build-time/load-run/answer-record.js';
import { CATALOG_READ_META_KEY } from '../src/build-time/load-run/catalog-read.js';
import { SYNCED_AT_META_KEY } from '../src/build-time/load-run/report-load.js';
import { URL_HISTORY_META_KEY } from '../src/build-time/load-run/url-history-record.js';
import { LOADER_VERSION_META_KEY } from '../src/build-time/staging/sync-item.js';
import {
  articlesLoader,
  domainsLoader,
  imageUrls,
  modificationsLoader,
  type ProductData,
  pageSeo,
  productsLoader,
  sectionsLoader,
} from '../src/index.js';
import { emulatorPerTest } from './helpers/index.js';

describe('collection loaders against the emulator: what each stores', () => {
  const service = emulatorPerTest();

  it('products: string ids, section relation, url, SEO from the service and fallbacks, rendered html', async () => {
    const t = await service.setup(productsLoader({ seo: true }), 'products');
    await t.load();
    const ids = t.store.keys('products');
    expect(ids).toHaveLength(32); // 33 demo products, one hidden
    const p1 = t.store.get('products', '1')!;
    expect(p1.data).toMatchObject({
      id: 1,
      cattx: 'phones',
      section: { collection: 'sections', id: 'phones' },
      url: '/catalog/phones/1/',
      shw: true,
    });
    // Nothing beyond the known fields: no empty `extra` stored on the entry, its SKUs or photos.
    expect(p1.data).not.toHaveProperty('extra');
    expect((p1.data.sku as object[]).every((sku: object) => !('extra' in sku))).toBe(true);
    expect(p1.data.dt).toBeInstanceOf(Date);
    // A photo is stored as the service sent it; its URLs are derived, not stored twice.
    const photo = (p1.data.img as Record<string, unknown>[])[0];
    expect(Object.keys(photo ?? {}).sort()).toEqual(['id', 'image', 'image_big', 'image_small', 'path']);
    expect(imageUrls(p1.data as ProductData)[0]?.src).toBe(
      'https://shop.example/img/goods/aurora-x1/photo-1.svg',
    );
    // Stored: what the service's meta tags gave, nothing derived.
    const seo1 = p1.data.seo as Record<string, unknown>;
    expect(Object.keys(seo1).sort()).toEqual([
      'description',
      'keywords',
      'ogDescription',
      'ogImage',
      'title',
    ]);
    expect(seo1.title).toBe('Aurora X1 — buy online | Lumen & Oak');
    // Derived for the page: the canonical from `url`, og_image on the site, og:title the title.
    const page1 = pageSeo(p1.data as ProductData, { site: 'https://shop.example' });
    expect(page1).toMatchObject({
      title: 'Aurora X1 — buy online | Lumen & Oak',
      canonical: 'https://shop.example/catalog/phones/1/',
      ogImage: 'https://shop.example/img/goods/aurora-x1/photo-1.svg',
      source: {
        title: 'service',
        description: 'service',
        keywords: 'service',
        ogDescription: 'service',
        ogImage: 'service',
      },
    });
    // og:title is the page title; the service's og_title is the OpenGraph description.
    expect(page1.ogTitle).toBe(page1.title);
    expect(page1.ogDescription).not.toBe(page1.description);
    const p6 = t.store.get('products', '6')!;
    expect(p6.data.seo).toEqual({});
    const page6 = pageSeo(p6 as { id: string; data: ProductData }, { site: 'https://shop.example' });
    expect(page6.source).toEqual({
      title: 'fallback',
      description: 'fallback',
      keywords: 'fallback',
      ogDescription: 'fallback',
      ogImage: 'fallback',
    });
    expect(page6.ogDescription).toBe(page6.description);
    expect(page6.title).toBe(p6.data.zag);
    expect(page6.description.length).toBeLessThanOrEqual(160);
    // The body is stored once: sanitized, as the rendered HTML, not also in the data nor `extra`.
    expect(p1.data).not.toHaveProperty('txt');
    expect((p1.data.extra as Record<string, unknown> | undefined)?.txt).toBeUndefined();
    expect(p1.rendered?.html).toContain('<ul><li>');
    expect(service.emu.stats.byOperation['meta/Get']).toBe(32);
    expect(t.logs.text()).toMatch(/products: 32 records in \d+ ms .*32 written, 0 unchanged, 0 removed/);
  });

  it('products: canonical uses config.site when set; onlyVisible: false keeps hidden products', async () => {
    const t = await service.setup(productsLoader({ seo: true, onlyVisible: false }), 'products', {
      site: 'https://www.example.org/',
    });
    await t.load();
    expect(t.store.keys('products')).toHaveLength(33);
    // The canonical is not stored: the page derives it on the site it is built for.
    const p1 = t.store.get('products', '1')!.data as ProductData;
    expect(p1.seo).not.toHaveProperty('canonical');
    expect(pageSeo(p1, { site: 'https://www.example.org/' }).canonical).toBe(
      'https://www.example.org/catalog/phones/1/',
    );
  });

  it('incremental: unchanged → 0 writes and 0 parses; one change → 1 write; deletion → removed', async () => {
    const t = await service.setup(productsLoader({ seo: true }), 'products');
    await t.load();
    // The meta store holds the loader version, the digest of the answers the entries were made of,
    // the URLs of the pages and what the catalog read found (how many products, in which catids).
    expect(t.metaKeysWritten.sort()).toEqual(
      [
        ANSWERS_META_KEY,
        CATALOG_READ_META_KEY,
        LOADER_VERSION_META_KEY,
        SYNCED_AT_META_KEY,
        URL_HISTORY_META_KEY,
      ].sort(),
    );
    t.reset();
    await t.load();
    // Nothing written at all, meta included: Astro serializes the whole data store again after any write.
    expect(t.counts).toEqual({ writes: 0, parses: 0, deletes: 0, metaWrites: 0 });
    expect(t.logs.text()).toContain('0 written, 32 unchanged, 0 removed');

    t.reset();
    service.emu.exec(`UPDATE products SET zag = 'Aurora X1 (2026)' WHERE id = 1`);
    await t.load();
    expect(t.counts).toMatchObject({ writes: 1, parses: 1 });
    expect(t.store.get('products', '1')!.data.zag).toBe('Aurora X1 (2026)');

    t.reset();
    service.emu.exec(`UPDATE meta SET ttl = 'New title' WHERE md = 'goods' AND id = 2`);
    await t.load();
    expect(t.counts.writes).toBe(1);
    expect((t.store.get('products', '2')!.data.seo as { title: string }).title).toBe('New title');

    t.reset();
    service.emu.exec('DELETE FROM products WHERE id = 3');
    await t.load();
    expect(t.counts).toMatchObject({ writes: 0, deletes: 1 });
    expect(t.store.has('products', '3')).toBe(false);
    expect(t.logs.text()).toContain('0 written, 31 unchanged, 1 removed');
  });

  it('sanitizes txt by default; sanitize: false keeps it as sent', async () => {
    service.emu.exec(
      `UPDATE products SET txt = '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(2)">x</a><img src="/a.png" onerror="x()"></p>' WHERE id = 1`,
    );
    const t = await service.setup(productsLoader(), 'products');
    await t.load();
    const html = t.store.get('products', '1')!.rendered!.html;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('<img src="/a.png" />');
    const raw = await service.setup(productsLoader({ sanitize: false }), 'products');
    await raw.load();
    expect(raw.store.get('products', '1')!.rendered!.html).toContain('<script>alert(1)</script>');
  });

  it('modifications: one goods/SkuGet per visible product, product relation', async () => {
    const t = await service.setup(modificationsLoader(), 'modifications');
    await t.load();
    // The hidden product has no entry in a default products collection: its modifications are left out.
    expect(service.emu.stats.byOperation['goods/SkuGet']).toBe(32);
    const m1 = t.store.get('modifications', '1')!;
    expect(m1.data).toMatchObject({
      id: 1,
      goods_id: 1,
      product: { collection: 'products', id: '1' },
      articul: 'AUR-X1-128-BLK',
      color: '#1c1c1e',
    });
    expect(t.store.keys('modifications').length).toBeGreaterThan(32);

    service.emu.resetStats();
    const all = await service.setup(
      modificationsLoader({ onlyVisibleProducts: false, productsCollection: 'goods' }),
      'modifications',
    );
    await all.load();
    expect(service.emu.stats.byOperation['goods/SkuGet']).toBe(33);
    expect(all.store.keys('modifications').length).toBeGreaterThan(t.store.keys('modifications').length);
    expect(all.store.get('modifications', '1')!.data.product).toEqual({ collection: 'goods', id: '1' });
  });

  it('sections: tx ids, parent relation, hidden sections kept by default, SEO module dir', async () => {
    const t = await service.setup(sectionsLoader({ seo: true }), 'sections');
    await t.load();
    expect(t.store.keys('sections')).toContain('archive');
    expect(t.store.get('sections', 'catalog')!.data.parent).toBeNull();
    expect(t.store.get('sections', 'catalog')!.data).not.toHaveProperty('txt');
    expect(typeof t.store.get('sections', 'catalog')!.rendered?.html).toBe('string');
    expect(t.store.get('sections', 'phone-accessories')!.data).toMatchObject({
      par: 'phones',
      parent: { collection: 'sections', id: 'phones' },
      url: '/catalog/phones/phone-accessories/',
    });
    expect(t.store.get('sections', 'catalog')!.data.seo).toHaveProperty('title');
  });

  it('articles: section relation and the default meta module by section (blog/news/article)', async () => {
    const t = await service.setup(articlesLoader({ seo: true }), 'articles');
    await t.load();
    const a1 = t.store.get('articles', '1')!;
    expect(a1.data.section).toEqual({ collection: 'sections', id: 'blog' });
    expect(a1.data.seo).toHaveProperty('title');
    const fixed = await service.setup(articlesLoader({ seo: true, metaModule: 'article' }), 'articles');
    await fixed.load();
    expect(fixed.store.get('articles', '1')!.data.seo).not.toHaveProperty('title');
  });

  it('domains: the domain name as id', async () => {
    const t = await service.setup(domainsLoader(), 'domains');
    await t.load();
    expect(t.store.keys('domains').sort()).toEqual(['1.sites.test', 'shop.example']);
  });
});
