// Every page of the shop, for its two routes: the catch-all (home, products, articles, 404) and the
// section listings (`[...section]/[...page]`, paginated): each page's path, what it shows and its
// cache key. With Astro's incremental builds a page is rendered again only when its cache key
// changes, so the key covers everything the page shows (the package's pageCacheKey): its own entry,
// the sections behind the navigation on every page, and what the page lists.
import { STOREFRONT_LOCAL_IMAGES, STOREFRONT_PRODUCTS_ON_DEMAND } from 'astro:env/server';
import { listingPages, pageCacheKey } from '@sitecontent/astro';
import type { Page, PaginateFunction } from 'astro';
import { isHeadProduct } from './head';
import { facetValues } from './search';
import {
  type ArticleEntry,
  articleHref,
  articlesIn,
  childrenOf,
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
  | { kind: 'search' }
  | { kind: 'product'; product: ProductEntry }
  | { kind: 'article'; article: ArticleEntry };

/** A page of a section's listing: the section and Astro's page of its products. */
export interface SectionPageProps {
  section: SectionEntry;
  page: Page<ProductEntry>;
}

export interface ShopPage {
  /** The rest parameter of `[...path]`: `undefined` for the home page. */
  params: { path: string | undefined };
  props: PageProps;
  cacheKey: string;
}

/** Product cards show prices and swatches: the cards' modifications are part of the page. */
const withModifications = (shop: Shop, products: readonly ProductEntry[]) => [
  products,
  products.map((p) => modificationsOf(shop, p)),
];

/** On every page: the header and footer navigation, and where images are linked from. */
const layoutOf = (shop: Shop) => [shop.sections, STOREFRONT_LOCAL_IMAGES];

/** The pages of the catch-all route `[...path]`: home, 404, products and articles. */
export async function shopPages(): Promise<ShopPage[]> {
  const shop = await loadShop();
  const layout = layoutOf(shop);
  const page = (path: string | undefined, props: PageProps, ...shows: Parameters<typeof pageCacheKey>) => ({
    params: { path },
    props,
    cacheKey: pageCacheKey(props.kind, ...shows, ...layout),
  });
  return [
    // The home page counts and features products, so every product, price and article is on it.
    page(undefined, { kind: 'home' }, shop.products, shop.modifications, newestFirst(shop.articles)),
    page('404', { kind: 'not-found' }),
    // Its filter panel names the sections, brands and colours of the whole catalog.
    page(
      'search',
      { kind: 'search' },
      shop.tree.map((node) => node.data.zag),
      facetValues(shop, shop.products),
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

/**
 * The pages of every section's listing, for `[...section]/[...page]`: page 1 at the section's URL,
 * page n at its URL + `page/n` (the package's listingPages). Page 1 also shows the section's text,
 * subsections and articles; every page its products, their prices and the links to the others.
 */
export async function sectionPages(paginate: PaginateFunction) {
  const shop = await loadShop();
  const layout = layoutOf(shop);
  return shop.sections.flatMap((section) =>
    listingPages(paginate, productsIn(shop, section), {
      url: sectionHref(section),
      params: { section: routePath(sectionHref(section)) },
      props: { section },
    }).map((path) => {
      const { page } = path.props;
      const first = page.currentPage === 1;
      return {
        ...path,
        cacheKey: pageCacheKey(
          'section',
          section,
          ...withModifications(shop, page.data),
          first ? [childrenOf(shop, section.data.tx), articlesIn(shop, section)] : [],
          // The filter panel offers the brands and colours of the whole listing.
          facetValues(shop, productsIn(shop, section)),
          { start: page.start, total: page.total, url: page.url },
          // Its dateModified: the whole listing's change time, which products on other pages move.
          shop.changeTimes.at(page.url.current),
          ...layout,
        ),
      };
    }),
  );
}
