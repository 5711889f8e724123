/**
 * The middleware of sites with a `cache` provider (build-time/integration/on-demand-setup.ts writes
 * its module): it hands the server's settings to the request-time state and completes each page's
 * route cache after it rendered. A request with a `preview`
 * parameter (an editor's link) is answered private and uncached, whatever it shows.
 */
import type { MiddlewareHandler } from 'astro';
import { asRoute, historyRedirects, type UrlHistory } from '../entries/url-history.js';
import type { ServingSettings } from '../options/serving-settings.js';
import { servingState } from './live-loaders/on-demand-state.js';
import { previewRequested } from './live-loaders/preview-access.js';
import { keepStaleIfError } from './stale-if-error.js';

/**
 * @param settings the server's settings, parsed once by the module the integration wrote.
 * @param history the URL history of the build: the pages the site once had answer 410 when gone, and
 * an old URL that no page answers any more (a 404) a 301 to its page's URL, so a URL that is a page
 * again (an editor's undo) is never redirected.
 */
export function onDemandMiddleware(settings: ServingSettings, history?: UrlHistory): MiddlewareHandler {
  const state = servingState();
  state.serve(settings, history);
  const { freshness, place } = state;
  const moved = movedRoutes(history);
  return async (context, next) => {
    // A production server runs no integration hook: `site` reaches the live loaders from here.
    place.noteSite(context.site);
    const cache = (context as { cache?: typeof context.cache }).cache;
    const preview = previewRequested(context.url);
    // Before the page renders, so no cache provider ever sees a cacheable preview.
    if (preview && cache?.enabled) cache.set(false);
    const response = await next();
    if (preview) return privateAnswer(response);
    // An error page rendered for a failed request may have no route cache of its own. A 301 for
    // an old URL is kept no longer than a 404: it lasts only while no page answers there.
    freshness.completePageCache(cache, response.status);
    const movedTo = response.status === 404 ? moved.get(asRoute(context.url.pathname)) : undefined;
    if (movedTo !== undefined) return movedAnswer(response, `${movedTo}${context.url.search}`);
    keepStaleIfError(response, settings.onDemand.staleIfError);
    return response;
  };
}

/** The history's redirects by route: an old URL is asked with or without its trailing slash. */
function movedRoutes(history: UrlHistory | undefined): Map<string, string> {
  const moved = new Map<string, string>();
  if (history) for (const [from, to] of historyRedirects(history)) moved.set(asRoute(from), to);
  return moved;
}

/** A 301 to `location` with the cache headers the 404 got, in one hop. */
function movedAnswer(notFound: Response, location: string): Response {
  const headers = new Headers();
  for (const [name, value] of notFound.headers) {
    if (/^(cache-control|cdn-cache-control|cache-tag|surrogate-key|surrogate-control|vary)$/i.test(name))
      headers.set(name, value);
  }
  headers.set('location', location);
  return new Response(null, { status: 301, headers });
}

/** An editor's answer: for this browser only, stored nowhere, never indexed. */
function privateAnswer(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const name of ['cdn-cache-control', 'cache-tag', 'surrogate-key', 'surrogate-control'])
    headers.delete(name);
  headers.set('cache-control', 'private, no-store');
  headers.set('x-robots-tag', 'noindex');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
