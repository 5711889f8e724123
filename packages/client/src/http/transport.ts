/**
 * One attempt over HTTP: one long-lived undici `Pool` per origin (keep-alive, explicit connect,
 * headers and body timeouts), each answer read whole (`whole-response.ts`) or the request aborted,
 * failures mapped to the client's errors by `code`.
 */

import { Pool } from 'undici';
import { isResponseFormatError, isResponseTooLargeError } from '../errors/guards.js';
import { NetworkError, TimeoutError } from '../errors/transport-errors.js';
import { sanitizeCause } from '../redact.js';
import { AbortScope } from './abort-scope.js';
import type { EncodedRequest } from './encode.js';
import { type RawResponse, requestWhole } from './whole-response.js';

export interface TransportSettings {
  timeoutMs: number;
  connections: number;
  userAgent: string;
  apiKey: string;
  /** Largest body read; a larger one aborts the request with a ResponseTooLargeError. */
  maxResponseBytes: number;
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

/**
 * An answer that breaks HTTP/1.1 (a bad chunk size, a garbled status line): undici's
 * `HTTPParserError` carries no `code`. Like a truncated body, a proxy's hiccup worth another attempt.
 */
export const HTTP_PARSER_CODE = 'HTTP_PARSER_ERROR';

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
]);

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * How long before the end of the server's announced keep-alive (`Keep-Alive: timeout=N`) the pool
 * stops reusing an idle socket. The margin covers the race in which the server closes the socket
 * just as a request is written to it: the client's idle clock starts up to half a round trip after
 * the server's, the request needs another half to arrive, and timers are late by a few ms. 1 s
 * covers round trips far longer than a remote service's (tens to hundreds of ms). undici's default,
 * 2 s, leaves nothing of a 2 s hint (the emulator's former one), so every socket served one request.
 * Much lower is not worth it: a request on a socket the server has just closed fails, and a create
 * is never retried once it may have been sent.
 */
export const KEEP_ALIVE_THRESHOLD_MS = 1_000;

export class Transport {
  readonly #pools = new Map<string, Pool>();
  #closed = false;

  constructor(readonly settings: TransportSettings) {}

  #pool(origin: string): Pool {
    let pool = this.#pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        // Never more sockets than the client's concurrency bound.
        connections: this.settings.connections,
        pipelining: 1,
        keepAliveTimeout: 4_000,
        keepAliveMaxTimeout: 60_000,
        keepAliveTimeoutThreshold: KEEP_ALIVE_THRESHOLD_MS,
        connectTimeout: Math.min(this.settings.timeoutMs, 10_000),
        headersTimeout: this.settings.timeoutMs,
        bodyTimeout: this.settings.timeoutMs,
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  /**
   * Send one request and read the whole body, at most `maxResponseBytes` of it. `signal` is the
   * call's (abort → its reason is rethrown as is); the per-attempt deadline of `timeoutMs` becomes a
   * TimeoutError. One timer per attempt, cleared when the attempt ends.
   */
  async send(
    operation: string,
    origin: string,
    req: EncodedRequest,
    url: string,
    signal: AbortSignal,
  ): Promise<RawResponse> {
    if (this.#closed) {
      throw new NetworkError({ operation, url, causeCode: 'CLIENT_CLOSED', detail: 'the client was closed' });
    }
    const { timeoutMs, apiKey } = this.settings;
    const attempt = new AbortScope([signal], {
      ms: timeoutMs,
      reason: () => new DOMException('The attempt timed out', 'TimeoutError'),
    });
    try {
      const request = {
        method: req.method,
        path: req.path,
        headers: { 'user-agent': this.settings.userAgent, accept: 'application/json', ...req.headers },
        body: req.body ?? null,
      };
      const limit = { operation, url, limitBytes: this.settings.maxResponseBytes };
      return await requestWhole(this.#pool(origin), request, limit, attempt.signal);
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (isResponseTooLargeError(err) || isResponseFormatError(err)) throw err;
      const cause = sanitizeCause(err, apiKey);
      const code = errorCode(err);
      if (attempt.timedOut || (code !== undefined && TIMEOUT_CODES.has(code))) {
        throw new TimeoutError({ operation, url, cause, timeoutMs });
      }
      throw new NetworkError({ operation, url, cause, causeCode: code, detail: cause?.message });
    } finally {
      attempt.dispose();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(pools.map((p) => p.close()));
  }
}

/** `code` of an error or of its (nested) cause; undici wraps socket errors. */
function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_ABORTED') return code;
    if ((e as { name?: unknown }).name === 'HTTPParserError') return HTTP_PARSER_CODE;
  }
  return undefined;
}
