export type { ArticleSource } from './article.js';
export { jsonLdScriptText } from './json-ld-text.js';
export type { ListedProduct, ListPlace, TrailSource } from './lists.js';
export type { PricePoint } from './offer.js';
export {
  ARTICLE_TYPES,
  type ArticleType,
  AVAILABILITIES,
  type Availability,
  ITEM_CONDITIONS,
  type ItemCondition,
  type OfferFacts,
  type StructuredDataOptions,
  VARIANT_PROPERTIES,
  type VariantProperty,
} from './options.js';
export {
  type ModificationSource,
  offerPrices,
  type ProductJsonLd,
  type ProductSource,
} from './product.js';
export type { SiteFacts } from './site.js';
export { type PageCollection, type StructuredDataBuilders, structuredData } from './structured-data.js';
export type { PageSource, ShownRecord, WebPagePlace, WebPageType } from './web-page.js';
