/**
 * The JSON-LD builders on entries as the loaders store them (loaded from the emulator's demo shop),
 * checked field by field and against Google's rich-result rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ArticleData,
  articlesLoader,
  isSiteContentInvalidRecordError,
  isSiteContentOptionsError,
  type ModificationData,
  modificationsLoader,
  type ProductData,
  productsLoader,
  type SectionData,
  sectionsLoader,
  structuredData,
} from '../src/index.js';
import { type AnyLoader, type Emulator, emulator, loadInto, useSite } from './helpers/index.js';
import { richResultErrors } from './helpers/rich-results.js';

const SITE = 'https://shop.example';

/** JSON-LD as plain JSON, to read nested fields without schema-dts' unions. */
// biome-ignore lint/suspicious/noExplicitAny: assertions read nested JSON, whatever its type
const json = (node: object): any => node;
interface Variant {
  sku: string;
  color: string;
  offers: { price: number; availability: string };
}

interface Entry<D> {
  id: string;
  data: D;
}

async function loadAll<D>(emu: Emulator, loader: AnyLoader, collection: string): Promise<Entry<D>[]> {
  const site = useSite(emu);
  const t = await loadInto(loader, { collection, root: site.root, site: SITE });
  await site.release();
  return t.store.values(collection) as unknown as Entry<D>[];
}

