/** Options of the structured-data builders: the facts JSON-LD states that the interface does not hold. */
import { z } from 'zod';
import { AVAILABILITIES, type Availability, type OfferFacts } from '../options/availability.js';
import { functionField, httpUrlField } from '../options/fields.js';
import { parseOptions } from '../options/parse-options.js';
import { returnsSchema, shippingSchema } from './merchant-policies.js';
import type { ProductIdentifiers } from './product-identifiers.js';
import type { ModificationSource, ProductSource } from './record-sources.js';
import { siteFactsSchema } from './shop-facts.js';
import type { VariantFacts } from './variants.js';

export { AVAILABILITIES, type Availability, type OfferFacts };

/** schema.org item conditions (`https://schema.org/<name>`). */
export const ITEM_CONDITIONS = [
  'NewCondition',
  'UsedCondition',
  'RefurbishedCondition',
  'DamagedCondition',
] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

/** The article types a page can state; Google reads all three the same way. */
export const ARTICLE_TYPES = ['Article', 'BlogPosting', 'NewsArticle'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

/** `site` as given (a URL or its text), checked for being an http(s) URL and reduced to its origin. */
const siteField = z
  .preprocess((value) => (value instanceof URL ? value.href : value), httpUrlField)
  .transform((url) => new URL(url).origin) as unknown as z.ZodType<string, string | URL>;

const structuredDataOptionsSchema = z.strictObject({
  /** The site's origin (Astro's `site`, e.g. `Astro.site`): entry URLs become absolute on it. */
  site: siteField,
  /** ISO 4217 code of every price, e.g. `'EUR'`. Required: the interface states no currency. */
  currency: z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code such as EUR'),
  /**
   * Availability of an offer: one value, or a function of the offer. The interface has no stock, so a
   * shown record counts as for sale. @default 'InStock'
   */
  availability: z
    .union([z.enum(AVAILABILITIES), functionField<(offer: OfferFacts) => Availability>()])
    .default('InStock'),
  /** Condition of every offered item. @default 'NewCondition' */
  itemCondition: z.enum(ITEM_CONDITIONS).default('NewCondition'),
  /** Brand of a product whose `vendor` is empty; without it such a product states no brand. @default undefined */
  brand: z.string().trim().min(1, 'must not be empty').optional(),
  /**
   * The schema.org variant properties of a modification (the interface's only variant fact is a
   * colour code). `variesBy` is what the variants differ in; when nothing tells them apart, the
   * product is one `Product` with an offer per modification. @default undefined
   */
  variantProperties:
    functionField<(modification: ModificationSource, product: ProductSource) => VariantFacts>().optional(),
  /**
   * The GTIN and MPN of an offer (its modification, or `undefined` for a product without one), which
   * the interface does not hold: the product feed states them as `g:gtin` and `g:mpn`. @default undefined
   */
  identifiers:
    functionField<
      (modification: ModificationSource | undefined, product: ProductSource) => ProductIdentifiers | undefined
    >().optional(),
  /**
   * The shop (name, logo, address, contact): what `organization()` and `website()` state, and an
   * article's `author` and `publisher`. @default undefined
   */
  organization: siteFactsSchema.optional(),
  /** Where and how fast the shop delivers, at what rates; without it, no shipping is stated. @default undefined */
  shipping: shippingSchema.optional(),
  /** How long and how items can be returned; without it, no return policy is stated. @default undefined */
  returns: returnsSchema.optional(),
  /**
   * Where `shipping` and `returns` are stated: on the `Organization`, which Google reads for every
   * offer, or on every offer. @default 'organization'
   */
  policiesOn: z.enum(['organization', 'offers']).default('organization'),
  /** `@type` of article pages. @default by meta module: `blog` → `BlogPosting`, `news` → `NewsArticle`, else `Article` */
  articleType: z.enum(ARTICLE_TYPES).optional(),
});

/** Options of `structuredData()`: the facts a page's JSON-LD states that the service does not hold. @interface */
export type StructuredDataOptions = z.input<typeof structuredDataOptionsSchema>;

/** The options as the builders read them: every default filled in, `site` reduced to its origin. */
export type ResolvedStructuredDataOptions = z.output<typeof structuredDataOptionsSchema>;

/** `options` validated (throws `SiteContentOptionsError` naming every bad path) with defaults applied. */
export function resolveStructuredDataOptions(options: StructuredDataOptions): ResolvedStructuredDataOptions {
  return parseOptions('structuredData', structuredDataOptionsSchema, options);
}
