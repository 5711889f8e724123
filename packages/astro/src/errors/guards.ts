/**
 * Guards check `name`, not `instanceof`: Astro loads the config and the content config through
 * different module graphs, so two copies of these classes can meet.
 */
import type { SiteContentAstroError } from './astro-error.js';
import type { SiteContentBusyError } from './busy-error.js';
import type { SiteContentCallbackError } from './callback-error.js';
import type { SiteContentConnectionError } from './connection-error.js';
import type { SiteContentImageOriginError } from './image-origin-error.js';
import type { SiteContentInvalidRecordError } from './invalid-record-error.js';
import type { SiteContentLoadError } from './load-error.js';
import type { SiteContentOptionsError } from './options-error.js';
import type { SiteContentSeoCheckError } from './seo-check-error.js';
import type { SiteContentUnavailableError } from './unavailable-error.js';

function hasName(e: unknown, name: string): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === name;
}

const ERROR_NAMES = new Set([
  'SiteContentAstroError',
  'SiteContentOptionsError',
  'SiteContentConnectionError',
  'SiteContentLoadError',
  'SiteContentInvalidRecordError',
  'SiteContentCallbackError',
  'SiteContentSeoCheckError',
  'SiteContentBusyError',
  'SiteContentImageOriginError',
  'SiteContentUnavailableError',
]);

export function isSiteContentAstroError(e: unknown): e is SiteContentAstroError {
  return typeof e === 'object' && e !== null && ERROR_NAMES.has(String((e as { name?: unknown }).name));
}
export const isSiteContentOptionsError = (e: unknown): e is SiteContentOptionsError =>
  hasName(e, 'SiteContentOptionsError');
export const isSiteContentConnectionError = (e: unknown): e is SiteContentConnectionError =>
  hasName(e, 'SiteContentConnectionError');
export const isSiteContentLoadError = (e: unknown): e is SiteContentLoadError =>
  hasName(e, 'SiteContentLoadError');
export const isSiteContentInvalidRecordError = (e: unknown): e is SiteContentInvalidRecordError =>
  hasName(e, 'SiteContentInvalidRecordError');
export const isSiteContentCallbackError = (e: unknown): e is SiteContentCallbackError =>
  hasName(e, 'SiteContentCallbackError');
export const isSiteContentSeoCheckError = (e: unknown): e is SiteContentSeoCheckError =>
  hasName(e, 'SiteContentSeoCheckError');
export const isSiteContentBusyError = (e: unknown): e is SiteContentBusyError =>
  hasName(e, 'SiteContentBusyError');
export const isSiteContentImageOriginError = (e: unknown): e is SiteContentImageOriginError =>
  hasName(e, 'SiteContentImageOriginError');
export const isSiteContentUnavailableError = (e: unknown): e is SiteContentUnavailableError =>
  hasName(e, 'SiteContentUnavailableError');
