/**
 * The clients of one project, one per connection (docs/architecture.md, "The shared client"): every
 * collection of a project goes through the same concurrency bound and back-off gate. Loaders that
 * override the connection get their own client, shared among loaders with the same override.
 */
import { createHash } from 'node:crypto';
import { createClient, type SiteContentClient } from '@sitecontent/client';
import type { ConnectionClientOptions } from './connection.js';
import { rememberedDomain } from './remembered-domain.js';
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
  readonly #cacheDir: () => string | undefined;

  /** `warn` reports retries; `cacheDir` is where the last known site domain is remembered. */
  constructor(warn: (message: string) => void, cacheDir: () => string | undefined) {
    this.#retries = new RetryLog(warn);
    this.#cacheDir = cacheDir;
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
        fallbackSiteOrigin: () => {
          const cacheDir = this.#cacheDir();
          const domain = cacheDir === undefined ? undefined : rememberedDomain(cacheDir);
          return domain === undefined ? undefined : `https://${domain}`;
        },
        onRetry: this.#retries.retry,
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
