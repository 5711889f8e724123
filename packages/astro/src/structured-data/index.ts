export type { ArticleSectionSource, ArticleSource } from './article.js';
export type { ListedProduct, ListPlace, TrailSource } from './lists.js';
export type { ReturnsFacts, ShippingFacts } from './merchant-policies.js';
export type { PricePoint } from './offer.js';
export type {
  ArticleType,
  Availability,
  ItemCondition,
  OfferFacts,
  StructuredDataOptions,
} from './options.js';
export type { ProductJsonLd } from './product.js';
export type { FeedChannel, FeedProduct } from './product-feed.js';
export type { ProductIdentifiers } from './product-identifiers.js';
export { offerPrices } from './product-offers.js';
export type { ModificationSource, ProductSource } from './record-sources.js';
export type { SiteFacts } from './shop-facts.js';
export { type PageCollection, type StructuredDataBuilders, structuredData } from './structured-data.js';
export type { VariantFacts, VariantProperty } from './variants.js';
export type { PageSource, ShownRecord, WebPagePlace, WebPageType } from './web-page.js';
