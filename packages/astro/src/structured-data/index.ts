export type { ArticleSectionSource, ArticleSource } from './article.js';
export { jsonLdScriptText } from './json-ld-text.js';
export type { ListedProduct, ListPlace, TrailSource } from './lists.js';
export {
  RETURN_FEES,
  RETURN_METHODS,
  type ReturnsFacts,
  type ShippingFacts,
} from './merchant-policies.js';
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
} from './options.js';
export { offerPrices, type ProductJsonLd } from './product.js';
export type { ModificationSource, ProductSource } from './record-sources.js';
export type { SiteFacts } from './shop-facts.js';
export { type PageCollection, type StructuredDataBuilders, structuredData } from './structured-data.js';
export { VARIANT_PROPERTIES, type VariantFacts, type VariantProperty } from './variants.js';
export type { PageSource, ShownRecord, WebPagePlace, WebPageType } from './web-page.js';
