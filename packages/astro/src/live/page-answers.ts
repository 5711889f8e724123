/**
 * What an on-demand page answers when its live entry or collection came back with `{ error }`, and
 * how long Astro's route cache (and a CDN) may keep a page that shows live entries
 * (docs/architecture.md, "On-demand pages").
 */
import type { APIContext } from 'astro';
import { onDemandState } from './on-demand-state.js';

/** Where a not-found error of a live loader carries the cache tags of the entry it did not find. */
export const NOT_FOUND_TAGS = Symbol.for('@sitecontent/astro/not-found-tags');

type PageCache = APIContext['cache'];

const isNotFound = (error: Error) => error.name === 'LiveEntryNotFoundError';

/**
 * The response of an on-demand page whose `getLiveEntry()` or `getLiveCollection()` gave `error`:
 * 404 for an entry the service does not have (no body, so Astro renders the 404 page), cached for
 * `onDemand.notFoundMaxAge` and tagged with the entry, so purging the id drops it; 503 otherwise
 * (the service failed, or too many lookups wait for it), which no route cache keeps and a CDN may
 * keep for `onDemand.errorMaxAge`. The body names no URL, so nothing of the connection leaks.
 */
export function liveErrorResponse(
  context: { cache: PageCache; rewrite: APIContext['rewrite'] },
  error: Error,
): Response | Promise<Response> {
  const { notFoundMaxAge, errorMaxAge } = onDemandState().settings;
  if (isNotFound(error)) {
    const tags = (error as { [NOT_FOUND_TAGS]?: string[] })[NOT_FOUND_TAGS] ?? [];
    if (context.cache.enabled) context.cache.set({ maxAge: notFoundMaxAge, swr: 0, tags });
    return context.rewrite('/404');
  }
  context.cache.set(false);
  return new Response('The catalog is unavailable for a moment. Please try again.', {
    status: 503,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': `public, max-age=${errorMaxAge}`,
      'retry-after': String(Math.max(1, errorMaxAge)),
    },
  });
}

/**
 * Completes the route cache of a page that shows live entries once it has rendered: a page that set
 * no `maxAge` gets its loaders' freshness; an error is never cached long (a 4xx at most for
 * `notFoundMaxAge`, a 5xx not by the route cache). Pages without Site Content tags are left alone.
 */
export function settlePageCache(cache: PageCache | undefined, status: number): void {
  if (!cache?.enabled) return;
  const state = onDemandState();
  const freshness = state.freshnessFor(cache.tags);
  if (!freshness) return;
  const { maxAge } = cache.options;
  if (status >= 500) {
    cache.set(false);
    return;
  }
  if (status >= 400) {
    const cap = state.settings.notFoundMaxAge;
    cache.set({ maxAge: Math.min(maxAge ?? cap, cap), swr: 0 });
    return;
  }
  if (maxAge === undefined) cache.set(freshness);
}
