// Read model of the storefront: loads the collections once per build and answers the questions the
// pages ask (which sections are in the menu, what a section holds, what a product costs).
import { type CollectionEntry, getCollection } from 'astro:content';
import { STOREFRONT_LOCAL_IMAGES } from 'astro:env/server';
import {
  breadcrumbsFor,
  buildSectionTree,
  type HeadSeo,
  type ImageUrls,
  imageUrls,
  offerPrices,
  type PageChangeTimes,
  type PricePoint,
  pageChangeTimes,
  pageSeo,
  plainText,
  type SectionTreeNode,
  sectionListing,
  truncateOnWordBoundary,
} from '@sitecontent/astro';
import { STORE } from './store';
import { colourName } from './variants';
import { isShownIn, shownSections } from './visible';

export type ProductEntry = CollectionEntry<'products'>;
export type SectionEntry = CollectionEntry<'sections'>;
export type ArticleEntry = CollectionEntry<'articles'>;
export type ModificationEntry = CollectionEntry<'modifications'>;

export { STORE } from './store';

/** What the layout puts in <head> (the package's `SeoHead` fields); built from an entry's `seo` by `seoOf()`. */
export type PageSeo = HeadSeo;

export interface Crumb {
  label: string;
  href?: string | undefined;
}

/** A node of the section tree (the package's `buildSectionTree`); `entry` is the section. */
export type SectionNode = SectionTreeNode<SectionEntry>;

export interface Shop {
  sections: SectionEntry[];
  products: ProductEntry[];
  articles: ArticleEntry[];
  modifications: ModificationEntry[];
  sectionByTx: Map<string, SectionEntry>;
  /** Visible modifications per product entry id, cheapest first. */
  modificationsByProduct: Map<string, ModificationEntry[]>;
  tree: SectionNode[];
  /** When each page last changed (the package's pageChangeTimes): its JSON-LD dateModified and sitemap lastmod. */
  changeTimes: PageChangeTimes;
}

let cached: Promise<Shop> | undefined;

/** All visible content, loaded once per build (pages share the module instance). */
export function loadShop(): Promise<Shop> {
  cached ??= (async () => {
    const [allSections, allProducts, allArticles, allModifications] = await Promise.all([
      getCollection('sections'),
      getCollection('products'),
      getCollection('articles'),
      getCollection('modifications'),
    ]);
    // Hidden records get no page, nor does anything under a hidden section (lib/visible.ts).
    const shown = shownSections(allSections);
    const every = new Set(allSections.map((s) => s.data.tx));
    const sections = allSections.filter((s) => shown.has(s.data.tx));
    const products = allProducts.filter((p) => isShownIn(p.data, p.data.cattx, every, shown));
    const articles = allArticles.filter((a) => isShownIn(a.data, a.data.section?.id, every, shown));
    const productIds = new Set(products.map((p) => p.id));
    const modifications = allModifications.filter((m) => m.data.shw && productIds.has(m.data.product.id));
    const sectionByTx = new Map(sections.map((s) => [s.data.tx, s]));
    const modificationsByProduct = new Map<string, ModificationEntry[]>();
    for (const m of modifications) {
      const list = modificationsByProduct.get(m.data.product.id) ?? [];
      list.push(m);
      modificationsByProduct.set(m.data.product.id, list);
    }
    for (const list of modificationsByProduct.values()) {
      list.sort((a, b) => a.data.price - b.data.price || a.data.id - b.data.id);
    }
    return {
      sections,
      products,
      articles,
      modifications,
      sectionByTx,
      modificationsByProduct,
      tree: buildSectionTree(sections),
      changeTimes: pageChangeTimes({ sections, products, modifications, articles }),
    };
  })();
  return cached;
}

/** The section's URL path as the service gives it (`/catalog/phones`), never empty. */
// Links are the entries' URLs as the loaders give them: they follow the project's `trailingSlash`,
// so a link is the page's canonical URL and never a redirect.
export const sectionHref = (section: SectionEntry) => section.data.url;
export const articleHref = (article: ArticleEntry) => article.data.url;
export const productHref = (product: ProductEntry) => product.data.url;

/** The `[...path]` route's parameter for a page URL: the path without its leading and trailing slash. */
export const routePath = (url: string) => url.trim().replace(/^\/+|\/+$/g, '');

/** The `tx` of each section from the root down to `tx` (inclusive); stops at a hidden or missing ancestor. */
export function sectionTrail(shop: Shop, tx: string | null | undefined): string[] {
  const section = tx ? shop.sectionByTx.get(tx) : undefined;
  return section ? breadcrumbsFor(section, shop.sections).map((crumb) => crumb.id) : [];
}

/** Home, then the trail of sections down to the page's own entry (a section, product or article). */
export function crumbsFor(shop: Shop, entry: SectionEntry | ProductEntry | ArticleEntry): Crumb[] {
  return [
    { label: 'Home', href: '/' },
    ...breadcrumbsFor(entry, shop.sections).map((crumb) => ({
      label: crumb.label,
      href: crumb.url,
    })),
  ];
}

