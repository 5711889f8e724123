/** Options of the surrogate-key cache provider; they travel in Astro's manifest, so a token is named by its env var. */
import type { CacheProviderConfig } from 'astro';
import { z } from 'zod';
import { parseOptions } from '../../options/parse-options.js';

const surrogatePurgeOptionsSchema = z.strictObject({
  /** URL purge requests go to: Varnish's address, or Fastly's `https://api.fastly.com/service/<id>/purge`. */
  url: z.url({ protocol: /^https?$/ }),
  /** HTTP method of a purge. @default 'PURGE' (Varnish); Fastly takes 'POST' */
  method: z
    .string()
    .regex(/^[A-Z]+$/, 'expected an HTTP method in capitals')
    .default('PURGE'),
  /** Header listing the keys to purge, separated by spaces. @default 'xkey-purge' (Varnish's xkey); Fastly: 'Surrogate-Key' */
  keysHeader: z.string().min(1).default('xkey-purge'),
  /** Environment variable holding the purge token, read when a purge is sent. @default none (no token sent) */
  tokenEnv: z.string().min(1).optional(),
  /** Header the token is sent in. @default 'Fastly-Key' */
  tokenHeader: z.string().min(1).default('Fastly-Key'),
});

export const surrogateKeyCacheOptionsSchema = z.strictObject({
  /** Purges by key; without it `cache.invalidate()` fails, naming this option. @default none */
  purge: surrogatePurgeOptionsSchema.optional(),
  /** Seconds the CDN may serve a stale page while the server answers errors. @default 86400 */
  staleIfError: z.number().int().nonnegative().default(86_400),
  /** `max-age` browsers get in `Cache-Control` (the CDN is purged, browsers cannot be). @default 0 */
  browserMaxAge: z.number().int().nonnegative().default(0),
  /**
   * Largest `Surrogate-Key` header in bytes (Varnish's default limit is 8 KiB); a page with more keys
   * is not kept by the CDN rather than kept unpurgeable. @default 8000
   */
  maxKeyBytes: z.number().int().positive().default(8000),
});

/** Where and how a purge by key is sent. @interface */
export type SurrogatePurgeOptions = z.input<typeof surrogatePurgeOptionsSchema>;

/** Options of `surrogateKeyCache()`. @interface */
export type SurrogateKeyCacheOptions = z.input<typeof surrogateKeyCacheOptionsSchema>;

export type ResolvedSurrogateKeyCacheOptions = z.output<typeof surrogateKeyCacheOptionsSchema>;

/**
 * `cache: { provider: surrogateKeyCache({ purge: { url } }) }`: a surrogate-key CDN (Varnish with
 * xkey, Fastly) caches pages by `Surrogate-Control` and purges them by `Surrogate-Key`.
 */
export function surrogateKeyCache(
  options: SurrogateKeyCacheOptions = {},
): CacheProviderConfig<SurrogateKeyCacheOptions> {
  parseOptions('surrogateKeyCache', surrogateKeyCacheOptionsSchema, options);
  return { name: 'surrogate-key', entrypoint: '@sitecontent/astro/cache/surrogate-key', config: options };
}
