export { type ClientStats, createClient, type SiteContentClient } from './client.js';
export * from './errors/index.js';
export { type IssueWording, issueLines, OPTION_ISSUES } from './errors/issue-lines.js';
export {
  type BoundedCall,
  type MapProgress,
  mapBounded,
  type OrderedResults,
  streamBounded,
} from './http/bounded-map.js';
export { PARAM_ENCODINGS, type ParamEncoding } from './http/encode.js';
export type { RequestEvent, RetryEvent } from './http/executor.js';
export { OPERATIONS, type OperationName } from './http/operations.js';
export * from './meta-sync/index.js';
export { type ClientOptions, clientOptionFields, concurrencyOf, DEFAULTS } from './options.js';
export * from './purge/index.js';
export type { ArticleFilter, ArticlesApi } from './resources/articles.js';
export type { CallOptions, ListAnswer } from './resources/core.js';
export type { MetaApi } from './resources/meta.js';
export type { ModificationFilter, ModificationsApi } from './resources/modifications.js';
export type { ProductFilter, ProductsApi } from './resources/products.js';
export type { SectionFilter, SectionsApi } from './resources/sections.js';
export { defaultDomainSchema, type SiteApi } from './resources/site.js';
export * from './schemas/fields.js';
export { hostNameField, hostNameProblem, isHostName } from './schemas/host-name.js';
export {
  absoluteImageProblem,
  IMAGE_FILE_FIELDS,
  type ImageFileField,
  imageFileProblem,
  imageUrl,
  isAbsoluteImageFile,
} from './schemas/image-url.js';
export * from './schemas/records.js';
export {
  isPlainPath,
  isRootRelativePath,
  rootRelativePathField,
  rootRelativePathProblem,
} from './schemas/root-relative-path.js';
export { redactUrl } from './text/redact.js';
export {
  escapeControls,
  failureDetail,
  quotedText,
  SHOWN_TEXT_MAX,
  shownId,
  shownRecord,
  shownText,
} from './text/shown-text.js';
export { parseTolerantJson, TOLERANT_LIMITS, type TolerantLimits } from './wire/tolerant-json.js';
