/**
 * `@sitecontent/astro/search`: the catalog's search index outside the integration — the facets a
 * site's search page shows, the records, and the writer `sitecontent search-index` runs.
 */
export {
  DEFAULT_PRICE_BANDS,
  DEFAULT_SEARCH_PATH,
  type ResolvedSearchOptions,
  resolveSearchOptions,
  type SearchOptions,
} from '../options/search-options.js';
export { type CatalogSearchIndexOptions, catalogSearchIndex } from './catalog-search-index.js';
export {
  BUNDLE_MANIFEST,
  OTHER_BUNDLE,
  type SearchBundle,
  type SearchBundleGroup,
  type SearchBundleManifest,
  type SectionLink,
  type SplitSearchIndexSummary,
  sectionBundlePath,
  splitSections,
  writeSplitSearchIndex,
} from './search-bundles.js';
export { type SearchIndexSummary, writeSearchIndex } from './search-index.js';
export {
  articleRecord,
  IN_STOCK,
  KIND_NAMES,
  ON_SALE,
  priceBand,
  priceBandNames,
  productRecord,
  type RecordContext,
  SEARCH_FILTERS,
  SEARCH_SORTS,
  type SearchArticleSource,
  type SearchModificationSource,
  type SearchProduct,
  type SearchProductSource,
  type SearchRecord,
  SORT_META,
} from './search-records.js';
