/**
 * The Node transport: one long-lived undici `Pool` per origin (keep-alive, explicit connect,
 * headers and body timeouts), each answer read whole (`whole-response.ts`) or the request aborted,
 * failures mapped to the client's errors by `code` (transport.ts).
 */

import { Pool } from 'undici';
import type { EncodedRequest } from './encode.js';
import { attempt, type Transport, type TransportSettings } from './transport.js';
import { requestWhole } from './whole-response.js';

/**
 * How long before the end of the server's announced keep-alive (`Keep-Alive: timeout=N`) the pool
 * stops reusing an idle socket. The margin covers the race in which the server closes the socket
 * just as a request is written to it: the client's idle clock starts up to half a round trip after
 * the server's, the request needs another half to arrive, and timers are late by a few ms. 1 s
 * covers round trips far longer than a remote service's (tens to hundreds of ms). undici's default,
 * 2 s, leaves nothing of a server's 2 s hint, so every socket would serve one request.
 * Much lower is not worth it: a request on a socket the server has just closed fails, and a create
 * is never retried once it may have been sent.
 */
export const KEEP_ALIVE_THRESHOLD_MS = 1_000;

export class UndiciTransport implements Transport {
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

  /** See {@link Transport.send}. */
  send(operation: string, origin: string, req: EncodedRequest, url: string, signal: AbortSignal) {
    const facts = { operation, url, signal, closed: this.#closed };
    return attempt(this.settings, facts, (scope) => {
      const request = {
        method: req.method,
        path: req.path,
        headers: { 'user-agent': this.settings.userAgent, accept: 'application/json', ...req.headers },
        body: req.body ?? null,
      };
      const limit = { operation, url, limitBytes: this.settings.maxResponseBytes };
      return requestWhole(this.#pool(origin), request, limit, scope.signal);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(pools.map((p) => p.close()));
  }
}
