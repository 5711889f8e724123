/** JSON-LD of a section page: the `BreadcrumbList` down to any page, and the `ItemList` of the products listed. */
import type { BreadcrumbList, ItemList, WithContext } from 'schema-dts';
import { entryData, type WithData } from '../entries/entry-data.js';
import { plainText } from '../entries/plain-text.js';
import { breadcrumbsFor } from '../helpers/breadcrumbs.js';
import type { SectionLike } from '../helpers/section-tree.js';
import { pageUrlOn } from './json-ld-urls.js';
import type { ResolvedStructuredDataOptions } from './options.js';
import { SCHEMA_ORG } from './schema-org.js';

/** An entry with a place in the section tree: a section, or a product or article with its `section`. */
export type TrailSource = Parameters<typeof breadcrumbsFor>[0];

/** The product fields a list names. */
export interface ListedProduct {
  id: number;
  zag: string;
  url: string;
}

/** The breadcrumb trail from the home page through the root section down to `entry`, URLs absolute. */
export function breadcrumbListJsonLd(
  entry: TrailSource,
  collection: string,
  sections: readonly WithData<SectionLike>[],
  options: ResolvedStructuredDataOptions,
): WithContext<BreadcrumbList> {
  const trail = breadcrumbsFor(entry, sections);
  // A trail starts at the home page: a top section's page is then a trail of two, not one.
  const home = { '@type': 'ListItem' as const, position: 1, name: 'Home', item: `${options.site}/` };
  return {
    '@context': SCHEMA_ORG,
    '@type': 'BreadcrumbList',
    itemListElement: [
      home,
      ...trail.map((crumb, index) => ({
        '@type': 'ListItem' as const,
        position: index + 2,
        name: plainText(crumb.label),
        item: pageUrlOn(options.site, crumb.url, {
          collection: index === trail.length - 1 ? collection : 'sections',
          id: crumb.id,
          field: 'url',
        }),
      })),
    ],
  };
}

/** Where a page's products stand in the whole listing, when the listing has several pages. */
export interface ListPlace {
  /** The position of the page's first product in the whole listing (Astro's `page.start + 1`). @default 1 */
  position?: number | undefined;
  /** What the list holds, for an error naming a record: a blog or news section lists articles. @default 'products' */
  collection?: 'products' | 'articles' | undefined;
}

/** The products a section page lists, in order, numbered by their place in the whole listing. */
export function productListJsonLd(
  products: readonly WithData<ListedProduct>[],
  options: ResolvedStructuredDataOptions,
  place: ListPlace = {},
): WithContext<ItemList> {
  const first = place.position ?? 1;
  if (!Number.isInteger(first) || first < 1) {
    throw new RangeError(`structuredData().productList: position must be a whole number ≥ 1, got ${first}`);
  }
  const items = products.map((entry) => entryData(entry));
  return {
    '@context': SCHEMA_ORG,
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map((product, index) => ({
      '@type': 'ListItem',
      position: first + index,
      name: plainText(product.zag),
      url: pageUrlOn(options.site, product.url, {
        collection: place.collection ?? 'products',
        id: product.id,
        field: 'url',
      }),
    })),
  };
}
