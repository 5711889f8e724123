/** Section listing pages: which products a section page lists, in which order, split for `paginate()`. */
import type { Page, PaginateFunction } from 'astro';
import { z } from 'zod';
import { entryData, type WithData } from '../entries/entry-data.js';
import { parseOptions } from '../options/parse-options.js';
import { buildSectionTree, type SectionLike } from './section-tree.js';

/** Products per listing page unless a site says otherwise: a few screens of cards, a small page. */
export const LISTING_PAGE_SIZE = 24;

/** The section fields a listing reads. */
export type ListingSection = SectionLike & { shw?: boolean | undefined };

/** The product fields a listing reads. */
export interface ListedProductData {
  id: number;
  /** The `tx` of the product's section. */
  cattx: string;
  shw?: boolean | undefined;
}

/**
 * The products `section`'s page lists: the shown products of it and every shown section below, by
 * section tree order (`rlv`, then `id`), then product `id`: no response order or price, so a page's
 * URL keeps showing the same products from build to build.
 */
export function sectionListing<P extends WithData<ListedProductData>>(
  section: WithData<ListingSection>,
  catalog: { sections: readonly WithData<ListingSection>[]; products: readonly P[] },
): P[] {
  const rank = subtreeRanks(entryData(section).tx, catalog.sections);
  const listed = catalog.products.filter((product) => {
    const data = entryData(product);
    return data.shw !== false && rank.has(data.cattx);
  });
  const key = (product: P) => entryData(product);
  return listed.sort(
    (a, b) => (rank.get(key(a).cattx) ?? 0) - (rank.get(key(b).cattx) ?? 0) || key(a).id - key(b).id,
  );
}

/** `tx` → place in the section tree's order, for the section `tx` and its shown descendants. */
function subtreeRanks(tx: string, sections: readonly WithData<ListingSection>[]): Map<string, number> {
  const ranks = new Map<string, number>();
  const stack = buildSectionTree(sections).reverse();
  let inside: number | undefined;
  // Depth-first, in tree order; `inside` is the depth of `tx` while the walk is below it.
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (inside !== undefined && node.depth <= inside) break;
    if (inside === undefined && node.data.tx === tx) inside = node.depth;
    const shown = (node.data as ListingSection).shw !== false;
    if (inside !== undefined && shown) ranks.set(node.data.tx, ranks.size);
    if (inside === undefined || shown) stack.push(...[...node.children].reverse());
  }
  return ranks;
}

/**
 * The URL of page `n` of the listing at `url`: `url` for page 1, then `url` + `page/<n>`, ending as
 * `url` ends. Not `url` + `<n>`: that is a product's page.
 */
export function listingPageUrl(url: string, n: number): string {
  if (n <= 1) return url;
  const bare = url.replace(/\/+$/, '');
  return `${bare}/page/${n}${url.endsWith('/') && url !== '/' ? '/' : ''}`;
}

/** The URL of the listing a further page's `url` (`listingPageUrl()`, n ≥ 2) belongs to, else `undefined`. */
export function listingOfPageUrl(url: string): string | undefined {
  const match = /^(.*)\/page\/[1-9]\d*(\/?)$/.exec(url.trim());
  if (match?.[1] === undefined) return undefined;
  return `${match[1] || ''}${match[2]}` || '/';
}

/** How to page a listing: the options of `listingPages()`, checked when it is called. */
export const listingPagesOptionsSchema = z.strictObject({
  /** The listing's own URL, root-relative (the section's `data.url`): page 1's URL. */
  url: z.string().startsWith('/'),
  /** Products per page. @default LISTING_PAGE_SIZE (24) */
  pageSize: z.number().int().min(1).default(LISTING_PAGE_SIZE),
  /** The route's other parameters (the section's path for `[...section]/[...page].astro`). */
  params: z.record(z.string(), z.string().optional()),
  /** Props every page of the listing gets beside `page`. @default {} */
  props: z.record(z.string(), z.unknown()).default({}),
});

/** The options of `listingPages()`, with the route's own `params` and `props` types. */
export type ListingPagesOptions<Params, Props> = Omit<
  z.input<typeof listingPagesOptionsSchema>,
  'params' | 'props'
> & { params: Params; props?: Props | undefined };

/** One page of a listing, as `getStaticPaths()` returns it. */
export interface ListingPath<T, Params, Props> {
  /** The route's parameters; `page` is `undefined` for page 1, else `page/<n>`. */
  params: Params & { page: string | undefined };
  props: Props & { page: Page<T> };
}

/**
 * The static paths of a listing's pages from `paginate()`, for a route ending in `[...page]`: page 1
 * at `url`, page `n` at `url` + `page/<n>`; `props.page` is Astro's `Page`. Throws
 * `SiteContentOptionsError` for a bad option.
 */
export function listingPages<
  T,
  Params extends Record<string, string | undefined>,
  Props extends Record<string, unknown>,
>(
  paginate: PaginateFunction,
  items: readonly T[],
  options: ListingPagesOptions<Params, Props>,
): ListingPath<T, Params, Props>[] {
  const { url, pageSize } = parseOptions('listingPages', listingPagesOptionsSchema, options);
  const at = (n: number | undefined) => (n === undefined ? undefined : listingPageUrl(url, n));
  const paths = paginate(items, { pageSize, params: options.params, props: options.props ?? ({} as Props) });
  return paths.map((path) => {
    const { page } = path.props as { page: Page<T> };
    const n = page.currentPage;
    return {
      ...path,
      params: { ...path.params, page: n === 1 ? undefined : `page/${n}` },
      props: {
        ...path.props,
        page: {
          ...page,
          url: {
            current: listingPageUrl(url, n),
            prev: at(n > 1 ? n - 1 : undefined),
            next: at(n < page.lastPage ? n + 1 : undefined),
            first: at(n > 1 ? 1 : undefined),
            last: at(n < page.lastPage ? page.lastPage : undefined),
          },
        },
      },
    } as ListingPath<T, Params, Props>;
  });
}
