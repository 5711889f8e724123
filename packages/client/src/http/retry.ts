/**
 * Which failures are retried (docs/interface.md, "Retries"): network errors by code, timeouts, 408,
 * 429, 5xx, broken bodies; never a 4xx the caller caused. Creates are retried only when the request
 * provably never arrived: once it may have, a second attempt could create a duplicate.
 */
import { isSiteContentError } from '../errors/guards.js';
import { isCreate, type OperationName } from './operations.js';
import { NOT_SENT_CODES, RETRYABLE_NETWORK_CODES } from './transport.js';

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

export function isRetryable(op: OperationName, err: unknown): boolean {
  if (isCreate(op)) {
    return (
      isSiteContentError(err, 'network') && err.causeCode !== undefined && NOT_SENT_CODES.has(err.causeCode)
    );
  }
  if (isSiteContentError(err, 'network'))
    return err.causeCode !== undefined && RETRYABLE_NETWORK_CODES.has(err.causeCode);
  if (isSiteContentError(err, 'timeout')) return true;
  if (isSiteContentError(err, 'http_status')) return isRetryableStatus(err.status);
  if (isSiteContentError(err, 'response_format')) return err.unparseable;
  return false;
}

/** A status that says the service is overloaded: it lowers the adaptive concurrency limit. */
export function isCongestionStatus(status: number): boolean {
  return status === 429 || status === 503;
}

/** A status whose `Retry-After` pauses the whole client: a rate limit is the client's, a 503 one request's. */
export function isGateStatus(status: number): boolean {
  return status === 429;
}
