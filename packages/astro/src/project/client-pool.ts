/**
 * The clients of one project, one per set of client options (docs/architecture.md, "The project"):
 * the collections of a connection share one bound and back-off gate; a different connection, or a
 * live loader's request budget, gets a client of its own.
 */
import { createHash } from 'node:crypto';
import { createClient, type SiteContentClient } from '@sitecontent/client';
import type { ConnectionClientOptions } from './connection.js';
import { RequestTally } from './request-tally.js';
import { RetryLog } from './retry-log.js';

/** Minimal logger shape (Astro's integration and loader loggers fit). */
export interface WarnLogger {
  warn(message: string): void;
  info(message: string): void;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export class ClientPool {
  readonly #clients = new Map<string, SiteContentClient>();
  /** The retry warnings of every client of the project, a few lines however many retries. */
  readonly #retries: RetryLog;
  readonly #fallbackSiteOrigin: () => string | undefined;
  readonly #requestLog: () => ((line: string) => void) | undefined;
  /** Every request of every client of the pool, by operation and status (the build log's summary). */
  readonly requests = new RequestTally();

  /**
   * `warn` reports retries; `fallbackSiteOrigin` gives the photos' origin when the service cannot;
   * `requestLog` is where a new client writes its line per request, when the debug switch is on.
   */
  constructor(
    warn: (message: string) => void,
    fallbackSiteOrigin: () => string | undefined,
    requestLog: () => ((line: string) => void) | undefined = () => undefined,
  ) {
    this.#retries = new RetryLog(warn);
    this.#fallbackSiteOrigin = fallbackSiteOrigin;
    this.#requestLog = requestLog;
  }

  /** The client for `options`, created on first use. */
  client(options: ConnectionClientOptions): SiteContentClient {
    // The key stands in the map for the life of the pool: it holds a digest of the key, not the key.
    const key = digest(JSON.stringify({ ...options, apiKey: digest(options.apiKey) }));
    let client = this.#clients.get(key);
    if (!client) {
      client = createClient({
        ...options,
        userAgent: '@sitecontent/astro',
        // The service down at sync time: image URLs on the domain the last successful lookup gave.
        fallbackSiteOrigin: this.#fallbackSiteOrigin,
        onRetry: this.#retries.retry,
        onRequest: this.requests.note,
        requestLog: this.#requestLog(),
      });
      this.#clients.set(key, client);
    }
    return client;
  }

  /** Closes every client; the next `client()` call opens a new one. */
  async close(): Promise<void> {
    const clients = [...this.#clients.values()];
    this.#clients.clear();
    await Promise.allSettled(clients.map((c) => c.close()));
  }
}
