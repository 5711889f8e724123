/** What an on-demand page answers for `{ error }`, and how long a page of live entries may be cached. */

import type { APIContext } from 'astro';
import { isSiteContentAstroError } from '../../errors/guards.js';
import { type OnDemandSettings, onDemandDefaults } from '../../options/on-demand-options.js';
import type { OnDemandState } from './on-demand-state.js';
import { requestFailure } from './request-failure.js';

type PageCache = APIContext['cache'];
type FailureSettings = Pick<OnDemandSettings, 'notFoundMaxAge' | 'errorMaxAge'>;

// A symbol, so the key cannot meet one of the site's own `locals`; `Symbol.for`, so two copies of
// this package in one server agree on it.
const FAILURE_SETTINGS = Symbol.for('@sitecontent/astro/failure-settings');

/** Hands a request the settings its failure answers follow (the on-demand middleware does, per request). */
export function withFailureSettings(locals: object, settings: FailureSettings): void {
  (locals as { [FAILURE_SETTINGS]?: FailureSettings })[FAILURE_SETTINGS] = settings;
}

const failureSettingsOf = (locals: object | undefined): FailureSettings =>
  (locals as { [FAILURE_SETTINGS]?: FailureSettings } | undefined)?.[FAILURE_SETTINGS] ?? onDemandDefaults;

/**
 * The response of an on-demand page whose live entry or collection gave `error`
 * (request-failure.ts): 404 for an entry the service does not have (no body: Astro renders the 404
 * page), 410 for one it no longer has that the site's URL history knows; 500 when the site is set up wrong or a record cannot be shown (retrying will not help);
 * 503 with `Retry-After` for an outage. The route cache keeps none; a CDN may keep the 404 and 503
 * for the failure ages the middleware put in `context.locals`. Bodies are fixed sentences.
 */
export function liveErrorResponse(
  context: { cache: PageCache; locals?: object },
  error: Error | undefined,
): Response {
  const { notFoundMaxAge, errorMaxAge } = failureSettingsOf(context.locals);
  context.cache.set(false);
  const failure = requestFailure(error);
  if (failure.kind === 'gone') {
    // Astro renders the 404 page for a bodiless 404 only: a 410 says it in a sentence of its own.
    return new Response('This page has been removed.', {
      status: 410,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': `public, max-age=${notFoundMaxAge}`,
      },
    });
  }
  if (failure.kind === 'not-found') {
    return new Response(null, {
      status: 404,
      headers: { 'cache-control': `public, max-age=${notFoundMaxAge}` },
    });
  }
  if (failure.kind !== 'outage') {
    return new Response('This page cannot be shown because of a problem with the site. It has been logged.', {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const resting = isSiteContentAstroError(failure.cause, 'unavailable')
    ? Math.ceil((failure.cause.retryAt - Date.now()) / 1000)
    : 0;
  return new Response('The catalog is unavailable for a moment. Please try again.', {
    status: 503,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': `public, max-age=${errorMaxAge}`,
      'retry-after': String(Math.max(1, errorMaxAge, resting)),
    },
  });
}

/**
 * Completes a rendered page's route cache: no `maxAge` set → its loaders' freshness; a 4xx at most
 * `notFoundMaxAge`, a 5xx not cached. Pages without Site Content tags are left alone.
 */
export function settlePageCache(state: OnDemandState, cache: PageCache | undefined, status: number): void {
  if (!cache?.enabled) return;
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
