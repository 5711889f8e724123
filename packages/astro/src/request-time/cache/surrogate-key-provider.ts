/**
 * Astro cache provider for surrogate-key CDNs (Varnish with xkey, Fastly): a cached page gets
 * `Surrogate-Control`, `Surrogate-Key` (its tags and path) and a browser `Cache-Control`;
 * `invalidate()` sends one purge naming the keys. The Node server keeps no copy.
 */

import { failureDetail, requestEnv } from '@sitecontent/client/internal';
import type { CacheProvider } from 'astro';
import { parseOptions } from '../../options/parse-options.js';
import { surrogateKeyCacheOptionsSchema } from './surrogate-key-options.js';

/** The key of a page's path, as Astro names it for `invalidate({ path })`. */
/** The tag of one page, as Astro's own providers name it (`pathTag` of astro/cache/provider-utils). */
const pathTag = (path: string) => `astro-path:${path}`;

const surrogateKeyProvider = (config: unknown): CacheProvider => {
  const options = parseOptions('surrogateKeyCache', surrogateKeyCacheOptionsSchema, config);
  return {
    name: 'surrogate-key',
    setHeaders(cache, request) {
      const headers = new Headers();
      const keys = [...new Set([...(cache.tags ?? []), pathTag(new URL(request.url).pathname)])].join(' ');
      if (cache.lastModified) headers.set('Last-Modified', cache.lastModified.toUTCString());
      if (cache.etag) headers.set('ETag', cache.etag);
      if (cache.maxAge === undefined || Buffer.byteLength(keys) > options.maxKeyBytes) {
        headers.set('Cache-Control', 'no-store');
        return headers;
      }
      const directives = [`max-age=${cache.maxAge}`];
      if (cache.swr) directives.push(`stale-while-revalidate=${cache.swr}`);
      if (options.staleIfError) directives.push(`stale-if-error=${options.staleIfError}`);
      headers.set('Surrogate-Control', directives.join(', '));
      headers.set('Surrogate-Key', keys);
      headers.set('Cache-Control', `public, max-age=${options.browserMaxAge}`);
      return headers;
    },
    async invalidate({ tags, path }) {
      const keys = [...(typeof tags === 'string' ? [tags] : (tags ?? [])), ...(path ? [pathTag(path)] : [])];
      if (keys.length === 0) return;
      const purge = options.purge;
      if (!purge) throw new Error('surrogateKeyCache: set purge.url to purge pages by key');
      const headers: Record<string, string> = { [purge.keysHeader]: keys.join(' ') };
      const token = purge.tokenEnv ? requestEnv([purge.tokenEnv])[purge.tokenEnv] : undefined;
      if (purge.tokenEnv && !token) throw new Error(`surrogateKeyCache: ${purge.tokenEnv} is not set`);
      if (token) headers[purge.tokenHeader] = token;
      const target = `${purge.method} ${new URL(purge.url).origin}`;
      const response = await fetch(purge.url, { method: purge.method, headers }).catch((error: unknown) => {
        // `fetch failed` alone hides why: the refused connection, DNS or TLS failure is its cause.
        throw new Error(`surrogateKeyCache: ${target} failed: ${failureDetail(error)}`, { cause: error });
      });
      await response.body?.cancel();
      if (!response.ok) {
        throw new Error(`surrogateKeyCache: ${target} answered ${response.status}`);
      }
    },
  };
};

export default surrogateKeyProvider;
