/**
 * Which failures are retried (docs/interface.md, "Retries"): network errors by code, timeouts, 408, 429,
 * 5xx and truncated or unparseable bodies. Never a 4xx the caller caused.
 *
 * Creates (`goods/Write`, `goods/SkuWrite`, `dir/Write`, `article/Write`) are retried only when the
 * request provably never reached the server (connection refused, DNS failure, connect timeout).
 * Once it may have arrived — a reset mid-request, a timeout waiting for headers, a 5xx, even a
 * truncated `Ok` — the service may already have created the record, and a second attempt would
 * create a duplicate with a new id. The caller gets the error and decides (e.g. by listing first).
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

/**
 * A status whose `Retry-After` pauses the whole client (the shared back-off gate): a rate limit
 * applies to the client, not to one request. A 503's `Retry-After` delays only its own retry.
 */
export function isGateStatus(status: number): boolean {
  return status === 429;
}
