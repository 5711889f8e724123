/** Options of `siteContent()`: the type, its defaults and its schema. */
import { clientOptionFields, withConcurrencyRule } from '@sitecontent/client/internal';
import { z } from 'zod';
import { connectionShape } from './fields.js';
import { metaWriteBackOptionSchema } from './meta-write-back-options.js';
import { onDemandOptionsSchema } from './on-demand-options.js';
import { parseOptions } from './parse-options.js';
import { seoCheckModeSchema } from './seo-check-options.js';

/**
 * Where the shared client's concurrency limit starts, with or without the integration (and for the
 * live loaders): 32, twice the client's own default (16). A build is a bulk read of one request per
 * page (`meta/Get`), where latency, not the service, is the limit: at 16 in flight the time is
 * bounded below by requests × latency ÷ 16. From there the limit adapts (docs/architecture.md, "A
 * load"): it grows while latency stays flat, shrinks when latency climbs and halves on
 * 429/503; all collections share it and one back-off gate.
 */
export const DEFAULT_CONCURRENCY = 32;

/**
 * The ceiling the adaptive limit may grow to, and the most sockets a build opens to the service:
 * 64, twice the start. At 20 ms per request that allows 3,200 requests a second, while a service that
 * answers overload with 503s instead of slowing down is overshot at most to 64 before the first 503
 * halves the limit.
 */
export const DEFAULT_MAX_CONCURRENCY = 64;

/** Dev-only endpoint that refreshes named loaders (see integration/refresh-endpoint.ts). */
export const DEFAULT_REFRESH_PATH = '/_sitecontent/refresh';

/**
 * The one schema of `siteContent()`'s options, with their defaults: the client's own limits for the
 * options it passes through (`clientOptionFields`), checked once after the defaults are in.
 */
export const siteContentOptionsSchema = withConcurrencyRule(
  z.strictObject({
    /** Service root. @default `SITECONTENT_BASE_URL` */
    baseUrl: connectionShape.baseUrl,
    /** Site number. @default `SITECONTENT_SID` */
    sid: connectionShape.sid,
    /** API key. Prefer the `SITECONTENT_API_KEY` environment variable (`.env`) over code. @default `SITECONTENT_API_KEY` */
    apiKey: connectionShape.apiKey,
    /**
     * Where the shared limit of requests in flight starts, across every collection. It then adapts
     * between 1 and `maxConcurrency`: up while latency stays flat, down when it climbs or the service
     * answers 429/503. @default 32, or `maxConcurrency` when that is smaller (the client's own default is 16)
     */
    concurrency: clientOptionFields.concurrency.optional(),
    /**
     * The most requests in flight (and sockets) the shared limit may grow to; at least `concurrency`.
     * @default 64, or `concurrency` when only that is set (as in the client: a number you name is the
     * most you get)
     */
    maxConcurrency: clientOptionFields.maxConcurrency.optional(),
    /** `false` holds the limit at `concurrency` (429/503 still halve it). @default true */
    adaptive: clientOptionFields.adaptive.default(true),
    /** Per-request timeout in ms. @default the client's (30000) */
    timeoutMs: clientOptionFields.timeoutMs.optional(),
    /**
     * Largest response body the client reads, in bytes, counted while it streams in; a larger one fails
     * with a `ResponseTooLargeError` (handled like any failed fetch, `onError`). @default the client's
     * (96 MiB, twice the `goods/Get` of a 100,000-product catalog)
     */
    maxResponseBytes: clientOptionFields.maxResponseBytes.optional(),
    /** Retries of a failed idempotent request. @default the client's (4) */
    retries: clientOptionFields.retries.optional(),
    /** How `param` is encoded in POST bodies. @default 'form-brackets' */
    paramEncoding: clientOptionFields.paramEncoding.optional(),
    /**
     * How long (ms) a page's meta from the last sync may be reused while its record is unchanged, for
     * every loader with `seo: true` (a loader's `seo: { maxAge }` wins). @default 0 (ask every time)
     */
    metaMaxAge: z.number().int().nonnegative().default(0),
    /** Set Astro's `site` to `https://` + `site/DomainDefault` when the config has none. @default true */
    setSite: z.boolean().default(true),
    /** Add the site's domain to `image.remotePatterns` so `<Image>` can optimise product photos. @default true */
    remoteImages: z.boolean().default(true),
    /** Dev refresh endpoint path, or `false` to disable it. Needs `SITECONTENT_REFRESH_TOKEN`. @default '/_sitecontent/refresh' */
    refreshEndpoint: z
      .union([z.literal(false), z.string().startsWith('/', 'must start with /')])
      .default(DEFAULT_REFRESH_PATH),
    /**
     * Build-time meta write-back: at the end of `astro build`, compute the desired meta of the pages
     * from the loaded entries, log the plan and write it when `SITECONTENT_WRITE=1`. @default off
     */
    metaWriteBack: metaWriteBackOptionSchema.optional(),
    /**
     * After `astro build`, check the output: each indexable page's canonical is on the site's origin,
     * in the sitemap and served by a file of the build; every JSON-LD block parses; product JSON-LD
     * passes Google's rich-result rules and states price, currency and availability. `'warn'` logs
     * the pages at fault, `'fail'` also fails the build. @default 'off'
     */
    seoCheck: seoCheckModeSchema.default('off'),
    /**
     * A JSON file (relative to the project root) of the URLs the site's pages had: read before the
     * loaders run and written after each build, for a pipeline without the build cache to commit.
     * The history is kept in the loaders' store either way. @default off
     */
    urlHistoryFile: z
      .string()
      .regex(/\.json$/, 'must name a .json file')
      .optional(),
    /**
     * Pages rendered on demand behind Astro's route cache (used when the Astro config has a `cache`
     * provider): default freshness, negative cache, in-flight bound, purge endpoint. See the README,
     * "On-demand pages". @default see `OnDemandOptions`
     */
    onDemand: onDemandOptionsSchema.prefault({}),
  }),
  // The client's rule with the integration's defaults: `concurrency` set alone is also the ceiling.
  { concurrency: DEFAULT_CONCURRENCY, maxConcurrency: DEFAULT_MAX_CONCURRENCY },
);

/**
 * Options of `siteContent()`, the integration.
 * @interface
 */
export type SiteContentOptions = z.input<typeof siteContentOptionsSchema>;

/** `siteContent()`'s options, checked and with every default in. */
export type ResolvedSiteContentOptions = z.output<typeof siteContentOptionsSchema>;

/** The defaults of `siteContent()`, as its schema gives them. */
export const siteContentDefaults: ResolvedSiteContentOptions = siteContentOptionsSchema.parse({});

/** `siteContent()`'s options, checked; throws `SiteContentOptionsError` naming every bad option. */
export function resolveSiteContentOptions(
  options: SiteContentOptions | undefined,
): ResolvedSiteContentOptions {
  return parseOptions('siteContent', siteContentOptionsSchema, options);
}
