/**
 * What the JSON-LD builders are given on a shop's pages: the demo shop's entries as the loaders
 * store them, loaded once for a `describe` block; and what they give, read as plain JSON.
 */
import { afterAll, beforeAll } from 'vitest';
import {
  type ArticleData,
  articlesLoader,
  type ModificationData,
  modificationsLoader,
  type ProductData,
  productsLoader,
  type SectionData,
  sectionsLoader,
} from '../../src/index.js';
import { type Emulator, emulator } from './emulator.js';
import { loadInto } from './load-into.js';
import type { AnyLoader } from './loader-context.js';
import { useSite } from './site.js';

/** The site the entries are loaded for and the builders state URLs on. */
export const SHOP_SITE = 'https://shop.example';

/** JSON-LD as plain JSON, to read nested fields without schema-dts' unions. */
// biome-ignore lint/suspicious/noExplicitAny: assertions read nested JSON, whatever its type
export const json = (node: object): any => node;

export interface Entry<D> {
  id: string;
  data: D;
}

async function loadAll<D>(emu: Emulator, loader: AnyLoader, collection: string): Promise<Entry<D>[]> {
  const site = useSite(emu);
  const t = await loadInto(loader, { collection, root: site.root, site: SHOP_SITE });
  await site.release();
  return t.store.values(collection) as unknown as Entry<D>[];
}

export interface ShopEntries {
  products: Entry<ProductData>[];
  modifications: Entry<ModificationData>[];
  sections: Entry<SectionData>[];
  articles: Entry<ArticleData>[];
  /** The product of record `id`. */
  product(id: number): Entry<ProductData>;
  /** The modifications of `p`, cheapest first. */
  modsOf(p: Entry<ProductData>): Entry<ModificationData>[];
  /** The first product with `count` modifications. */
  withModCount(count: number): Entry<ProductData>;
}

/**
 * The four collections, loaded from the demo shop before the tests of the calling `describe` block.
 * One product has its modifications deleted, for the single-offer case priced from `sku`.
 */
export function shopEntries(): ShopEntries {
  let emu: Emulator | undefined;
  const shop: ShopEntries = {
    products: [],
    modifications: [],
    sections: [],
    articles: [],
    product: (id) => shop.products.find((p) => p.data.id === id)!,
    modsOf: (p) =>
      shop.modifications
        .filter((m) => m.data.product.id === p.id)
        .sort((a, b) => a.data.price - b.data.price),
    withModCount: (count) => shop.products.find((p) => shop.modsOf(p).length === count)!,
  };
  beforeAll(async () => {
    emu = await emulator();
    emu.exec('DELETE FROM modifications WHERE goods_id = (SELECT MAX(id) FROM products WHERE shw = 1)');
    [shop.products, shop.modifications, shop.sections, shop.articles] = await Promise.all([
      loadAll<ProductData>(emu, productsLoader({ seo: true }), 'products'),
      loadAll<ModificationData>(emu, modificationsLoader(), 'modifications'),
      loadAll<SectionData>(emu, sectionsLoader({ seo: true }), 'sections'),
      loadAll<ArticleData>(emu, articlesLoader({ seo: true }), 'articles'),
    ]);
  });
  afterAll(async () => {
    await emu?.close();
  });
  return shop;
}
