/**
 * The middleware of sites with a `cache` provider (build-time/integration/on-demand-setup.ts writes
 * its module): it hands the settings to the request-time state, each request its failure settings,
 * and completes each page's route cache after it rendered.
 */
import type { MiddlewareHandler } from 'astro';
import type { UrlStyle } from '../entries/page-url.js';
import { type OnDemandSettings, onDemandOptionsSchema } from '../options/on-demand-options.js';
import { servingState } from './live-loaders/on-demand-state.js';
import { settlePageCache, withFailureSettings } from './live-loaders/page-answers.js';
import { keepStaleIfError } from './stale-if-error.js';

/** @param urlStyle the site's URL style, for live loaders where no integration hook ran (a production server). */
export function onDemandMiddleware(settings: OnDemandSettings, urlStyle?: UrlStyle): MiddlewareHandler {
  const state = servingState();
  const parsed = onDemandOptionsSchema.parse(settings);
  state.configure(parsed, urlStyle);
  return async (context, next) => {
    // A production server runs no integration hook: `site` reaches the live loaders from here.
    state.noteSite(context.site);
    withFailureSettings(context.locals, parsed);
    const response = await next();
    // An error page rendered for a failed request may have no route cache of its own.
    settlePageCache(state, (context as { cache?: typeof context.cache }).cache, response.status);
    keepStaleIfError(response, parsed.staleIfError);
    return response;
  };
}
