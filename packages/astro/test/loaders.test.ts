import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  articlesLoader,
  domainsLoader,
  imageUrls,
  isSiteContentCallbackError,
  isSiteContentConnectionError,
  isSiteContentInvalidRecordError,
  modificationsLoader,
  type ProductData,
  pageSeo,
  productsLoader,
  sectionsLoader,
} from '../src/index.js';
import { ANSWERS_META_KEY } from '../src/load/answer-record.js';
import { openProject } from '../src/project/open-projects.js';
import { LOADER_VERSION_META_KEY } from '../src/sync/sync-item.js';
import {
  type AnyLoader,
  createStore,
  type Emulator,
  emulator,
  loaderContext,
  loadInto,
  rewritingProxy,
  tryLoadInto,
  useSite,
} from './helpers/index.js';

async function setup(emu: Emulator, loader: AnyLoader, collection: string, config: { site?: string } = {}) {
  const site = useSite(emu);
  const t = loaderContext(await createStore(), collection, loader.schema, { root: site.root, ...config });
  const load = () => loader.load(t.ctx as never);
  return { ...t, site, load };
}

describe('collection loaders against the emulator', () => {
  let emu: Emulator;
  const releases: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    emu = await emulator();
  });
  afterEach(async () => {
    await Promise.all(releases.splice(0).map((r) => r()));
    await emu.close();
  });
  const track = <T extends { site: { release: () => Promise<void> } }>(t: T) => {
    releases.push(t.site.release);
    return t;
  };
  /** A site whose requests to the emulator pass a proxy that rewrites the rows of `op`'s answers. */
  const siteThrough = async (
    op: string,
    rewrite: (rows: Record<string, unknown>[]) => Record<string, unknown>[],
  ) => {
    const proxy = await rewritingProxy(emu.url, op, rewrite);
    releases.push(proxy.close);
    const site = useSite({ url: proxy.url, key: emu.key, sid: emu.sid });
    releases.push(site.release);
    return site;
  };
  /** A site whose `op` answers carry `count` empty (invalid) records after the real ones. */
  const siteWithEmptyRecords = (op: string, count: number) =>
    siteThrough(op, (rows) => [...rows, ...Array.from({ length: count }, () => ({}))]);

  it('products: string ids, section relation, url, SEO from the service and fallbacks, rendered html', async () => {
    const t = track(await setup(emu, productsLoader({ seo: true }), 'products'));
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
    expect(emu.stats.byOperation['meta/Get']).toBe(32);
    expect(t.logs.text()).toMatch(/products: 32 records in \d+ ms .*32 written, 0 unchanged, 0 removed/);
  });

  it('products: canonical uses config.site when set; onlyVisible: false keeps hidden products', async () => {
    const t = track(
      await setup(emu, productsLoader({ seo: true, onlyVisible: false }), 'products', {
        site: 'https://www.example.org/',
      }),
    );
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
    const t = track(await setup(emu, productsLoader({ seo: true }), 'products'));
    await t.load();
    // The meta store holds the loader version and the digest of the answers the entries were made of.
    expect(t.metaKeysWritten.sort()).toEqual([ANSWERS_META_KEY, LOADER_VERSION_META_KEY].sort());
    t.reset();
    await t.load();
    // Nothing written at all, meta included: Astro serializes the whole data store again after any write.
    expect(t.counts).toEqual({ writes: 0, parses: 0, deletes: 0, metaWrites: 0 });
    expect(t.logs.text()).toContain('0 written, 32 unchanged, 0 removed');

    t.reset();
    emu.exec(`UPDATE products SET zag = 'Aurora X1 (2026)' WHERE id = 1`);
    await t.load();
    expect(t.counts).toMatchObject({ writes: 1, parses: 1 });
    expect(t.store.get('products', '1')!.data.zag).toBe('Aurora X1 (2026)');

    t.reset();
    emu.exec(`UPDATE meta SET ttl = 'New title' WHERE md = 'goods' AND id = 2`);
    await t.load();
    expect(t.counts.writes).toBe(1);
    expect((t.store.get('products', '2')!.data.seo as { title: string }).title).toBe('New title');

    t.reset();
    emu.exec('DELETE FROM products WHERE id = 3');
    await t.load();
    expect(t.counts).toMatchObject({ writes: 0, deletes: 1 });
    expect(t.store.has('products', '3')).toBe(false);
    expect(t.logs.text()).toContain('0 written, 31 unchanged, 1 removed');
  });

  it('sanitizes txt by default; sanitize: false keeps it as sent', async () => {
    emu.exec(
      `UPDATE products SET txt = '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(2)">x</a><img src="/a.png" onerror="x()"></p>' WHERE id = 1`,
    );
    const t = track(await setup(emu, productsLoader(), 'products'));
    await t.load();
    const html = t.store.get('products', '1')!.rendered!.html;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('<img src="/a.png" />');
    const raw = track(await setup(emu, productsLoader({ sanitize: false }), 'products'));
    await raw.load();
    expect(raw.store.get('products', '1')!.rendered!.html).toContain('<script>alert(1)</script>');
  });

  it('modifications: one goods/SkuGet per visible product, product relation', async () => {
    const t = track(await setup(emu, modificationsLoader(), 'modifications'));
    await t.load();
    // The hidden product has no entry in a default products collection: its modifications are left out.
    expect(emu.stats.byOperation['goods/SkuGet']).toBe(32);
    const m1 = t.store.get('modifications', '1')!;
    expect(m1.data).toMatchObject({
      id: 1,
      goods_id: 1,
      product: { collection: 'products', id: '1' },
      articul: 'AUR-X1-128-BLK',
      color: '#1c1c1e',
    });
    expect(t.store.keys('modifications').length).toBeGreaterThan(32);

    emu.resetStats();
    const all = track(
      await setup(
        emu,
        modificationsLoader({ onlyVisibleProducts: false, productsCollection: 'goods' }),
        'modifications',
      ),
    );
    await all.load();
    expect(emu.stats.byOperation['goods/SkuGet']).toBe(33);
    expect(all.store.keys('modifications').length).toBeGreaterThan(t.store.keys('modifications').length);
    expect(all.store.get('modifications', '1')!.data.product).toEqual({ collection: 'goods', id: '1' });
  });

  it('sections: tx ids, parent relation, hidden sections kept by default, SEO module dir', async () => {
    const t = track(await setup(emu, sectionsLoader({ seo: true }), 'sections'));
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
    const t = track(await setup(emu, articlesLoader({ seo: true }), 'articles'));
    await t.load();
    const a1 = t.store.get('articles', '1')!;
    expect(a1.data.section).toEqual({ collection: 'sections', id: 'blog' });
    expect(a1.data.seo).toHaveProperty('title');
    const fixed = track(await setup(emu, articlesLoader({ seo: true, metaModule: 'article' }), 'articles'));
    await fixed.load();
    expect(fixed.store.get('articles', '1')!.data.seo).not.toHaveProperty('title');
  });

  it('records whose section the service did not send are named once, and get no section', async () => {
    // As if the sections `phones` and `news` had been deleted: dir/Get no longer lists them.
    const gone = new Map<string, number>();
    const site = await siteThrough('dir/Get', (rows) =>
      rows.filter((r) => {
        if (r.tx !== 'phones' && r.tx !== 'news') return true;
        gone.set(String(r.tx), Number(r.id));
        return false;
      }),
    );
    const phonesId = () => gone.get('phones');
    const products = await loadInto(productsLoader(), { collection: 'products', root: site.root });
    const orphan = products.store.get('products', '1')!.data as { section: unknown; url: string };
    expect(orphan.section).toBeNull();
    const warnings = products.logs.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^products: \\d+ record\\(s\\) name a section the service did not send as valid \\(catid ${phonesId()}\\): 1, .*; they get no section, and the default URL no section path$`,
      ),
    );
    const articles = await loadInto(articlesLoader(), { collection: 'articles', root: site.root });
    const inNews = articles.store
      .values('articles')
      .filter((entry) => (entry.data as { catid: number }).catid === gone.get('news'));
    expect(inNews.length).toBeGreaterThan(0);
    expect(inNews.every((entry) => (entry.data as { section: unknown }).section === null)).toBe(true);
    expect(articles.logs.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^articles: ${inNews.length} record\\(s\\) name a section .* \\(catid ${gone.get('news')}\\)`,
        ),
      ),
    ]);
  });

  it('a loader option function that fails is the project’s bug: named with the record, never kept stale', async () => {
    const site = useSite(emu);
    releases.push(site.release);
    const store = await createStore();
    await loadInto(productsLoader(), { collection: 'products', store, root: site.root });
    const before = store.keys('products').length;
    expect(before).toBe(32);
    const cases: [Parameters<typeof productsLoader>[0], RegExp][] = [
      [
        { productUrl: (p) => (p.id === 3 ? (undefined as unknown as string).toLowerCase() : `/p/${p.id}`) },
        /^products: the productUrl option, for record 3, threw: Cannot read properties of undefined/,
      ],
      [
        { productUrl: () => 42 as unknown as string },
        /^products: the productUrl option, for record 1, returned number instead of a non-empty string$/,
      ],
      [
        { seo: true, metaModule: () => undefined as unknown as string },
        /^products: the metaModule option, for record 1, returned undefined instead of a non-empty string$/,
      ],
    ];
    for (const [options, message] of cases) {
      const { t, error } = await tryLoadInto(productsLoader(options), {
        collection: 'products',
        store,
        root: site.root,
      });
      expect(isSiteContentCallbackError(error), String(message)).toBe(true);
      expect((error as Error).message).toMatch(message);
      // Not the outage policy: no "keeping N entries" warning, and nothing written.
      expect(t.logs.text()).not.toContain('keeping');
      expect(store.keys('products')).toHaveLength(before);
    }

    // A URL the project's function returns that is no root-relative path says where it came from.
    const relative = productsLoader({ productUrl: (p) => `products/${p.id}` });
    const { error } = await tryLoadInto(relative, { collection: 'products', store, root: site.root });
    expect((error as Error).message).toContain('(returned by the productUrl option)');
  });

  it('duplicate entry ids: the first record is kept and both are named in a warning', async () => {
    const site = await siteThrough('dir/Get', (rows) => {
      const phones = rows.find((r) => r.tx === 'phones')!;
      return [...rows, { ...phones, id: '999', zag: 'Impostor' }];
    });
    const t = await loadInto(sectionsLoader(), { collection: 'sections', root: site.root });
    const phones = t.store.get('sections', 'phones')!.data as { id: number; zag: string };
    expect(phones.zag).toBe('Phones');
    expect(t.logs.text()).toContain(
      `warn: sections: the service sent records ${phones.id} and 999 for the entry id "phones"; keeping ${phones.id}, the first one`,
    );
    expect(t.logs.text()).toMatch(/sections: 15 records .*14 written.*1 duplicates skipped/);
  });

  it('service text in warnings is inert: a hostile section address and record id', async () => {
    const attack = '\u001b]0;owned\u0007\u001b[2J\r\nbuild ok\u009b31m\u202e';
    const site = await siteThrough('dir/Get', (rows) => {
      const phones = rows.find((r) => r.tx === 'phones')!;
      return [
        ...rows,
        { ...phones, id: '901', tx: attack },
        { ...phones, id: '902', tx: attack },
        { ...phones, id: `${attack}${'9'.repeat(5000)}` },
      ];
    });
    const t = await loadInto(sectionsLoader({ onInvalid: 'skip' }), {
      collection: 'sections',
      root: site.root,
    });
    expect(t.store.get('sections', attack)).toBeDefined();
    const warnings = t.logs.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toContain('records 901 and 902 for the entry id "\\u001b]0;owned\\u0007');
    expect(warnings.join('\n')).toContain('skipping record \\u001b]0;owned');
    for (const warning of warnings) {
      expect(warning).not.toMatch(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
      expect(warning.length).toBeLessThan(1000);
    }
  });

  it('a flood of invalid sections: ten named, the rest counted, none kept beyond that', async () => {
    const site = await siteWithEmptyRecords('dir/Get', 20_000);
    const lenient = await loadInto(sectionsLoader({ onInvalid: 'skip' }), {
      collection: 'sections',
      root: site.root,
    });
    const warnings = lenient.logs.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toHaveLength(11);
    expect(warnings.slice(0, 10).every((w) => w.startsWith('sections: skipping a record: '))).toBe(true);
    expect(warnings[10]).toBe('sections: skipped 19990 more invalid records');
    expect(lenient.logs.text()).toMatch(/sections: 14 records .*14 written.*, 20000 invalid skipped/);

    const { error } = await tryLoadInto(sectionsLoader(), { collection: 'sections', root: site.root });
    expect(error?.message).toMatch(
      /^sections: a record is invalid at field id: .*\(19999 more invalid records\)/,
    );
  });

  it("onInvalid: 'skip' with not one valid record keeps the previous entries instead of emptying the collection", async () => {
    const store = await createStore();
    const good = useSite(emu);
    releases.push(good.release);
    await loadInto(sectionsLoader({ onInvalid: 'skip' }), { collection: 'sections', store, root: good.root });
    const kept = store.keys('sections').length;
    expect(kept).toBeGreaterThan(0);

    const broken = await siteThrough('dir/Get', (rows) => rows.map((r) => ({ ...r, id: 'x' })));
    const second = await loadInto(sectionsLoader({ onInvalid: 'skip' }), {
      collection: 'sections',
      store,
      root: broken.root,
    });
    expect(store.keys('sections')).toHaveLength(kept);
    const warnings = second.logs.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^sections: all \\d+ records the service sent are invalid; the first: record x is invalid at field id: .*; keeping ${kept} entries from the previous sync$`,
        ),
      ),
    ]);

    // With nothing to keep the empty answer goes through, unless onError says fail.
    const empty = await loadInto(sectionsLoader({ onInvalid: 'skip' }), {
      collection: 'sections',
      root: broken.root,
    });
    expect(empty.store.keys('sections')).toHaveLength(0);
    const { error } = await tryLoadInto(sectionsLoader({ onInvalid: 'skip', onError: 'fail' }), {
      collection: 'sections',
      root: broken.root,
    });
    expect(isSiteContentInvalidRecordError(error)).toBe(true);
    expect(error?.message).toMatch(
      /^sections: all \d+ records the service sent are invalid; the first: record x /,
    );
  });

  it('a flood of invalid products fails the default load at 1,000 of them, without reading the rest', async () => {
    const site = await siteWithEmptyRecords('goods/Get', 200_000);
    const { t, error } = await tryLoadInto(productsLoader(), { collection: 'products', root: site.root });
    expect(isSiteContentInvalidRecordError(error)).toBe(true);
    expect(error?.message).toMatch(
      /^products: a record is invalid at field id: .*\(at least 999 more invalid records\)\. Set onInvalid/,
    );
    expect(t.store.keys('products')).toHaveLength(0);
  });

  it('the goods/Get the products and modifications loaders share stops at 1,000 invalid records when the products loader fails on them', async () => {
    const site = await siteWithEmptyRecords('goods/Get', 200_000);
    const store = await createStore();
    const before = emu.stats.byOperation['goods/Get'] ?? 0;
    // The modifications loader starts the shared read; the products loader joins and asks it to stop.
    const [mods, products] = await Promise.allSettled([
      loadInto(modificationsLoader(), { collection: 'modifications', store, root: site.root }),
      loadInto(productsLoader(), { collection: 'products', store, root: site.root }),
    ]);
    expect((emu.stats.byOperation['goods/Get'] ?? 0) - before).toBe(1);
    expect(products.status).toBe('rejected');
    expect(String((products as PromiseRejectedResult).reason)).toMatch(
      /products: a record is invalid at field id: .*\(at least 999 more invalid records\)/,
    );
    expect(mods.status).toBe('rejected');
    expect(store.keys('products')).toHaveLength(0);
  });

  it('invalid modifications across many requests stop the default load at 1,000 the same way', async () => {
    const site = await siteWithEmptyRecords('goods/SkuGet', 100);
    const { error } = await tryLoadInto(modificationsLoader(), {
      collection: 'modifications',
      root: site.root,
    });
    expect(isSiteContentInvalidRecordError(error)).toBe(true);
    expect(error?.message).toMatch(
      /^modifications: a record is invalid at field id: .*\(at least 999 more invalid records\)/,
    );
  });

  it('a productUrl that leaves the site is an invalid record at field url', async () => {
    const productUrl = (p: { id: number }) => (p.id === 1 ? 'https://evil.example/p' : `/p/${p.id}`);
    const strict = track(await setup(emu, productsLoader({ productUrl }), 'products'));
    const error = await strict.load().catch((e: unknown) => e as Error);
    expect(error?.message).toMatch(
      /^products: record 1 is invalid at field url: "https:\/\/evil.example\/p" is not a root-relative path: must start with \//,
    );
    const lenient = track(await setup(emu, productsLoader({ productUrl, onInvalid: 'skip' }), 'products'));
    await lenient.load();
    expect(lenient.store.has('products', '1')).toBe(false);
    expect(lenient.store.get('products', '2')!.data.url).toBe('/p/2/');
    expect(lenient.logs.text()).toContain(
      'warn: products: skipping record 1: "https://evil.example/p" is not',
    );
  });

  it('a product whose image would load from another host is an invalid record at its image field', async () => {
    // `/\\img.evil.example\\/x.svg` is `//img.evil.example/x.svg` to a browser.
    const hostileImage = (rows: Record<string, unknown>[]) =>
      rows.map((row) =>
        String(row.id) === '1'
          ? {
              ...row,
              img: [{ id: 9, path: '/\\img.evil.example\\', image: 'x.svg', image_small: '', image_big: '' }],
            }
          : row,
      );
    const strictSite = await siteThrough('goods/Get', hostileImage);
    const { error } = await tryLoadInto(productsLoader(), { collection: 'products', root: strictSite.root });
    expect(error?.message).toMatch(
      /^products: record 1 is invalid at field img\.0\.path: .*off the site: must not contain a backslash/,
    );
    const lenientSite = await siteThrough('goods/Get', hostileImage);
    const lenient = await loadInto(productsLoader({ onInvalid: 'skip' }), {
      collection: 'products',
      root: lenientSite.root,
    });
    expect(lenient.store.has('products', '1')).toBe(false);
    expect(lenient.store.has('products', '2')).toBe(true);
    expect(JSON.stringify(lenient.store.values('products'))).not.toContain('evil.example');
  });

  it('domains: the domain name as id', async () => {
    const t = track(await setup(emu, domainsLoader(), 'domains'));
    await t.load();
    expect(t.store.keys('domains').sort()).toEqual(['1.sites.test', 'shop.example']);
  });

  it('onInvalid: fail names collection, record and field; skip warns and leaves the record out', async () => {
    emu.exec(`UPDATE modifications SET color = 'red' WHERE id = 2`);
    const strict = track(await setup(emu, modificationsLoader(), 'modifications'));
    const error = await strict.load().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(isSiteContentInvalidRecordError(error)).toBe(true);
    expect(error?.message).toMatch(/^modifications: record 2 is invalid at field color/);
    expect(strict.store.keys('modifications')).toHaveLength(0);

    const lenient = track(await setup(emu, modificationsLoader({ onInvalid: 'skip' }), 'modifications'));
    await lenient.load();
    expect(lenient.store.has('modifications', '2')).toBe(false);
    expect(lenient.store.has('modifications', '1')).toBe(true);
    expect(lenient.logs.lines.find((l) => l.level === 'warn')?.message).toMatch(
      /^modifications: skipping record 2: .*color/,
    );
  });

  it('a loader without connection settings fails with the missing names', async () => {
    const saved = { ...process.env };
    delete process.env.SITECONTENT_BASE_URL;
    delete process.env.SITECONTENT_API_KEY;
    delete process.env.SITECONTENT_SID;
    try {
      const { error } = await tryLoadInto(productsLoader(), {
        collection: 'products',
        root: new URL('file:///tmp/sitecontent-no-integration/'),
      });
      expect(isSiteContentConnectionError(error)).toBe(true);
      expect((error as Error).message).toContain('SITECONTENT_API_KEY');
      // No integration in this process: no .env file was read, and the message says so.
      expect((error as Error).message).toContain(
        'in the process environment (.env files are read only by the siteContent() integration',
      );
      // With the integration (which read the .env files, here none), the message points to .env.
      const root = new URL('file:///tmp/sitecontent-integration-without-connection/');
      openProject(root, { connection: {}, client: { concurrency: 16 }, metaMaxAge: 0, env: {} }, undefined);
      const { error: second } = await tryLoadInto(productsLoader(), { collection: 'products', root });
      expect((second as Error).message).toMatch(
        /^products: missing connection setting\(s\) baseUrl, apiKey, sid: .* in the environment or in \.env$/,
      );
    } finally {
      Object.assign(process.env, saved);
    }
  });
});
