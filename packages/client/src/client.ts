/** `createClient`: wires options, transport, retries, gate and bound into the resource APIs. */

import { createTransport } from '#runtime';
import { AdaptiveLimit } from './http/adaptive-limit.js';
import { BackoffGate } from './http/backoff-gate.js';
import { ConcurrencyBound } from './http/concurrency.js';
import { Executor } from './http/executor.js';
import type { Transport, TransportSettings } from './http/transport.js';
import { type ClientOptions, checkCallTimeout, validateOptions } from './options.js';
import { type ArticlesApi, articlesApi } from './resources/articles.js';
import type { CallOptions, ClientCore } from './resources/core.js';
import { type MetaApi, metaApi } from './resources/meta.js';
import { type ModificationsApi, modificationsApi } from './resources/modifications.js';
import { type ProductsApi, productsApi } from './resources/products.js';
import { type SectionsApi, sectionsApi } from './resources/sections.js';
import { type SiteApi, siteApi } from './resources/site.js';

export interface SiteContentClient {
  readonly sid: number;
  /** Service root without the key (the key never travels in `baseUrl`). */
  readonly baseUrl: string;
  readonly products: ProductsApi;
  readonly modifications: ModificationsApi;
  readonly sections: SectionsApi;
  readonly articles: ArticlesApi;
  readonly meta: MetaApi;
  readonly site: SiteApi;
  /** A snapshot of the concurrency bound, for logs and tests. */
  stats(): ClientStats;
  /** Closes the connection pools; in-flight calls finish, later calls fail. */
  close(): Promise<void>;
}

/** What `client.stats()` returns. */
export interface ClientStats {
  /** The limit in force: adaptive between 1 and `maxConcurrency`, halved on 429/503. */
  concurrencyLimit: number;
  /** The ceiling of the limit (the `maxConcurrency` option; `concurrency` when not adaptive). */
  maxConcurrency: number;
  /** Requests holding a slot (sent or about to be). */
  inFlight: number;
  /** Calls waiting for a slot. */
  queued: number;
}

/** A client of the service; its transport is the runtime's (undici on Node, `fetch` elsewhere). */
export function createClient(options: ClientOptions): SiteContentClient {
  return createClientOver(createTransport, options);
}

/** {@link createClient} over a given transport: how the tests run the `fetch` transport on Node. */
export function createClientOver(
  transportFor: (settings: TransportSettings) => Transport,
  options: ClientOptions,
): SiteContentClient {
  const o = validateOptions(options);
  const base = new URL(o.baseUrl);
  const baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const transport = transportFor({
    timeoutMs: o.timeoutMs,
    // One socket per request in flight at the ceiling: the limit moves under it, the pool never does.
    connections: o.maxConcurrency,
    userAgent: o.userAgent,
    apiKey: o.apiKey,
    maxResponseBytes: o.maxResponseBytes,
  });
  const bound = new ConcurrencyBound(
    new AdaptiveLimit({ initial: o.concurrency, max: o.maxConcurrency, latency: o.adaptive }),
  );
  const executor = new Executor(
    {
      origin: base.origin,
      pathPrefix: base.pathname.replace(/\/+$/, ''),
      baseUrl,
      apiKey: o.apiKey,
      sid: o.sid,
      paramEncoding: o.paramEncoding,
      retries: o.retries,
      retryBaseDelayMs: o.retryBaseDelayMs,
      maxRetryTimeMs: o.maxRetryTimeMs,
      onRetry: o.onRetry,
      onRequest: o.onRequest,
      requestLog: o.requestLog,
    },
    transport,
    new BackoffGate(),
    bound,
  );

  let origin: Promise<string> | undefined = o.siteOrigin
    ? Promise.resolve(new URL(o.siteOrigin).origin)
    : undefined;

  /** `fallbackSiteOrigin()`'s answer as an origin, when it gives a usable one. */
  const fallbackOrigin = (): string | undefined => {
    const given = o.fallbackSiteOrigin?.();
    if (given === undefined) return undefined;
    try {
      const url = new URL(given);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
    } catch {
      return undefined;
    }
  };

  const core: ClientCore = {
    allowUnknownFields: o.allowUnknownFields,
    async call(op, input, opts, answer) {
      const timeoutMs = checkCallTimeout(op, opts?.timeoutMs);
      const signals = [opts?.signal, o.signal];
      return executor.run(op, input, { signals, timeoutMs, ...answer });
    },
    siteOrigin(opts?: CallOptions & { refresh?: boolean }) {
      // Asked once and cached; a failure is not cached, so the next call asks again. `refresh` asks
      // again now (not with a fixed `siteOrigin`), and calls after it share the new answer.
      if (opts?.refresh && !o.siteOrigin) origin = undefined;
      const { signal, timeoutMs } = opts ?? {};
      origin ??= site.defaultDomain({ signal, timeoutMs }).then(
        // The schema admits only plain host names; URL turns an internationalized one into punycode.
        (domain) => new URL(`https://${domain}`).origin,
        (err: unknown) => {
          // The fallback is kept like an answer: the calls after this one do not wait for the same
          // failure. Not for `refresh`, whose caller wants the service's own answer or its error.
          const fallback = signal?.aborted || opts?.refresh ? undefined : fallbackOrigin();
          if (fallback !== undefined) return fallback;
          origin = undefined;
          throw err;
        },
      );
      return origin;
    },
  };
  const site = siteApi(core);

  return {
    sid: o.sid,
    baseUrl,
    products: productsApi(core),
    modifications: modificationsApi(core),
    sections: sectionsApi(core),
    articles: articlesApi(core),
    meta: metaApi(core),
    site,
    stats: () => ({
      concurrencyLimit: bound.limit,
      maxConcurrency: bound.max,
      inFlight: bound.slots.active,
      queued: bound.slots.queued,
    }),
    close: () => transport.close(),
  };
}
