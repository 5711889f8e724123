/** Options of `siteContent()`: the type, its defaults and its schema. */
import { clientOptionFields, withConcurrencyRule } from '@sitecontent/client/internal';
import { z } from 'zod';
import { devServerOptionsSchema } from './dev-server-options.js';
import { connectionShape } from './fields.js';
import { metaWriteBackOptionSchema } from './meta-write-back-options.js';
import { onDemandOptionsSchema } from './on-demand-options.js';
import { parseOptions } from './parse-options.js';
import { searchOptionsSchema } from './search-options.js';
import { seoCheckModeSchema } from './seo-check-options.js';

/**
 * Where the shared limit starts, with or without the integration: twice the client's default. A
 * build is a bulk read of one request per page, bounded below by requests × latency ÷ concurrency;
 * from there the limit adapts (docs/architecture.md, "A load").
 */
export const DEFAULT_CONCURRENCY = 32;

/**
 * The ceiling of the adaptive limit and the most sockets a build opens: twice the start, so a
 * service that answers overload with 503s rather than slowing down is overshot by little.
 */
export const DEFAULT_MAX_CONCURRENCY = 64;

/** Dev-only endpoint that refreshes named loaders (build-time/integration/refresh-endpoint.ts). */
export const DEFAULT_REFRESH_PATH = '/_sitecontent/refresh';

/** `siteContent()`'s options; those passed to the client take its own limits (`clientOptionFields`). */
export const siteContentOptionsSchema = withConcurrencyRule(
  z.strictObject({
    /** Service root. @default `SITECONTENT_BASE_URL` */
    baseUrl: connectionShape.baseUrl,
    /** Site number. @default `SITECONTENT_SID` */
    sid: connectionShape.sid,
    /** API key. Prefer the `SITECONTENT_API_KEY` environment variable (`.env`) over code. @default `SITECONTENT_API_KEY` */
    apiKey: connectionShape.apiKey,
    /**
     * Where the shared limit of requests in flight starts; it adapts between 1 and `maxConcurrency`.
     * @default 32, or `maxConcurrency` when that is smaller (the client's own default is 16)
     */
    concurrency: clientOptionFields.concurrency.optional(),
    /**
     * The most requests in flight (and sockets) the limit may grow to; at least `concurrency`.
     * @default 64, or `concurrency` when only that is set
     */
    maxConcurrency: clientOptionFields.maxConcurrency.optional(),
    /** `false` holds the limit at `concurrency` (429/503 still halve it). @default true */
    adaptive: clientOptionFields.adaptive.default(true),
    /** Per-request timeout in ms. @default the client's (30000) */
    timeoutMs: clientOptionFields.timeoutMs.optional(),
    /**
     * Largest response body read, in bytes; a larger one fails like any fetch (`onError`).
     * @default the client's (96 MiB)
     */
    maxResponseBytes: clientOptionFields.maxResponseBytes.optional(),
    /** Retries of a failed idempotent request. @default the client's (4) */
    retries: clientOptionFields.retries.optional(),
    /** How `param` is encoded in POST bodies. @default 'form-brackets' */
    paramEncoding: clientOptionFields.paramEncoding.optional(),
    /**
     * How long (ms) a page's meta from the last sync may be reused while its record is unchanged
     * (a loader's `seo: { maxAge }` wins). @default 0 (ask every time)
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
     * Build-time meta write-back: plan the pages' desired meta at the end of `astro build`, write it
     * when `SITECONTENT_WRITE=1`. @default off
     */
    metaWriteBack: metaWriteBackOptionSchema.optional(),
    /**
     * After `astro build`, check the output: canonicals, sitemap, JSON-LD against Google's rules.
     * `'warn'` logs the pages at fault, `'fail'` also fails the build. @default 'off'
     */
    seoCheck: seoCheckModeSchema.default('off'),
    /**
     * At the start of `astro build` (never in `astro dev`), read the site's domains once and check
     * the main one: `'warn'` logs one warning when it expires within 30 days, has expired, is
     * inactive or is not among the site's domains; `'fail'` fails the build then; `false` skips the
     * check (and its two requests). A service that cannot be asked only warns. @default 'warn'
     */
    domainCheck: z.union([z.enum(['warn', 'fail']), z.literal(false)]).default('warn'),
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
     * A Pagefind search index of the built product pages and articles, made from the entries and
     * written into the output at `search.path` (docs: guides/search). @default off
     */
    search: searchOptionsSchema.optional(),
    /** Pages rendered on demand (with a `cache` provider in the Astro config). @default see `OnDemandOptions` */
    onDemand: onDemandOptionsSchema.prefault({}),
    /**
     * `astro dev`: follow the catalog (read its changes every 10 s, refresh the collections that
     * changed) and the dev toolbar app. @default { followCatalog: 10000, toolbar: true }
     */
    dev: devServerOptionsSchema.prefault({}),
  }),
  // The client's rule with the integration's defaults: `concurrency` set alone is also the ceiling.
  { concurrency: DEFAULT_CONCURRENCY, maxConcurrency: DEFAULT_MAX_CONCURRENCY },
);

/** Options of `siteContent()`, the integration. @interface */
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
