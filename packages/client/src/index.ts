// The public surface: what a site's code or a script calls. What @sitecontent/astro alone needs is
// in internal.ts (`@sitecontent/client/internal`).
export { type ClientStats, createClient, type SiteContentClient } from './client.js';
export {
  AuthError,
  DesiredMetaError,
  type DesiredMetaIssue,
  formatDesiredMetaIssue,
  HttpStatusError,
  InvalidArgumentError,
  isSiteContentError,
  MetaWriteBackError,
  NetworkError,
  NotFoundError,
  PurgeError,
  RecordValidationError,
  ResponseFormatError,
  ResponseTooLargeError,
  SiteContentError,
  type SiteContentErrorCode,
  type SiteContentErrorOfCode,
  TimeoutError,
  WriteRejectedError,
} from './errors/index.js';
export type { ParamEncoding } from './http/encode.js';
export type { RequestEvent, RetryEvent } from './http/executor.js';
export type { OperationName } from './http/operations.js';
export { type ApplyMetaOptions, applyMetaPlan } from './meta-sync/apply.js';
export {
  assertDesiredMeta,
  type DesiredMetaFormat,
  type DesiredMetaValidation,
  type LoadedDesiredMeta,
  loadDesiredMetaFile,
  parseDesiredMetaText,
  serializeDesiredMeta,
  validateDesiredMeta,
} from './meta-sync/desired-meta.js';
export { type FormatOptions, formatApplyReport, formatPlan } from './meta-sync/format.js';
export { META_HARD_LIMITS, META_SEO_LENGTHS } from './meta-sync/limits.js';
export { type PlanMetaOptions, planMetaChanges } from './meta-sync/plan.js';
export { type PullMetaOptions, type PullModule, pullMeta } from './meta-sync/pull.js';
export {
  type MetaWriteBackLogger,
  type MetaWriteBackOptions,
  type MetaWriteBackResult,
  runMetaWriteBack,
} from './meta-sync/write-back.js';
export type { ClientOptions } from './options.js';
export { type PurgeRequest, type PurgeTargets, purgePages } from './purge/purge-request.js';
export type { ArticleFilter, ArticlesApi } from './resources/articles.js';
export type { CallOptions, ReadOptions } from './resources/call-options.js';
export type { ListAnswer } from './resources/core.js';
export type { MetaApi } from './resources/meta.js';
export type { ModificationFilter, ModificationsApi } from './resources/modifications.js';
export type { ProductFilter, ProductsApi } from './resources/products.js';
export type { SectionFilter, SectionsApi } from './resources/sections.js';
export type { SiteApi } from './resources/site.js';
export {
  type ArticleFields,
  type MetaFields,
  type ModificationFields,
  type ProductFields,
  type SectionFields,
  WRITABLE_FIELDS,
  type WritableResource,
} from './schemas/fields.js';
export type {
  Article,
  CreateResult,
  Domain,
  Meta,
  Modification,
  Product,
  ProductImage,
  ProductSku,
  Section,
  WriteResult,
} from './schemas/records.js';
export type {
  CurrentMeta,
  DesiredMetaEntry,
  MetaApplyFailure,
  MetaApplyOutcome,
  MetaApplyProgress,
  MetaApplyReport,
  MetaApplyUnchanged,
  MetaApplyUpdated,
  MetaChange,
  MetaField,
  MetaPlan,
  MetaPlanEntry,
  MetaPullClient,
  MetaSyncClient,
  MetaTargetFailure,
  MetaValues,
} from './types/meta-sync.js';
