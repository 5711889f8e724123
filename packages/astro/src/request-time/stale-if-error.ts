/**
 * `stale-if-error` on the CDN cache header of an on-demand page, so a host's CDN keeps serving a
 * cached page past its `maxAge` while the site answers errors (an outage of the service or of the
 * server). Astro's cache providers write their CDN header after the middleware has run, so the
 * response's header list is told to add the directive when one of those headers is set.
 * `surrogateKeyCache()` writes its own (`Surrogate-Control`, its `staleIfError` option).
 */

/** The CDN headers of Astro's providers: Cloudflare's, Netlify's, Vercel's, and the default one. */
const CDN_HEADERS = new Set([
  'cdn-cache-control',
  'cloudflare-cdn-cache-control',
  'netlify-cdn-cache-control',
  'vercel-cdn-cache-control',
]);

/** `directives` with `stale-if-error=<seconds>` when they keep the page and do not say it already. */
export function withStaleIfError(directives: string, seconds: number): string {
  const lower = directives.toLowerCase();
  if (seconds <= 0 || !/max-age=\d/.test(lower) || /stale-if-error|no-store|private/.test(lower))
    return directives;
  return `${directives}, stale-if-error=${seconds}`;
}

/** Makes `response` add `stale-if-error` to a CDN cache header set on it from now on. */
export function keepStaleIfError(response: Response, seconds: number): void {
  if (seconds <= 0) return;
  const { headers } = response;
  const set = headers.set.bind(headers);
  try {
    Object.defineProperty(headers, 'set', {
      value: (name: string, value: string) =>
        set(name, CDN_HEADERS.has(name.toLowerCase()) ? withStaleIfError(value, seconds) : value),
    });
  } catch {
    // A frozen header list (a fetched response passed through) takes no cache headers either.
  }
}
