/**
 * The search index from the demo shop's entries as the loaders store them: each record's facts
 * against what the product page's JSON-LD states (price, sale, section trail, colour names, never a
 * colour code), the option's checks, and the written index searched with Pagefind's own browser
 * code over loopback: words of the title and of the description find a product, filters narrow,
 * sorts order, a query with no match finds nothing.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSiteContentAstroError, plainText, siteContent, structuredData } from '../src/index.js';
import { resolveSearchOptions, type SearchOptions } from '../src/options/search-options.js';
import { writeSearchIndex } from '../src/search/search-index.js';
import {
  articleRecord,
  IN_STOCK,
  ON_SALE,
  priceBand,
  priceBandNames,
  productRecord,
  type RecordContext,
  type SearchRecord,
} from '../src/search/search-records.js';
import { json, SHOP_SITE, shopEntries } from './helpers/index.js';
import { type IndexSearch, searchIndexAt } from './helpers/pagefind-search.js';

/** The demo shop's labels: the colour's name first, then what else the variant differs in. */
const variantProperties = (modification: { stxt: string }) => ({
  color: plainText(modification.stxt).split(',')[0]?.trim() || undefined,
});
const OPTIONS: SearchOptions = { currency: 'USD', variantProperties };
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('search option', () => {
  it('fills the defaults and checks bands, currency and path', () => {
    const options = resolveSearchOptions({ currency: 'EUR' });
    expect(options).toMatchObject({ include: ['products', 'articles'], path: 'pagefind', language: 'en' });
    const bad = (o: unknown) => {
      try {
        resolveSearchOptions(o as SearchOptions);
      } catch (error) {
        expect(isSiteContentAstroError(error, 'invalid_options')).toBe(true);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(bad({ currency: 'USD', priceBands: [50, 25] })).toContain('priceBands: must be ascending');
    expect(bad({ currency: 'dollars' })).toContain('currency');
    expect(bad({ currency: 'USD', path: '../up' })).toContain('path');
    expect(bad({ currency: 'USD', include: [] })).toContain('include');
    expect(() => siteContent({ search: { currency: 'usd' } })).toThrow(/search\.currency/);
  });

  it('names the price bands cheapest first and files a price under the band it is below', () => {
    const options = resolveSearchOptions({ currency: 'USD', priceBands: [50, 100, 1000] });
    const names = priceBandNames(options);
    expect(names).toEqual(['Under $50', '$50 – $100', '$100 – $1,000', '$1,000 and over']);
    expect(priceBand(49.99, options)).toBe('Under $50');
    expect(priceBand(50, options)).toBe('$50 – $100');
    expect(priceBand(999, options)).toBe('$100 – $1,000');
    expect(priceBand(1000, options)).toBe('$1,000 and over');
  });
});

describe('search records from the entries', () => {
  const shop = shopEntries();
  const context = (): RecordContext => ({
    options: resolveSearchOptions(OPTIONS),
    sections: shop.sections,
    site: SHOP_SITE,
  });
  const recordOf = (p: (typeof shop.products)[number]) =>
    productRecord({ product: p, modifications: shop.modsOf(p) }, context());

  it('states the lowest price of the JSON-LD offers, as the page shows it, with the sale and stock filters', () => {
    const builders = structuredData({ site: SHOP_SITE, currency: 'USD' });
    let sales = 0;
    for (const p of shop.products.filter((p) => p.data.shw)) {
      const record = recordOf(p)!;
      const offers = json(builders.product(p, shop.modsOf(p))).offers;
      const list = Array.isArray(offers) ? offers : offers ? [offers] : [];
      const group = json(builders.product(p, shop.modsOf(p))).hasVariant as object[] | undefined;
      const prices = (group ? group.map((v) => json(v).offers) : list).map((o) => Number(o.price));
      if (prices.length === 0) {
        expect(record.meta.price, p.id).toBeUndefined();
        continue;
      }
      const low = Math.min(...prices);
      const from = prices.some((price) => price !== low);
      expect(record.meta.price, p.id).toBe(`${from ? 'from ' : ''}${usd.format(low)}`);
      expect(record.sort.price).toBe(String(low));
      expect(record.filters.stock).toEqual([IN_STOCK]);
      if (record.filters.sale) {
        sales++;
        expect(record.filters.sale).toEqual([ON_SALE]);
        expect(record.meta.old_price).toMatch(/^\$[\d,]+\.\d\d$/);
      }
    }
    expect(sales, 'the demo shop has products on sale').toBeGreaterThan(0);
  });

  it('files a product under its section and every parent, its vendor and its colour names', () => {
    const nested = shop.products.find((p) => {
      const section = shop.sections.find((s) => s.data.tx === p.data.cattx);
      return p.data.shw && section?.data.par && shop.modsOf(p).some((m) => m.data.color);
    })!;
    expect(nested, 'a product in a subsection with colours').toBeDefined();
    const record = recordOf(nested)!;
    const section = shop.sections.find((s) => s.data.tx === nested.data.cattx)!;
    const parent = shop.sections.find((s) => s.data.tx === section.data.par)!;
    expect(record.filters.section).toContain(plainText(section.data.zag));
    expect(record.filters.section).toContain(plainText(parent.data.zag));
    expect(record.filters.section!.indexOf(plainText(parent.data.zag))).toBeLessThan(
      record.filters.section!.indexOf(plainText(section.data.zag)),
    );
    if (nested.data.vendor) expect(record.filters.vendor).toEqual([nested.data.vendor]);
    const names = shop.modsOf(nested).map((m) => variantProperties(m.data).color);
    expect(record.filters.colour).toEqual([...new Set(names.filter(Boolean))]);
    for (const colour of record.filters.colour ?? []) expect(colour).not.toMatch(/^#/);
    expect(record.url).toBe(nested.data.url);
    expect(record.meta.title).toBe(plainText(nested.data.zag));
    expect(record.content).toContain(plainText(nested.data.zag));
  });

  it('has no colour filter without the variant mapping, and no record for a hidden product', () => {
    const withColours = shop.products.find((p) => p.data.shw && shop.modsOf(p).some((m) => m.data.color))!;
    const plain = productRecord(
      { product: withColours, modifications: shop.modsOf(withColours) },
      { ...context(), options: resolveSearchOptions({ currency: 'USD' }) },
    );
    expect(plain?.filters.colour).toBeUndefined();
    const hidden = { ...withColours, data: { ...withColours.data, shw: false } };
    expect(productRecord({ product: hidden, modifications: [] }, context())).toBeUndefined();
  });

  it('links an image on the site root-relative and leaves out one that is not raster', () => {
    const p = shop.products.find((p) => p.data.shw)!;
    const at = (images: string[]) => productRecord({ product: p, modifications: [], images }, context());
    expect(at([`${SHOP_SITE}/_astro/photo.hash.webp`])?.meta.image).toBe('/_astro/photo.hash.webp');
    expect(at(['https://cdn.example/a.jpg'])?.meta.image).toBe('https://cdn.example/a.jpg');
    expect(at(['https://cdn.example/a.svg'])?.meta.image).toBeUndefined();
  });

  it('makes an article record with its section trail and no price', () => {
    const article = shop.articles.find((a) => a.data.shw)!;
    const record = articleRecord(article, context())!;
    expect(record.meta.kind).toBe('Article');
    expect(record.filters.kind).toEqual(['Article']);
    expect(record.sort.price).toBeUndefined();
    expect(record.url).toBe(article.data.url);
  });
});

describe('the written index, searched by Pagefind', () => {
  const shop = shopEntries();
  let dir: string;
  let index: IndexSearch;
  let records: SearchRecord[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sitecontent-search-'));
    const context: RecordContext = {
      options: resolveSearchOptions(OPTIONS),
      sections: shop.sections,
      site: SHOP_SITE,
    };
    records = [
      ...shop.products.map((p) => productRecord({ product: p, modifications: shop.modsOf(p) }, context)),
      ...shop.articles.map((a) => articleRecord(a, context)),
    ].filter((r): r is SearchRecord => r !== undefined);
    const summary = await writeSearchIndex(records, path.join(dir, 'pagefind'));
    expect(summary.records).toBe(records.length);
    index = await searchIndexAt(dir);
  }, 60_000);

  afterAll(async () => {
    await index?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const urls = (found: { url: string }[]) => found.map((f) => f.url);

  it('writes Pagefind’s bundle', async () => {
    const files = await readdir(path.join(dir, 'pagefind'));
    expect(files).toContain('pagefind.js');
    expect(files).toContain('pagefind-entry.json');
  });

  it('finds a product by a word of its title and by a word only in its description', async () => {
    const products = records.filter((r) => r.meta.kind === 'Product');
    const target = products.find((r) => {
      const title = new Set(r.meta.title!.toLowerCase().split(/\W+/));
      return r.meta.description!.split(/\W+/).some((w) => w.length >= 6 && !title.has(w.toLowerCase()));
    })!;
    const titleWord = target.meta.title!.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w))!;
    expect(urls(await index.search(titleWord))).toContain(target.url);
    const title = new Set(target.meta.title!.toLowerCase().split(/\W+/));
    const descriptionWord = target.meta
      .description!.split(/\W+/)
      .find((w) => w.length >= 6 && !title.has(w.toLowerCase()))!;
    expect(urls(await index.search(descriptionWord))).toContain(target.url);
  });

  it('narrows to a vendor, orders by price, and finds nothing for a word no page has', async () => {
    const vendor = records.find((r) => r.filters.vendor)!.filters.vendor![0]!;
    const byVendor = await index.search(null, { filters: { vendor } });
    expect(byVendor.length).toBe(records.filter((r) => r.filters.vendor?.[0] === vendor).length);
    for (const page of byVendor) expect(page.filters.vendor).toEqual([vendor]);

    const sorted = await index.search(null, { filters: { kind: 'Product' }, sort: { price: 'asc' } });
    const prices = sorted.map((p) => Number(records.find((r) => r.url === p.url)!.sort.price));
    expect(prices.length).toBeGreaterThan(3);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    expect(await index.search('zzqxjvw')).toEqual([]);
  });

  it('counts every filter value the shopper can pick', async () => {
    const filters = await index.filters();
    expect(Object.keys(filters).sort()).toEqual(
      ['colour', 'kind', 'price', 'sale', 'section', 'stock', 'vendor'].sort(),
    );
    expect(filters.sale?.[ON_SALE]).toBe(records.filter((r) => r.filters.sale).length);
    for (const colour of Object.keys(filters.colour ?? {})) expect(colour).not.toMatch(/^#|^[0-9a-f]{6}$/i);
  });
});
