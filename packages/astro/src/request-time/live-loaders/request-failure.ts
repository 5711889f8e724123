/**
 * What a failed live lookup means (docs/architecture.md, "Request-time failures"): not found, the
 * site set up wrong, an outage, or a record the site cannot show. Pure: the same error always gets
 * the same answer and cause key.
 */
import { isSiteContentError } from '@sitecontent/client';
import { isSiteContentAstroError } from '../../errors/guards.js';

export type FailureKind = 'not-found' | 'gone' | 'misconfigured' | 'outage' | 'broken-record';

export interface RequestFailure {
  kind: FailureKind;
  /** The failure beneath Astro's `LiveCollectionError`; `undefined` for a plain not-found. */
  cause: Error | undefined;
  /** One key per cause (operation and status or code), so the log says each cause once. */
  key: string;
  /** What the operator can do about it, where that is known. */
  fix: string | undefined;
}

/** The error a live loader wrapped in Astro's `LiveCollectionError` (its `cause`), else `error` itself. */
function underlying(error: Error): Error {
  const cause = (error as { cause?: unknown }).cause;
  return error.name === 'LiveCollectionError' && cause instanceof Error ? cause : error;
}

export function requestFailure(error: Error | undefined): RequestFailure {
  if (error?.name === 'LiveEntryNotFoundError' && (error as { gone?: unknown }).gone === true) {
    return { kind: 'gone', cause: undefined, key: 'gone', fix: undefined };
  }
  if (error === undefined || error.name === 'LiveEntryNotFoundError') {
    return { kind: 'not-found', cause: undefined, key: 'not-found', fix: undefined };
  }
  const cause = underlying(error);
  const operation = isSiteContentError(cause) ? cause.operation : '';
  if (
    isSiteContentAstroError(cause, 'missing_connection') ||
    isSiteContentAstroError(cause, 'invalid_options')
  ) {
    return {
      kind: 'misconfigured',
      cause,
      key: `misconfigured|${cause.name}|${cause.message}`,
      fix: undefined,
    };
  }
  if (isSiteContentError(cause, 'auth')) {
    const fix =
      cause.status === 401
        ? 'the service refused the API key: set SITECONTENT_API_KEY where the site runs to a key the service accepts'
        : 'the service does not allow this key for this site: check SITECONTENT_SID and the sites the key may read';
    return { kind: 'misconfigured', cause, key: `misconfigured|${operation}|${cause.status}`, fix };
  }
  if (isSiteContentAstroError(cause, 'unavailable')) {
    return { kind: 'outage', cause, key: 'outage|circuit-open', fix: undefined };
  }
  if (isSiteContentAstroError(cause, 'busy')) {
    return {
      kind: 'outage',
      cause,
      key: 'outage|busy',
      fix: 'raise onDemand.maxInFlight, or cache more in front',
    };
  }
  const outage =
    isSiteContentError(cause, 'network') ||
    isSiteContentError(cause, 'timeout') ||
    isSiteContentError(cause, 'response_format') ||
    isSiteContentError(cause, 'response_too_large') ||
    (isSiteContentError(cause, 'http_status') &&
      (cause.status === 408 || cause.status === 429 || cause.status >= 500));
  if (outage) {
    const detail = isSiteContentError(cause, 'network')
      ? cause.causeCode
      : isSiteContentError(cause, 'http_status')
        ? String(cause.status)
        : cause.name;
    const fix = isSiteContentError(cause, 'network')
      ? 'the service cannot be reached: check SITECONTENT_BASE_URL and that the service is up'
      : undefined;
    return { kind: 'outage', cause, key: `outage|${operation}|${detail}`, fix };
  }
  return {
    kind: 'broken-record',
    cause,
    key: `broken|${operation}|${cause.name}|${cause.message}`,
    fix: undefined,
  };
}

/** Whether a failure counts against the service's health (the circuit breaker's). */
export const isOutage = (failure: RequestFailure): boolean =>
  failure.kind === 'outage' && failure.key !== 'outage|circuit-open' && failure.key !== 'outage|busy';
