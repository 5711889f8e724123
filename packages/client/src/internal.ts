/** `@sitecontent/client/internal`: what `@sitecontent/astro` needs and a site's code does not; no semver promise. */

export { loopUseGauge } from '#runtime';
export { checkDomains, DOMAIN_CHECK_DAYS, type DomainCheck } from './domains/domain-check.js';
export { DEBUG_ENV, debugRequested, type EnvLayers, envSettings } from './env/env-settings.js';
export { configEnv, hasHostEnv, hostEnv, requestEnv } from './env/environment.js';
export { USER_SECRET_ENV, userSecretProblems } from './env/user-secrets.js';
export { WRITE_ENV, writeRequested } from './env/write-gate.js';
export { type IssueWording, issueLines, OPTION_ISSUES } from './errors/issue-lines.js';
export {
  type BoundedCall,
  type MapProgress,
  mapBounded,
  type OrderedResults,
  streamBounded,
} from './http/bounded-map.js';
export { readAhead } from './http/read-ahead.js';
export {
  type ArticleMetaModule,
  articleMetaModule,
  indexModuleSections,
  type ModuleSection,
  type ModuleSections,
} from './meta-sync/article-module.js';
export { META_WRITE_BACK_DEFAULTS } from './meta-sync/write-back.js';
export { clientOptionFields, withConcurrencyRule } from './options.js';
export { PREVIEW_ROUTE_FOLDER, previewRoutePath } from './preview/preview-route.js';
export {
  PREVIEW_KINDS,
  PREVIEW_PARAM,
  PREVIEW_SECRET_ENV,
  type PreviewKind,
  previewAllowed,
  signPreview,
} from './preview/preview-token.js';
export { type PurgeAfterWrite, purgeAfterMetaWrite } from './purge/purge-after-write.js';
export { PURGE_BODY_FIELDS, purgeBodySchema } from './purge/purge-body.js';
export { DEFAULT_PURGE_PATH, PURGE_SITE_URL_ENV, PURGE_TOKEN_ENV } from './purge/purge-request.js';
export { byLoopUse } from './runtime/loop-use.js';
export { isHostName } from './schemas/host-name.js';
export { type ImageFileField, imageFileProblem, imageUrl } from './schemas/image-url.js';
export { PAGE_KINDS, type PageKind } from './schemas/page-kinds.js';
export { isPlainPath, rootRelativePathProblem } from './schemas/root-relative-path.js';
export { maskSecret } from './text/redact.js';
export { shortSecretProblem } from './text/secret-length.js';
export {
  failureDetail,
  quotedText,
  SHOWN_TEXT_MAX,
  shownId,
  shownRecord,
  shownText,
} from './text/shown-text.js';