export const childrenOf = (shop: Shop, tx: string) => shop.sections.filter((s) => s.data.par === tx);
export const articlesIn = (shop: Shop, section: SectionEntry) =>
  newestFirst(shop.articles.filter((a) => a.data.catid === section.data.id));

export function newestFirst(articles: ArticleEntry[]): ArticleEntry[] {
  return [...articles].sort(
    (a, b) => (b.data.dt?.getTime() ?? 0) - (a.data.dt?.getTime() ?? 0) || b.data.id - a.data.id,
  );
}

export function modificationsOf(shop: Shop, product: ProductEntry): ModificationEntry[] {
  return shop.modificationsByProduct.get(product.id) ?? [];
}

/**
 * The products a section's listing pages show: those of the section and of every section below it,
 * in the package's stable listing order (`sectionListing`), so a product keeps its page number.
 */
export const productsIn = (shop: Shop, section: SectionEntry): ProductEntry[] =>
  sectionListing(section, shop);

/** Up to four other products of the same section, for "related products". */
export function relatedTo(shop: Shop, product: ProductEntry): ProductEntry[] {
  return shop.products
    .filter((p) => p.data.cattx === product.data.cattx && p.data.id !== product.data.id)
    .slice(0, 4);
}

/** The article's section and up to three other articles of it, for "more from". */
export function moreFrom(
  shop: Shop,
  article: ArticleEntry,
): { section?: SectionEntry; more: ArticleEntry[] } {
  const section = article.data.section ? shop.sectionByTx.get(article.data.section.id) : undefined;
  if (!section) return { more: [] };
  return {
    section,
    more: articlesIn(shop, section)
      .filter((a) => a.data.id !== article.data.id)
      .slice(0, 3),
  };
}

/** Home page picks: discounted products first (largest saving first), then the newest. */
export function featuredProducts(shop: Shop): ProductEntry[] {
  return shop.products
    .map((product) => {
      const price = priceOf(shop, product);
      return { product, saving: price?.oldPrice ? price.oldPrice - price.price : 0 };
    })
    .sort((a, b) => b.saving - a.saving || b.product.data.dt.getTime() - a.product.data.dt.getTime())
    .slice(0, 8)
    .map((f) => f.product);
}

export interface PriceInfo {
  price: number;
  oldPrice?: number | undefined;
  /** Several modifications with different prices: show "from". */
  from: boolean;
}

/**
 * The lowest of the prices the product page's JSON-LD states (`offerPrices`: one per visible
 * modification, else the product's lowest `sku` price), with its old price when higher.
 */
export function priceOf(shop: Shop, product: ProductEntry): PriceInfo | undefined {
  const offers = offerPrices(product, modificationsOf(shop, product));
  const cheapest = offers.reduce<PricePoint | undefined>(
    (low, o) => (!low || o.price < low.price ? o : low),
    undefined,
  );
  if (!cheapest) return undefined;
  const from = offers.some((o) => o.price !== cheapest.price);
  return { price: cheapest.price, oldPrice: cheapest.oldPrice, from };
}

const money = new Intl.NumberFormat(STORE.locale, { style: 'currency', currency: STORE.currency });
export const formatPrice = (value: number) => money.format(value);

const dates = new Intl.DateTimeFormat(STORE.locale, { dateStyle: 'long', timeZone: 'UTC' });
export const formatDate = (date: Date) => dates.format(date);

/**
 * Where the browser loads a product's images from. Demo builds copy the emulator's images into
 * public/ and link them root-relative; otherwise the service's absolute URLs are used.
 */
export function imagesOf(product: ProductEntry): ImageUrls[] {
  return imageUrls(product, STOREFRONT_LOCAL_IMAGES ? { origin: '' } : {});
}

/** Unique colours of a product's modifications, in price order, labelled with the colour's name. */
export function swatchesOf(mods: ModificationEntry[]): { color: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const m of mods) {
    const color = m.data.color.toLowerCase();
    if (color && !seen.has(color)) seen.set(color, colourName(m.data) || m.data.articul || color);
  }
  return [...seen].map(([color, label]) => ({ color, label }));
}

/**
 * Page head data of an entry: the service's meta where it gave some, the package's fallbacks from
 * the record otherwise (`pageSeo`); the canonical comes from the entry's `url`, which the layout
 * passes beside it.
 */
export function seoOf(entry: ProductEntry | SectionEntry | ArticleEntry, site: URL | undefined): PageSeo {
  if (!site) throw new Error("seoOf: the storefront's pages need Astro's `site`");
  const seo = pageSeo(entry, { site });
  return {
    title: seo.title,
    description: seo.description,
    keywords: seo.keywords || undefined,
    ogDescription: seo.ogDescription,
    ogImage: seo.ogImage || undefined,
  };
}

/** Plain text of a teaser that may carry markup, cut on a word boundary, for meta tags and cards. */
export function excerpt(html: string, max = 200): string {
  return truncateOnWordBoundary(plainText(html), max);
}
