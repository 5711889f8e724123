export {
  DEFAULT_CONCURRENCY,
  type SharedSettings,
} from './connection.js';
export {
  isSiteContentAstroError,
  isSiteContentConnectionError,
  isSiteContentInvalidRecordError,
  isSiteContentLoadError,
  isSiteContentOptionsError,
  SiteContentAstroError,
  type SiteContentAstroErrorCode,
  SiteContentConnectionError,
  SiteContentInvalidRecordError,
  SiteContentLoadError,
  SiteContentOptionsError,
} from './errors.js';
export {
  type Breadcrumb,
  breadcrumbsFor,
  buildSectionTree,
  type ImageUrls,
  imageUrls,
  type SectionTreeNode,
} from './helpers.js';
// `astro add @sitecontent/astro` writes `import sitecontent from '@sitecontent/astro'`: the default export.
export {
  type SiteContentOptions,
  siteContent as default,
  siteContent,
  siteContentDefaults,
} from './integration.js';
export {
  type LiveArticlesLoaderOptions,
  type LiveCatalogFilter,
  type LiveEntryFilter,
  type LiveProductsLoaderOptions,
  type LiveSectionsFilter,
  type LiveSectionsLoaderOptions,
  liveArticlesLoader,
  liveProductsLoader,
  liveSectionsLoader,
} from './live-loaders.js';
export {
  ARTICLES_LOADER_NAME,
  type ArticlesLoaderOptions,
  articlesLoader,
  defaultArticleModule,
} from './loaders/articles-loader.js';
export { DOMAINS_LOADER_NAME, type DomainsLoaderOptions, domainsLoader } from './loaders/domains-loader.js';
export {
  MODIFICATIONS_LOADER_NAME,
  type ModificationsLoaderOptions,
  modificationsLoader,
} from './loaders/modifications-loader.js';
export {
  defaultProductUrl,
  PRODUCTS_LOADER_NAME,
  type ProductsLoaderOptions,
  productsLoader,
} from './loaders/products-loader.js';
export {
  SECTIONS_LOADER_NAME,
  type SectionsLoaderOptions,
  sectionsLoader,
} from './loaders/sections-loader.js';
export {
  type DesiredMeta,
  META_WRITE_ENV,
  type MetaWriteBackEntries,
  type MetaWriteBackOption,
  type SiteContentEntry,
} from './meta-write-back.js';
export type {
  CommonLoaderOptions,
  ConnectionOptions,
  HtmlOptions,
  MetaModule,
  OnError,
  OnInvalid,
  SeoOptions,
} from './options.js';
export { LOADER_NAMES } from './refresh-endpoint.js';
export { plainText, sanitizeHtml } from './sanitize.js';
export {
  type ArticleData,
  articleDataSchema,
  type DomainData,
  domainDataSchema,
  type ModificationData,
  modificationDataSchema,
  type ProductData,
  type ProductImageData,
  productDataSchema,
  productImageSchema,
  type SectionData,
  type Seo,
  sectionDataSchema,
  seoSchema,
} from './schemas.js';
export {
  absoluteUrl,
  buildSeo,
  DESCRIPTION_MAX,
  type MetaTags,
  type SeoInput,
  truncateOnWordBoundary,
} from './seo.js';
export { LOADER_VERSION, LOADER_VERSION_META_KEY } from './store-sync.js';
