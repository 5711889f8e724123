/**
 * When each page of a shop last changed, from what it shows: the one rule behind the sitemap's
 * `<lastmod>` and the pages' JSON-LD `dateModified`. A product page shows the product and its shown
 * modifications; every page of a section's listing the section, its shown subsections, its articles
 * and its listed products (one time for all pages: an added product moves every later one); an
 * article page the article; the home page the whole shop. Each record's time is `lastChanged()`.
 */

import { entryData, type WithData } from '../entries/entry-data.js';
import { type ChangeTime, lastChanged } from '../entries/last-changed.js';
import { type ListedProductData, type ListingSection, listingOfPageUrl } from './listing-pages.js';
import { buildSectionTree, type SectionTreeNode } from './section-tree.js';

/** The entries a shop's pages are made of, as `getCollection()` gives them or as bare data. */
export interface ShopChangeEntries {
  sections: readonly WithData<ListingSection & ChangeTime>[];
  products: readonly WithData<ListedProductData & ChangeTime & { url: string }>[];
  modifications?:
    | readonly WithData<{ goods_id: number; shw?: boolean | undefined } & ChangeTime>[]
    | undefined;
  articles?:
    | readonly WithData<{ catid: number; url: string; shw?: boolean | undefined } & ChangeTime>[]
    | undefined;
}

/** The change time of each page of a shop. */
export interface PageChangeTimes {
  /** When the page at `url` (an entry's, a listing page's, or `/`) last changed; `undefined` when unknown. */
  at(url: string): Date | undefined;
}

const shown = (data: { shw?: boolean | undefined }) => data.shw !== false;

/** A URL path as a lookup key: no trailing slash, `/` for the root. */
const urlKey = (url: string) => url.trim().replace(/\/+$/, '') || '/';

function newer(a: Date | undefined, b: Date | undefined): Date | undefined {
  return a === undefined || (b !== undefined && b > a) ? b : a;
}

/** The change time of every page of the shop made of `entries`. */
export function pageChangeTimes(entries: ShopChangeEntries): PageChangeTimes {
  const byUrl = new Map<string, Date | undefined>();
  const set = (url: string, time: Date | undefined) => byUrl.set(urlKey(url), time);

  const modsNewest = new Map<number, Date | undefined>();
  for (const item of entries.modifications ?? []) {
    const mod = entryData(item);
    if (shown(mod)) modsNewest.set(mod.goods_id, newer(modsNewest.get(mod.goods_id), lastChanged(mod)));
  }
  // The newest product page of each section's own products: the listings are their subtrees' sums.
  const productsNewest = new Map<string, Date | undefined>();
  for (const item of entries.products) {
    const product = entryData(item);
    if (!shown(product)) continue;
    const time = newer(lastChanged(product), modsNewest.get(product.id));
    set(product.url, time);
    productsNewest.set(product.cattx, newer(productsNewest.get(product.cattx), time));
  }
  const articlesNewest = new Map<number, Date | undefined>();
  for (const item of entries.articles ?? []) {
    const article = entryData(item);
    if (!shown(article)) continue;
    set(article.url, lastChanged(article));
    articlesNewest.set(article.catid, newer(articlesNewest.get(article.catid), lastChanged(article)));
  }

  /** The newest product of a shown section's subtree (the products its listing holds). */
  const listed = (node: SectionTreeNode): Date | undefined =>
    node.children
      .filter((child) => shown(child.data as ListingSection))
      .reduce((time, child) => newer(time, listed(child)), productsNewest.get(node.data.tx));
  const visit = (node: SectionTreeNode) => {
    const section = node.data as ListingSection & ChangeTime;
    if (!shown(section)) return;
    const subsections = node.children.filter((child) => shown(child.data as ListingSection));
    let time = newer(newer(lastChanged(section), articlesNewest.get(section.id)), listed(node));
    for (const child of subsections) time = newer(time, lastChanged(child.data as ChangeTime));
    set(section.url, time);
    for (const child of subsections) visit(child);
  };
  const tree = buildSectionTree(entries.sections);
  for (const root of tree) visit(root);
  const newest = newestPage(entries, byUrl);

  return {
    at(url) {
      const key = urlKey(url);
      if (key === '/') return newest;
      if (byUrl.has(key)) return byUrl.get(key);
      // A further page of a listing (listingPageUrl): the listing's time.
      const listing = listingOfPageUrl(key);
      return listing === undefined ? undefined : byUrl.get(urlKey(listing));
    },
  };
}

/** The newest page: of the shown sections' listings, and of products and articles of no known section. */
function newestPage(
  entries: ShopChangeEntries,
  byUrl: ReadonlyMap<string, Date | undefined>,
): Date | undefined {
  let newest: Date | undefined;
  const known = new Set<string>();
  const knownIds = new Set<number>();
  for (const item of entries.sections) {
    const section = entryData(item);
    known.add(section.tx);
    knownIds.add(section.id);
    newest = newer(newest, byUrl.get(urlKey(section.url)));
  }
  for (const item of entries.products) {
    const product = entryData(item);
    if (!known.has(product.cattx)) newest = newer(newest, byUrl.get(urlKey(product.url)));
  }
  for (const item of entries.articles ?? []) {
    const article = entryData(item);
    if (!knownIds.has(article.catid)) newest = newer(newest, byUrl.get(urlKey(article.url)));
  }
  return newest;
}
