/** The one guard of the package's errors, by stable `code`, not `instanceof`: it works across copies of the package. */
import { DesiredMetaError } from './desired-meta-error.js';
import { AuthError, HttpStatusError, NotFoundError } from './http-status-error.js';
import { MetaWriteBackError } from './meta-write-back-error.js';
import { PurgeError } from './purge-error.js';
import { RecordValidationError } from './record-validation-error.js';
import { ResponseFormatError } from './response-format-error.js';
import { ResponseTooLargeError } from './response-too-large-error.js';
import { SiteContentError } from './site-content-error.js';
import { NetworkError, TimeoutError } from './transport-errors.js';
import { InvalidArgumentError, WriteRejectedError } from './write-rejected-error.js';

/** Each error class of the package by its `code`: the one list of them. */
const ERROR_CLASSES = {
  sitecontent_error: SiteContentError,
  http_status: HttpStatusError,
  auth: AuthError,
  not_found: NotFoundError,
  response_format: ResponseFormatError,
  response_too_large: ResponseTooLargeError,
  record_validation: RecordValidationError,
  timeout: TimeoutError,
  network: NetworkError,
  write_rejected: WriteRejectedError,
  invalid_argument: InvalidArgumentError,
  invalid_desired_meta: DesiredMetaError,
  meta_write_back_failed: MetaWriteBackError,
  purge_failed: PurgeError,
} as const;

/** The `code` of an error of this package: `'auth'`, `'timeout'`, `'invalid_desired_meta'`, … */
export type SiteContentErrorCode = keyof typeof ERROR_CLASSES;

/** The error class each code names. */
export type SiteContentErrorOfCode = {
  [C in SiteContentErrorCode]: InstanceType<(typeof ERROR_CLASSES)[C]>;
};

type Code = SiteContentErrorCode;
const CODES = Object.keys(ERROR_CLASSES) as Code[];

/** The codes a code stands for: its class's and its subclasses' (`http_status` takes `auth` too). */
const CODES_UNDER = new Map<Code, ReadonlySet<Code>>(
  CODES.map((code) => {
    const base: { prototype: object } = ERROR_CLASSES[code];
    const under = CODES.filter((other) => {
      const prototype: object = ERROR_CLASSES[other].prototype;
      return prototype === base.prototype || Object.prototype.isPrototypeOf.call(base.prototype, prototype);
    });
    return [code, new Set(under)];
  }),
);

/** The request, option and record errors: every one carries the operation it is about. */
const WITH_OPERATION = CODES_UNDER.get('sitecontent_error')!;

/**
 * Whether `error` is this package's: any `SiteContentError` without `code`; with one, an error of
 * that code or a subclass (`'http_status'` also matches `auth` and `not_found`), narrowed to its class.
 */
export function isSiteContentError(error: unknown): error is SiteContentError;
export function isSiteContentError<C extends Code>(
  error: unknown,
  code: C,
): error is SiteContentErrorOfCode[C];
export function isSiteContentError(error: unknown, code: Code = 'sitecontent_error'): boolean {
  if (!(error instanceof Error)) return false;
  const own = (error as { code?: unknown }).code;
  if (typeof own !== 'string' || !CODES_UNDER.has(own as Code)) return false;
  if (WITH_OPERATION.has(own as Code) && !('operation' in error)) return false;
  return CODES_UNDER.get(code)?.has(own as Code) ?? false;
}
