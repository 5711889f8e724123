/** The Node transport: one undici `Pool` per origin with explicit timeouts; failures mapped by `code`. */

import { Pool } from 'undici';
import type { EncodedRequest } from './encode.js';
import { attempt, type Transport, type TransportSettings } from './transport.js';
import { requestWhole } from './whole-response.js';

/**
 * How long before the server's announced keep-alive ends the pool stops reusing an idle socket: the
 * margin covers a server closing the socket as a request is written (idle clocks start half a round
 * trip apart, timers run late). undici's default margin leaves nothing of a short hint, so every
 * socket would serve one request; much lower risks requests on closed sockets, which a create
 * cannot retry.
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
