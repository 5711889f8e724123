/** The one guard of the package's errors, by stable `code`: Astro's two module graphs can hold two class copies. */
import type { SiteContentAstroError, SiteContentAstroErrorCode } from './astro-error.js';
import { SiteContentBusyError } from './busy-error.js';
import { SiteContentCallbackError } from './callback-error.js';
import { SiteContentConnectionError } from './connection-error.js';
import { SiteContentDomainCheckError } from './domain-check-error.js';
import { SiteContentImageOriginError } from './image-origin-error.js';
import { SiteContentInvalidRecordError } from './invalid-record-error.js';
import { SiteContentLoadError } from './load-error.js';
import { SiteContentOptionsError } from './options-error.js';
import { SiteContentSearchIndexError } from './search-index-error.js';
import { SiteContentSeoCheckError } from './seo-check-error.js';
import { SiteContentStoreCeilingError } from './store-ceiling-error.js';
import { SiteContentUnavailableError } from './unavailable-error.js';

/** Each error class of the package by its `code`: the one list of them. */
const ERROR_CLASSES = {
  invalid_options: SiteContentOptionsError,
  missing_connection: SiteContentConnectionError,
  load_failed: SiteContentLoadError,
  invalid_record: SiteContentInvalidRecordError,
  option_callback_failed: SiteContentCallbackError,
  seo_check_failed: SiteContentSeoCheckError,
  search_index_failed: SiteContentSearchIndexError,
  domain_check_failed: SiteContentDomainCheckError,
  busy: SiteContentBusyError,
  unavailable: SiteContentUnavailableError,
  image_origin_unknown: SiteContentImageOriginError,
  store_ceiling: SiteContentStoreCeilingError,
} as const satisfies Record<SiteContentAstroErrorCode, unknown>;

/** The error class each code names. */
export type SiteContentAstroErrorOfCode = {
  [C in SiteContentAstroErrorCode]: InstanceType<(typeof ERROR_CLASSES)[C]>;
};

/**
 * Whether `error` is this package's: any without `code`, else the one of that code, narrowed to its
 * class. The service's errors are the client's (`isSiteContentError`).
 */
export function isSiteContentAstroError(error: unknown): error is SiteContentAstroError;
export function isSiteContentAstroError<C extends SiteContentAstroErrorCode>(
  error: unknown,
  code: C,
): error is SiteContentAstroErrorOfCode[C];
export function isSiteContentAstroError(error: unknown, code?: SiteContentAstroErrorCode): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code: own } = error as { name?: unknown; code?: unknown };
  if (typeof name !== 'string' || !name.startsWith('SiteContent')) return false;
  if (typeof own !== 'string' || !Object.hasOwn(ERROR_CLASSES, own)) return false;
  return code === undefined || own === code;
}
