/**
 * The middleware of sites with a `cache` provider (build-time/integration/on-demand-setup.ts writes
 * its module): it hands the settings to the request-time state, each request its failure settings,
 * and completes each page's route cache after it rendered. A request with a `preview`
 * parameter (an editor's link) is answered private and uncached, whatever it shows.
 */
import type { MiddlewareHandler } from 'astro';
import type { UrlStyle } from '../entries/page-url.js';
import type { UrlHistory } from '../entries/url-history.js';
import { type OnDemandSettings, onDemandOptionsSchema } from '../options/on-demand-options.js';
import { servingState } from './live-loaders/on-demand-state.js';
import { settlePageCache, withFailureSettings } from './live-loaders/page-answers.js';
import { keepStaleIfError } from './stale-if-error.js';

/**
 * @param urlStyle the site's `trailingSlash` and `build.format`: the live loaders' page URLs follow
 * it where no integration hook ran to say it (a production server).
 * @param history the URL history of the build: the pages the site once had answer 410 when gone.
 */
export function onDemandMiddleware(
  settings: OnDemandSettings,
  urlStyle?: UrlStyle,
  history?: UrlHistory,
): MiddlewareHandler {
  const state = servingState();
  const parsed = onDemandOptionsSchema.parse(settings);
  state.configure(parsed, urlStyle, history);
  return async (context, next) => {
    // A production server runs no integration hook: `site` reaches the live loaders from here.
    state.noteSite(context.site);
    withFailureSettings(context.locals, parsed);
    const cache = (context as { cache?: typeof context.cache }).cache;
    const preview = state.previewRequested(context.url);
    // Before the page renders, so no cache provider ever sees a cacheable preview.
    if (preview && cache?.enabled) cache.set(false);
    const response = await next();
    if (preview) return privateAnswer(response);
    // An error page rendered for a failed request may have no route cache of its own.
    settlePageCache(state, cache, response.status);
    keepStaleIfError(response, parsed.staleIfError);
    return response;
  };
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
