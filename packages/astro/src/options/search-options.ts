/**
 * The `search` option of `siteContent()` and of `sitecontent search-index`: what goes into the
 * catalog's Pagefind index and how its facts are named (docs/src/content/docs/guides/search.mdx).
 */
import { z } from 'zod';
import type { ModificationData, ProductData } from '../entries/schemas.js';
import { AVAILABILITIES, type Availability, type OfferFacts } from './availability.js';
import { functionField } from './fields.js';
import { parseOptions } from './parse-options.js';

/** The page kinds a search index can hold. */
export const SEARCH_KINDS = ['products', 'articles'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Where the index is written in the build output, and where the browser loads it from. */
export const DEFAULT_SEARCH_PATH = 'pagefind';

/** How an index may be split: `'top-section'`, one Pagefind bundle per top-level section (search-bundles.ts). */
export const SEARCH_SPLITS = ['top-section'] as const;
export type SearchSplit = (typeof SEARCH_SPLITS)[number];

/** Upper bounds of the price bands, in the shop's currency. */
export const DEFAULT_PRICE_BANDS = [25, 50, 100, 250, 500, 1000] as const;

const bandsField = z
  .array(z.number().positive('must be above 0'))
  .min(1, 'must name at least one bound')
  .refine((bands) => bands.every((b, i) => i === 0 || b > (bands[i - 1] as number)), 'must be ascending');

/** The modification fields the `variantProperties` mapping is given (those `structuredData()`'s mapping reads). */
export type SearchVariantSource = Pick<
  ModificationData,
  'id' | 'price' | 'price_old' | 'articul' | 'stxt' | 'color' | 'sf'
>;
/** The product fields the `variantProperties` mapping is given. */
export type SearchVariantProduct = Pick<
  ProductData,
  'id' | 'zag' | 'stxt' | 'vendor' | 'sku' | 'img' | 'url'
>;

export const searchOptionsSchema = z.strictObject({
  /** Which pages get a record. @default ['products', 'articles'] */
  include: z
    .array(z.enum(SEARCH_KINDS))
    .min(1, 'must name products, articles or both')
    .default([...SEARCH_KINDS]),
  /** ISO 4217 code of every price, as the pages and the JSON-LD state it. Required: the interface states no currency. */
  currency: z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code such as EUR'),
  /** The locale prices and band names are written in (`Intl.NumberFormat`). @default 'en-US' */
  locale: z.string().min(1).default('en-US'),
  /** The language of every record (an ISO 639-1 code): Pagefind stems words by it. @default 'en' */
  language: z
    .string()
    .regex(/^[a-z]{2}(?:-[A-Za-z]{2,})?$/, 'expected an ISO 639-1 code such as en')
    .default('en'),
  /** Upper bounds of the price bands a product is filed under (`Under $25`, `$25 – $50`, …, `$1,000 and over`). @default [25, 50, 100, 250, 500, 1000] */
  priceBands: bandsField.default([...DEFAULT_PRICE_BANDS]),
  /**
   * An offer's availability, as for `structuredData()`: one value, or a function of the offer. A
   * product is "in stock" when one of its offers is. @default 'InStock'
   */
  availability: z
    .union([z.enum(AVAILABILITIES), functionField<(offer: OfferFacts) => Availability>()])
    .default('InStock'),
  /**
   * The variant facts of a modification, as for `structuredData()`: a product is filed under the
   * `color` names its modifications map to. Without it, no colour filter (a `#rrggbb` code names no
   * colour a shopper looks for). @default undefined
   */
  variantProperties:
    functionField<
      (modification: SearchVariantSource, product: SearchVariantProduct) => { color?: string | undefined }
    >().optional(),
  /** A price as the pages show it. @default `Intl.NumberFormat(locale, { style: 'currency', currency })` */
  formatPrice: functionField<(value: number) => string>().optional(),
  /** The index's folder in the build output (the URL path the browser loads it from). @default 'pagefind' */
  path: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/, 'expected a relative folder such as pagefind')
    .refine((p) => !p.split('/').includes('..'), 'must stay inside the output')
    .default(DEFAULT_SEARCH_PATH),
  /**
   * `'top-section'`: one bundle per top-level section and one for the rest, named in
   * `<path>/bundles.json`, so a catalog too large for one index in memory (about a million
   * products) can be indexed, and a section's listing loads only its own bundle. `false`: one
   * index at `<path>/`. @default false
   */
  split: z.union([z.literal(false), z.enum(SEARCH_SPLITS)]).default(false),
});

/** Options of the catalog's search index. @interface */
export type SearchOptions = z.input<typeof searchOptionsSchema>;

/** The search options with every default in. */
export type ResolvedSearchOptions = z.output<typeof searchOptionsSchema>;

/** `options` checked (throws `SiteContentOptionsError` naming every bad path), defaults applied. */
export function resolveSearchOptions(options: SearchOptions, factory = 'search'): ResolvedSearchOptions {
  return parseOptions(factory, searchOptionsSchema, options);
}
