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
} from '../types/meta-sync.js';
export { META_FIELDS } from '../types/meta-sync.js';
export { APPLY_META_DEFAULTS, type ApplyMetaOptions, applyMetaPlan, planToDesired } from './apply.js';
export {
  type ArticleMetaModule,
  articleMetaModule,
  indexModuleSections,
  type ModuleSection,
  type ModuleSections,
} from './article-module.js';
export {
  assertDesiredMeta,
  type DesiredMetaFormat,
  type DesiredMetaValidation,
  desiredMetaEntrySchema,
  formatFromPath,
  type LoadedDesiredMeta,
  loadDesiredMetaFile,
  parseDesiredMetaText,
  serializeDesiredMeta,
  validateDesiredMeta,
} from './desired-meta.js';
export {
  type FormatOptions,
  formatApplyReport,
  formatIssues,
  formatPlan,
  formatPlanSummary,
} from './format.js';
export { META_HARD_LIMITS, META_MD_MAX_LENGTH, META_SEO_LENGTHS } from './limits.js';
export { diffMeta, PLAN_META_DEFAULTS, type PlanMetaOptions, planMetaChanges } from './plan.js';
export {
  PULL_META_DEFAULTS,
  PULL_MODULES,
  type PullMetaOptions,
  type PullModule,
  pullMeta,
} from './pull.js';
export {
  META_WRITE_BACK_DEFAULTS,
  type MetaWriteBackLogger,
  type MetaWriteBackOptions,
  type MetaWriteBackResult,
  runMetaWriteBack,
} from './write-back.js';
