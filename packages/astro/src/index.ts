export { PURGE_TOKEN_ENV } from '@sitecontent/client/internal';
export {
  type SurrogateKeyCacheOptions,
  type SurrogatePurgeOptions,
  surrogateKeyCache,
} from './cache/surrogate-key-options.js';
export { type ChangeTime, lastChanged } from './entries/last-changed.js';
export { plainText } from './entries/plain-text.js';
export { sanitizeHtml } from './entries/sanitize.js';
export {
  type ArticleData,
  articleDataSchema,
  articleDataSchemaFor,
  type DomainData,
  domainDataSchema,
  type EntryReference,
  entryReferenceSchema,
  extraFieldsSchema,
  type ModificationData,
  modificationDataSchema,
  modificationDataSchemaFor,
  type ProductData,
  type ProductImageData,
  type ProductSkuData,
  productDataSchema,
  productDataSchemaFor,
  productImageDataSchema,
  productSkuDataSchema,
  type SectionData,
  type Seo,
  sectionDataSchema,
  sectionDataSchemaFor,
  seoSchema,
} from './entries/schemas.js';
export { siteUrl, truncateOnWordBoundary } from './entries/seo.js';
export * from './errors/index.js';
export { type Breadcrumb, breadcrumbsFor } from './helpers/breadcrumbs.js';
export { type CacheKeyEntry, type CacheKeyPart, pageCacheKey } from './helpers/cache-key.js';
export {
  type ImageUrlOptions,
  type ImageUrls,
  imageUrls,
} from './helpers/image-urls.js';
export {
  LISTING_PAGE_SIZE,
  type ListedProductData,
  type ListingPagesOptions,
  type ListingPath,
  type ListingSection,
  listingOfPageUrl,
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
// `astro add @sitecontent/astro` writes `import sitecontent from '@sitecontent/astro'`: the default export.
export { siteContent as default, siteContent } from './integration/integration.js';
export { META_WRITE_ENV } from './integration/meta-write-back.js';
export type {
  LiveCatalogFilter,
  LiveEntryFilter,
  LiveSectionsFilter,
} from './live/define-live-loader.js';
export { liveArticlesLoader, liveProductsLoader, liveSectionsLoader } from './live/live-loaders.js';
export { liveErrorResponse } from './live/page-answers.js';
export { articlesLoader } from './loaders/articles-loader.js';
export { domainsLoader } from './loaders/domains-loader.js';
export { modificationsLoader } from './loaders/modifications-loader.js';
export { productsLoader } from './loaders/products-loader.js';
export { sectionsLoader } from './loaders/sections-loader.js';
export { type SiteContentOptions, siteContentDefaults } from './options/integration-options.js';
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
  HtmlOptions,
  MetaModule,
  OnError,
  OnInvalid,
  SectionsCollectionOption,
  SeoOptions,
} from './options/loader-shapes.js';
export type {
  DesiredMeta,
  MetaWriteBackEntries,
  MetaWriteBackOption,
  SiteContentEntry,
} from './options/meta-write-back-options.js';
export {
  DEFAULT_PURGE_PATH,
  type Freshness,
  type OnDemandOptions,
} from './options/on-demand-options.js';
export type { SeoCheckMode } from './options/seo-check-options.js';
export {
  type HeadFields,
  type HeadMeta,
  type HeadSeo,
  type SeoHeadProps,
  type ShareImage,
  seoHeadFields,
} from './seo-head/head-fields.js';
export {
  type PageSeo,
  type PageSeoOptions,
  pageSeo,
  type SeoOrigin,
  type SeoSource,
} from './seo-head/page-seo.js';
export {
  type SitemapFactsItem,
  type SitemapFactsOptions,
  sitemapFacts,
  type WithSitemapFacts,
} from './sitemap/sitemap-facts.js';
export * from './structured-data/index.js';
