// Every page of the shop, for the one catch-all route: its path, what it shows and its cache key.
// With Astro's incremental builds a page is rendered again only when its cache key changes, so the
// key covers everything the page shows (the package's pageCacheKey): its own entry, the sections
// behind the navigation on every page, and what the page lists.
import { STOREFRONT_LOCAL_IMAGES, STOREFRONT_PRODUCTS_ON_DEMAND } from 'astro:env/server';
import { pageCacheKey } from '@sitecontent/astro';
import { isHeadProduct } from './head';
import {
  type ArticleEntry,
  articleHref,
  articlesIn,
  loadShop,
  modificationsOf,
  moreFrom,
  newestFirst,
  type ProductEntry,
  productHref,
  productsIn,
  relatedTo,
  routePath,
  type SectionEntry,
  type Shop,
  sectionHref,
} from './shop';

export type PageProps =
  | { kind: 'home' }
  | { kind: 'not-found' }
  | { kind: 'section'; section: SectionEntry }
  | { kind: 'product'; product: ProductEntry }
  | { kind: 'article'; article: ArticleEntry };

export interface ShopPage {
  /** The rest parameter of `[...path]`: `undefined` for the home page. */
  params: { path: string | undefined };
  props: PageProps;
  cacheKey: string;
}

/** Product cards show prices and swatches: the cards' modifications are part of the page. */
const withModifications = (shop: Shop, products: ProductEntry[]) => [
  products,
  products.map((p) => modificationsOf(shop, p)),
];

export async function shopPages(): Promise<ShopPage[]> {
  const shop = await loadShop();
  // On every page: the header and footer navigation, and where images are linked from.
  const layout = [shop.sections, STOREFRONT_LOCAL_IMAGES];
  const page = (path: string | undefined, props: PageProps, ...shows: Parameters<typeof pageCacheKey>) => ({
    params: { path },
    props,
    cacheKey: pageCacheKey(props.kind, ...shows, ...layout),
  });
  return [
    // The home page counts and features products, so every product, price and article is on it.
    page(undefined, { kind: 'home' }, shop.products, shop.modifications, newestFirst(shop.articles)),
    page('404', { kind: 'not-found' }),
    ...shop.sections.map((section) =>
      page(
        routePath(sectionHref(section)),
        { kind: 'section', section },
        section,
        ...withModifications(shop, productsIn(shop, section)),
        articlesIn(shop, section),
      ),
    ),
    // Served on demand (storefront.mjs serve), only the head of the catalog is built (lib/head.ts).
    ...(STOREFRONT_PRODUCTS_ON_DEMAND
      ? shop.products.filter((p) => isHeadProduct(p.data))
      : shop.products
    ).map((product) =>
      page(
        routePath(productHref(product)),
        { kind: 'product', product },
        product,
        modificationsOf(shop, product),
        ...withModifications(shop, relatedTo(shop, product)),
      ),
    ),
    ...shop.articles.map((article) =>
      page(
        routePath(articleHref(article)),
        { kind: 'article', article },
        article,
        moreFrom(shop, article).more,
      ),
    ),
  ];
}
