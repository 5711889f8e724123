/**
 * What the executor needs of HTTP: one attempt, its whole body read (capped), failures mapped to the
 * client's errors. undici's pool on Node (undici-transport.ts), web `fetch` elsewhere
 * (fetch-transport.ts), chosen by the `#runtime` import, so a Workers bundle never carries undici.
 */
import { isSiteContentError } from '../errors/guards.js';
import { NetworkError, TimeoutError } from '../errors/transport-errors.js';
import { sanitizeCause } from '../text/redact.js';
import { failureDetail } from '../text/shown-text.js';
import { AbortScope } from './abort-scope.js';
import type { EncodedRequest } from './encode.js';

export interface TransportSettings {
  timeoutMs: number;
  /** Sockets per origin at most (undici); a fetch runtime pools connections its own way. */
  connections: number;
  userAgent: string;
  apiKey: string;
  /** Largest body read; a larger one aborts the request with a ResponseTooLargeError. */
  maxResponseBytes: number;
}

/** Header values as both transports hand them over: lower-case names. */
export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** One HTTP answer, its body decoded to text. */
export interface RawResponse {
  status: number;
  headers: ResponseHeaders;
  text: string;
  /** The body's size in bytes as read (undici: as received; `fetch`: as it inflated it), for the request log. */
  bytes: number;
  /**
   * When the request went onto a connected socket (`performance.now()`): the service's latency is
   * counted from here, not from the wait for a socket or its connect. Absent where the transport
   * cannot tell (`fetch`).
   */
  writtenAt?: number | undefined;
}

export interface Transport {
  /**
   * Sends one request and reads the whole body, at most `maxResponseBytes`. An abort of `signal`
   * rethrows its reason; `timeoutMs` gives a TimeoutError; a failed connection or read a NetworkError.
   */
  send(
    operation: string,
    origin: string,
    req: EncodedRequest,
    url: string,
    signal: AbortSignal,
  ): Promise<RawResponse>;
  /** Closes the connections; later sends fail with a NetworkError (`CLIENT_CLOSED`). */
  close(): Promise<void>;
}

/** Codes that mean the request never left this machine: safe to retry even a create. */
export const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** undici's `HTTPParserError` has no `code`: like a truncated body, a proxy's hiccup worth a retry. */
export const HTTP_PARSER_CODE = 'HTTP_PARSER_ERROR';

/** A web `fetch` rejected without a code ("Failed to fetch"): the request may or may not have arrived. */
export const FETCH_FAILED_CODE = 'FETCH_FAILED';

/** Network failures worth another attempt (matched by `code`, as undici recommends). */
export const RETRYABLE_NETWORK_CODES = new Set([
  ...NOT_SENT_CODES,
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  HTTP_PARSER_CODE,
  FETCH_FAILED_CODE,
]);

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** What one attempt is sent with: its own signal (the call's, or its deadline) and the request's facts. */
export interface Attempt {
  signal: AbortSignal;
  /** Whether the attempt's own deadline fired (then `signal` is aborted too). */
  readonly timedOut: boolean;
}

/** One attempt as both transports make it: refused once closed, bounded by `timeoutMs`, failures mapped. */
export async function attempt(
  settings: Pick<TransportSettings, 'timeoutMs' | 'apiKey'>,
  facts: { operation: string; url: string; signal: AbortSignal; closed: boolean },
  exchange: (attempt: Attempt) => Promise<RawResponse>,
): Promise<RawResponse> {
  const { operation, url, signal } = facts;
  if (facts.closed) {
    throw new NetworkError({ operation, url, causeCode: 'CLIENT_CLOSED', detail: 'the client was closed' });
  }
  const { timeoutMs, apiKey } = settings;
  const scope = new AbortScope([signal], {
    ms: timeoutMs,
    reason: () => new DOMException('The attempt timed out', 'TimeoutError'),
  });
  try {
    return await exchange(scope);
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    throw sendFailure(err, { operation, url, apiKey, timeoutMs, timedOut: scope.timedOut });
  } finally {
    scope.dispose();
  }
}

/** The error a client send that failed (not aborted by the caller) rejects with. */
function sendFailure(
  err: unknown,
  context: { operation: string; url: string; apiKey: string; timeoutMs: number; timedOut: boolean },
): unknown {
  if (isSiteContentError(err, 'response_too_large') || isSiteContentError(err, 'response_format')) return err;
  const { operation, url, apiKey, timeoutMs } = context;
  const cause = sanitizeCause(err, apiKey);
  const code = errorCode(err);
  if (context.timedOut || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return new TimeoutError({ operation, url, cause, timeoutMs });
  }
  return new NetworkError({
    operation,
    url,
    cause,
    causeCode: code,
    detail: cause === undefined ? undefined : failureDetail(cause),
  });
}

/** `code` of an error or its nested cause; a bare fetch `TypeError` is {@link FETCH_FAILED_CODE}. */
export function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_ABORTED') return code;
    if ((e as { name?: unknown }).name === 'HTTPParserError') return HTTP_PARSER_CODE;
  }
  return err instanceof TypeError ? FETCH_FAILED_CODE : undefined;
}
