/** `@sitecontent/astro`: what a site's code calls; entry schemas at `./schemas`, the cache at `./cache/surrogate-key`. */

// `astro add @sitecontent/astro` writes `import sitecontent from '@sitecontent/astro'`: the default export.
export { siteContent as default, siteContent } from './build-time/integration/integration.js';
export { articlesLoader } from './build-time/loaders/articles-loader.js';
export { domainsLoader } from './build-time/loaders/domains-loader.js';
export { modificationsLoader } from './build-time/loaders/modifications-loader.js';
export { productsLoader } from './build-time/loaders/products-loader.js';
export { sectionsLoader } from './build-time/loaders/sections-loader.js';
export {
  type SitemapFactsItem,
  type SitemapFactsOptions,
  sitemapFacts,
  type WithSitemapFacts,
} from './build-time/sitemap-facts/sitemap-facts.js';
export { type ChangeTime, lastChanged } from './entries/last-changed.js';
export { plainText } from './entries/plain-text.js';
export { sanitizeHtml } from './entries/sanitize.js';
export type {
  ArticleData,
  DomainData,
  EntryReference,
  ModificationData,
  ProductData,
  ProductImageData,
  ProductSkuData,
  SectionData,
  Seo,
} from './entries/schemas.js';
export { truncateOnWordBoundary } from './entries/seo.js';
export * from './errors/index.js';
export { type Breadcrumb, breadcrumbsFor } from './helpers/breadcrumbs.js';
export { type CacheKeyEntry, type CacheKeyPart, pageCacheKey } from './helpers/cache-key.js';
export { type ImageUrlOptions, type ImageUrls, imageUrls } from './helpers/image-urls.js';
export {
  LISTING_PAGE_SIZE,
  type ListedProductData,
  type ListingPagesOptions,
  type ListingPath,
  type ListingSection,
  listingPages,
  listingPageUrl,
  sectionListing,
} from './helpers/listing-pages.js';
export {
  type PageChangeTimes,
  pageChangeTimes,
  type ShopChangeEntries,
} from './helpers/page-change-times.js';
export { buildSectionTree, type SectionTreeNode } from './helpers/section-tree.js';
export { seoAt } from './helpers/seo-at.js';
export {
  type ImageOwner,
  type ImportedImage,
  type PageImages,
  type PageImagesOptions,
  type PageShareImage,
  pageImages,
  type ShownPhoto,
} from './images/page-images.js';
export type { SiteContentOptions } from './options/integration-options.js';
export type {
  LiveArticlesLoaderOptions,
  LiveProductsLoaderOptions,
  LiveSectionsLoaderOptions,
} from './options/live-options.js';
export type {
  ArticlesLoaderOptions,
  DomainsLoaderOptions,
  ModificationsLoaderOptions,
  ProductsLoaderOptions,
  SectionsLoaderOptions,
} from './options/loader-options.js';
export type {
  CatalogFilterOptions,
  CommonLoaderOptions,
  ConnectionOptions,
  MetaModule,
  OnError,
  OnInvalid,
  SeoOptions,
} from './options/loader-shapes.js';
export type {
  DesiredMeta,
  MetaWriteBackEntries,
  MetaWriteBackOption,
  SiteContentEntry,
} from './options/meta-write-back-options.js';
export type { Freshness, OnDemandOptions } from './options/on-demand-options.js';
export type { SeoCheckMode } from './options/seo-check-options.js';
export {
  type SurrogateKeyCacheOptions,
  type SurrogatePurgeOptions,
  surrogateKeyCache,
} from './request-time/cache/surrogate-key-options.js';
export type {
  LiveCatalogFilter,
  LiveEntryFilter,
  LiveSectionsFilter,
} from './request-time/live-loaders/define-live-loader.js';
export {
  liveArticlesLoader,
  liveProductsLoader,
  liveSectionsLoader,
} from './request-time/live-loaders/live-loaders.js';
export { liveErrorResponse } from './request-time/live-loaders/page-answers.js';
export type {
  HeadFields,
  HeadMeta,
  HeadSeo,
  SeoHeadProps,
  ShareImage,
} from './seo-head/head-fields.js';
export { seoHeadFields } from './seo-head/head-fields.js';
export { jsonLdScriptText } from './seo-head/json-ld-text.js';
export {
  type PageSeo,
  type PageSeoOptions,
  pageSeo,
  type SeoOrigin,
  type SeoSource,
} from './seo-head/page-seo.js';
export * from './structured-data/index.js';