describe('structured data from the loaders’ entries', () => {
  let emu: Emulator;
  let products: Entry<ProductData>[];
  let modifications: Entry<ModificationData>[];
  let sections: Entry<SectionData>[];
  let articles: Entry<ArticleData>[];
  const jsonLd = structuredData({ site: SITE, currency: 'EUR' });

  const product = (id: number) => products.find((p) => p.data.id === id)!;
  const modsOf = (p: Entry<ProductData>) =>
    modifications.filter((m) => m.data.product.id === p.id).sort((a, b) => a.data.price - b.data.price);
  const withModCount = (count: number) => products.find((p) => modsOf(p).length === count)!;

  beforeAll(async () => {
    emu = await emulator();
    // One product without modifications, to cover the single-offer case priced from `sku`.
    emu.exec('DELETE FROM modifications WHERE goods_id = (SELECT MAX(id) FROM products WHERE shw = 1)');
    [products, modifications, sections, articles] = await Promise.all([
      loadAll<ProductData>(emu, productsLoader({ seo: true }), 'products'),
      loadAll<ModificationData>(emu, modificationsLoader(), 'modifications'),
      loadAll<SectionData>(emu, sectionsLoader({ seo: true }), 'sections'),
      loadAll<ArticleData>(emu, articlesLoader({ seo: true }), 'articles'),
    ]);
  });
  afterAll(async () => {
    await emu?.close();
  });

  it('a product with modifications is a ProductGroup with one variant Product per modification', async () => {
    const aurora = product(1);
    const group = json(jsonLd.product(aurora, modsOf(aurora)));
    expect(group).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Aurora X1',
      productGroupID: '1',
      variesBy: ['https://schema.org/color'],
      url: `${SITE}/catalog/phones/1/`,
      brand: { '@type': 'Brand', name: 'Aurora Mobile' },
      description: aurora.data.seo?.description,
      image: [
        'https://shop.example/img/goods/aurora-x1/photo-1-big.svg',
        'https://shop.example/img/goods/aurora-x1/photo-2-big.svg',
      ],
    });
    const variants = group.hasVariant;
    expect(variants.map((v: Variant) => [v.sku, v.color, v.offers.price])).toEqual([
      ['AUR-X1-128-BLK', '#1c1c1e', 699],
      ['AUR-X1-128-BLU', '#2f5d9e', 699],
      ['AUR-X1-256-BLK', '#1c1c1e', 799],
    ]);
    expect(variants[0]).toMatchObject({
      '@type': 'Product',
      name: 'Aurora X1 — Midnight',
      offers: {
        '@type': 'Offer',
        url: `${SITE}/catalog/phones/1/`,
        price: 699,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/ListPrice',
          price: 749,
          priceCurrency: 'EUR',
        },
      },
    });
    // No old price (price_old 0): no list price.
    expect(variants[1]!.offers).not.toHaveProperty('priceSpecification');
    expect(await richResultErrors([group])).toEqual([]);
  });

  it('a product with one modification is a Product with one Offer, its old price a list price', async () => {
    const mod = modifications.find((m) => m.data.price_old > m.data.price)!;
    const single = json(jsonLd.product(product(mod.data.goods_id), [mod]));
    expect(single['@type']).toBe('Product');
    expect(single.sku).toBe(mod.data.articul);
    expect(single.offers).toMatchObject({
      price: mod.data.price,
      priceCurrency: 'EUR',
      priceSpecification: { priceType: 'https://schema.org/ListPrice', price: mod.data.price_old },
    });
    expect(await richResultErrors([single])).toEqual([]);
  });

  it('a product page without modification entries offers the lowest price of the product’s sku list', async () => {
    const aurora = product(1);
    expect(aurora.data.sku.map((s) => s.price)).toEqual([699, 799, 699]);
    const single = json(jsonLd.product(aurora, []));
    expect(single['@type']).toBe('Product');
    expect(single).not.toHaveProperty('sku');
    expect(single.offers).toMatchObject({
      price: 699,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    expect(single.offers).not.toHaveProperty('priceSpecification');
    expect(await richResultErrors([single])).toEqual([]);
  });

  it('Google’s rules report a product the service states no price for (no offer) and a group without variesBy', async () => {
    const bare = withModCount(0);
    expect(bare, 'the product whose modifications the test deleted').toBeDefined();
    expect(bare.data.sku).toEqual([]);
    const unpriced = jsonLd.product(bare, []);
    expect(unpriced).not.toHaveProperty('offers');
    expect((await richResultErrors([unpriced])).join('\n')).toContain('offers');
    // And a group without what Google requires of one.
    const group = json(jsonLd.product(product(1), modsOf(product(1))));
    const { variesBy: _, ...withoutVariesBy } = group;
    expect(await richResultErrors([withoutVariesBy])).toEqual([
      'Required attribute "variesBy" is missing (variesBy)',
    ]);
  });

  it('options set availability (by rule), condition and a brand for products without a vendor', () => {
    const custom = structuredData({
      site: new URL(`${SITE}/any/path`),
      currency: 'USD',
      availability: (offer) => (offer.price > 700 ? 'PreOrder' : 'InStock'),
      itemCondition: 'RefurbishedCondition',
      brand: 'Lumen & Oak',
    });
    const aurora = product(1);
    const group = json(custom.product({ ...aurora.data, vendor: ' ' }, modsOf(aurora)));
    const offers = group.hasVariant.map((v: Variant) => v.offers);
    expect(offers.map((o: Variant['offers']) => o.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/InStock',
      'https://schema.org/PreOrder',
    ]);
    expect(offers[0]).toMatchObject({
      itemCondition: 'https://schema.org/RefurbishedCondition',
      priceCurrency: 'USD',
    });
    expect(group.brand).toEqual({ '@type': 'Brand', name: 'Lumen & Oak' });
    const noBrand = jsonLd.product({ ...aurora.data, vendor: '' }, []);
    expect(noBrand).not.toHaveProperty('brand');
  });

  it('bad options fail when the builders are made, naming each path', () => {
    const bad = () =>
      structuredData({
        site: 'ftp://shop.example',
        currency: 'euro',
        itemCondition: 'Mint' as 'NewCondition',
      });
    expect(bad).toThrow(
      /Invalid structuredData\(\) options: site: .*currency: expected an ISO 4217 code.*itemCondition:/,
    );
    try {
      bad();
    } catch (error) {
      expect(isSiteContentOptionsError(error)).toBe(true);
    }
  });

  it('a page URL off the site is an invalid record named by collection, id and field', () => {
    const aurora = product(1);
    let caught: unknown;
    try {
      jsonLd.product({ ...aurora.data, url: '//evil.example/x' }, []);
    } catch (error) {
      caught = error;
    }
    expect(isSiteContentInvalidRecordError(caught)).toBe(true);
    expect(caught).toMatchObject({ collection: 'products', recordId: '1', field: 'url' });
    expect(String(caught)).toContain(
      'products record 1 has url "//evil.example/x", not a URL on https://shop.example',
    );
  });

  it('a section page: the BreadcrumbList down to it and the ItemList of its products', async () => {
    const phones = sections.find((s) => s.id === 'phones')!;
    const crumbs = jsonLd.breadcrumbs(phones, 'sections', sections);
    expect(crumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Catalog', item: `${SITE}/catalog/` },
        { '@type': 'ListItem', position: 2, name: 'Phones', item: `${SITE}/catalog/phones/` },
      ],
    });
    const listed = products.filter((p) => p.data.cattx === 'phones').slice(0, 3);
    const list = jsonLd.productList(listed);
    expect(list.numberOfItems).toBe(3);
    expect(list.itemListElement).toEqual(
      listed.map((p, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: p.data.zag,
        url: `${SITE}${p.data.url}`,
      })),
    );
    expect(await richResultErrors([crumbs, list])).toEqual([]);
  });

  it('a product’s breadcrumbs end at the product', () => {
    const crumbs = jsonLd.breadcrumbs(product(1), 'products', sections);
    const items = json(crumbs).itemListElement;
    expect(items.map((i: { name: string }) => i.name)).toEqual(['Catalog', 'Phones', 'Aurora X1']);
    expect(items.at(-1)!.item).toBe(`${SITE}/catalog/phones/1/`);
  });

  it('an article: headline, dates, image from its meta, type from the options', async () => {
    const article = articles.find((a) => a.data.dt !== undefined)!;
    const changedAt = new Date('2026-03-04T05:06:07.000Z');
    const node = json(jsonLd.article({ ...article.data, changedAt }));
    expect(node).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.data.zag,
      url: `${SITE}${article.data.url}`,
      datePublished: article.data.dt!.toISOString(),
      dateModified: '2026-03-04T05:06:07.000Z',
    });
    const image = article.data.seo?.ogImage;
    expect(node.image ?? null).toEqual(image ? [`${SITE}${image}`] : null);
    const blog = structuredData({ site: SITE, currency: 'EUR', articleType: 'BlogPosting' });
    expect(blog.article(article)['@type']).toBe('BlogPosting');
    // As loaded: an article first seen changed when it was dated, and stores that date once, as `dt`.
    expect(article.data).not.toHaveProperty('changedAt');
    expect(jsonLd.article(article)).toHaveProperty('dateModified', article.data.dt!.toISOString());
  });

  it('the page states dateModified: the latest change of its entry and of what it lists', () => {
    const aurora = product(1);
    const [first, second] = modsOf(aurora);
    const { changedAt: _undated, ...secondUndated } = second!.data;
    const page = jsonLd.webPage(
      { ...aurora.data, changedAt: new Date('2026-01-01T00:00:00Z') },
      'products',
      'ItemPage',
      [{ ...first!.data, changedAt: new Date('2026-02-01T00:00:00Z') }, secondUndated],
    );
    expect(page).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemPage',
      url: `${SITE}/catalog/phones/1/`,
      name: aurora.data.seo?.title,
      description: aurora.data.seo?.description,
      dateModified: '2026-02-01T00:00:00.000Z',
    });
    // As loaded: a product first seen changed when it was added (`dt`).
    expect(jsonLd.webPage(aurora, 'products', 'ItemPage')).toHaveProperty(
      'dateModified',
      aurora.data.dt.toISOString(),
    );
  });

  it('the site: Organization and WebSite on the site origin', () => {
    const facts = { name: 'Lumen & Oak', logo: '/logo.svg', sameAs: ['https://social.example/lumen'] };
    expect(jsonLd.organization(facts)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Lumen & Oak',
      url: `${SITE}/`,
      logo: `${SITE}/logo.svg`,
      sameAs: ['https://social.example/lumen'],
    });
    expect(jsonLd.website({ name: 'Lumen & Oak' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Lumen & Oak',
      url: `${SITE}/`,
    });
  });
});
