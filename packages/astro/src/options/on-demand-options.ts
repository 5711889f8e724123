/** Options of pages rendered on demand (docs/architecture.md, "On-demand pages"). */
import { DEFAULT_PURGE_PATH } from '@sitecontent/client/internal';
import { z } from 'zod';

const seconds = z.number().int().nonnegative();

/** A live loader's `freshness`: what it leaves out comes from the integration's `onDemand.freshness`. */
export const freshnessSchema = z.strictObject({
  /** Seconds a cached page is served as fresh. @default `onDemand.freshness.maxAge` (300) */
  maxAge: seconds.optional(),
  /** Seconds after `maxAge` a stale page is still served while it is rendered again. @default `onDemand.freshness.swr` (60) */
  swr: seconds.optional(),
});

/** How long a page showing live entries stays fresh, in seconds, as `cache.set()` takes it. @interface */
export type Freshness = z.input<typeof freshnessSchema>;

/** `onDemand.sitemap`: where the product sitemaps are and what each file may hold. */
export const productSitemapOptionsSchema = z.strictObject({
  /**
   * Path of the sitemap index; a file is at the same path with `-<section id>-<n>` before `.xml`. At
   * the root, as a sitemap lists only URLs below its folder. @default '/sitemap-products.xml'
   */
  index: z
    .string()
    .regex(/^\/[A-Za-z0-9_-]+\.xml$/, 'must be a file at the root ending in .xml, e.g. /sitemap-products.xml')
    .default('/sitemap-products.xml'),
  /**
   * Sitemap files the build writes that the index lists first, e.g. `@astrojs/sitemap`'s
   * `['/sitemap-0.xml']`: one index for robots.txt. The build fails when this and what
   * `@astrojs/sitemap` wrote disagree. @default []
   */
  include: z
    .array(z.string().regex(/^\/[A-Za-z0-9_.-]+\.xml$/, 'must be a file at the root ending in .xml'))
    .default([]),
  /** The live collection whose `liveProductsLoader()` the sitemaps list, when two have one. @default the only one */
  collection: z.string().min(1).optional(),
  /** Most URLs in one file: the sitemap protocol allows 50,000. @default 50000 */
  maxUrls: z.number().int().positive().max(50_000).default(50_000),
  /**
   * Origin of the photo URLs (`<image:loc>`), as `imageUrls()` takes it; `''`: on the site's origin.
   * @default the site's domain, as the service gives it
   */
  imageOrigin: z.string().optional(),
  /** Seconds the route cache and a CDN serve a sitemap file or the index as fresh. @default 3600 */
  maxAge: seconds.default(3600),
  /** Seconds after `maxAge` a stale sitemap is still served while it is made again. @default 600 */
  swr: seconds.default(600),
});

/** The product sitemaps' settings, checked and with their defaults. */
export type ProductSitemapSettings = z.output<typeof productSitemapOptionsSchema>;

export const onDemandOptionsSchema = z.strictObject({
  /**
   * Freshness of a page that caches live entries without a `maxAge` of its own; a live loader's
   * `freshness` wins for its entries. @default { maxAge: 300, swr: 60 }
   */
  freshness: z
    .strictObject({
      /** Seconds a cached page is served as fresh. @default 300 */
      maxAge: seconds.default(300),
      /** Seconds after `maxAge` a stale page is still served while it is rendered again. @default 60 */
      swr: seconds.default(60),
    })
    .prefault({}),
  /**
   * Seconds a CDN may keep serving a cached page past its `maxAge` while the site answers errors
   * (`stale-if-error` on the CDN header of Astro's Cloudflare, Netlify and Vercel providers); 0 leaves
   * it out. `surrogateKeyCache()` has its own. @default 86400
   */
  staleIfError: seconds.default(86_400),
  /** Seconds an id the service does not have is remembered (no request) and its 404 cached. @default 30 */
  notFoundMaxAge: seconds.default(30),
  /** Seconds a 503 (the service failed and nothing stale is left) may be cached. @default 5 */
  errorMaxAge: seconds.default(5),
  /** Most live lookups waiting for the service at once per process; beyond, a page answers 503. @default 256 */
  maxInFlight: z.number().int().positive().default(256),
  /**
   * Most sections the server process remembers: one LRU for all its connections. Ids the service
   * does not have get an LRU of ten times this (`notFoundMaxAge`). @default 1000
   */
  cacheSize: z.number().int().positive().default(1000),
  /**
   * Longest a live lookup may take, retries included, in ms: a visitor waits, so request time gets a
   * short budget. @default 2500
   */
  lookupTimeoutMs: z.number().int().min(100).max(60_000).default(2500),
  /** Retries of a failed live lookup within `lookupTimeoutMs`. @default 1 */
  lookupRetries: z.number().int().min(0).max(5).default(1),
  /**
   * Live lookups in a row failing for an outage before the server stops asking for `breakFor`
   * seconds (uncached pages answer 503, cached ones stale). @default 2
   */
  breakAfter: z.number().int().positive().default(2),
  /** Seconds the server stops asking a failing service before one lookup tries again. @default 10 */
  breakFor: z.number().int().positive().max(3600).default(10),
  /**
   * Path of the purge endpoint, or `false`; it answers only when `SITECONTENT_PURGE_TOKEN` is set and
   * exists only with a `cache` provider. @default '/_sitecontent/purge'
   */
  purgeEndpoint: z
    .union([z.literal(false), z.string().startsWith('/', 'must start with /')])
    .default(DEFAULT_PURGE_PATH),
  /**
   * The product sitemaps, or `false`; they exist only with a `cache` provider.
   * @default { index: '/sitemap-products.xml', maxUrls: 50000, maxAge: 3600, swr: 600 }
   */
  sitemap: z.union([z.literal(false), productSitemapOptionsSchema]).prefault({}),
});

/** Options of pages rendered on demand behind Astro's route cache (`siteContent({ onDemand })`). @interface */
export type OnDemandOptions = z.input<typeof onDemandOptionsSchema>;

/** The on-demand options, checked and with every default in (also what the server bundle receives). */
export type OnDemandSettings = z.output<typeof onDemandOptionsSchema>;

export const onDemandDefaults: OnDemandSettings = onDemandOptionsSchema.parse({});

/** The purge endpoint's default path. */
export { DEFAULT_PURGE_PATH };
