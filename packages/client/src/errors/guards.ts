import type { AuthError, HttpStatusError, NotFoundError } from './http-status-error.js';
import type { RecordValidationError } from './record-validation-error.js';
import type { ResponseFormatError } from './response-format-error.js';
import type { ResponseTooLargeError } from './response-too-large-error.js';
import type { SiteContentError } from './site-content-error.js';
import type { NetworkError, TimeoutError } from './transport-errors.js';
import type { InvalidArgumentError, WriteRejectedError } from './write-rejected-error.js';

// Guards check `name`, not `instanceof`, so they work across duplicate copies of the package.
const ALL = new Set([
  'SiteContentError',
  'HttpStatusError',
  'AuthError',
  'NotFoundError',
  'ResponseFormatError',
  'ResponseTooLargeError',
  'RecordValidationError',
  'TimeoutError',
  'NetworkError',
  'WriteRejectedError',
  'InvalidArgumentError',
]);

function named(e: unknown, names: readonly string[]): boolean {
  return e instanceof Error && names.includes(e.name) && 'operation' in e;
}

export const isSiteContentError = (e: unknown): e is SiteContentError =>
  e instanceof Error && ALL.has(e.name) && 'operation' in e;
export const isHttpStatusError = (e: unknown): e is HttpStatusError =>
  named(e, ['HttpStatusError', 'AuthError', 'NotFoundError']);
export const isAuthError = (e: unknown): e is AuthError => named(e, ['AuthError']);
export const isNotFoundError = (e: unknown): e is NotFoundError => named(e, ['NotFoundError']);
export const isResponseFormatError = (e: unknown): e is ResponseFormatError =>
  named(e, ['ResponseFormatError']);
export const isResponseTooLargeError = (e: unknown): e is ResponseTooLargeError =>
  named(e, ['ResponseTooLargeError']);
export const isRecordValidationError = (e: unknown): e is RecordValidationError =>
  named(e, ['RecordValidationError']);
export const isTimeoutError = (e: unknown): e is TimeoutError => named(e, ['TimeoutError']);
export const isNetworkError = (e: unknown): e is NetworkError => named(e, ['NetworkError']);
export const isWriteRejectedError = (e: unknown): e is WriteRejectedError => named(e, ['WriteRejectedError']);
export const isInvalidArgumentError = (e: unknown): e is InvalidArgumentError =>
  named(e, ['InvalidArgumentError']);
