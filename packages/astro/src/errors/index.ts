export { SiteContentAstroError, type SiteContentAstroErrorCode } from './astro-error.js';
export { SiteContentBusyError } from './busy-error.js';
export { SiteContentCallbackError } from './callback-error.js';
export { SiteContentConnectionError } from './connection-error.js';
export * from './guards.js';
export { SiteContentInvalidRecordError } from './invalid-record-error.js';
export { SiteContentLoadError } from './load-error.js';
export { SiteContentOptionsError } from './options-error.js';
export { type SeoCheckProblem, SiteContentSeoCheckError } from './seo-check-error.js';
