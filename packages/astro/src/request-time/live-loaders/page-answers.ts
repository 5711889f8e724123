/** What an on-demand page answers for `{ error }`. */

import type { APIContext } from 'astro';
import { isSiteContentAstroError } from '../../errors/guards.js';
import { servingState } from './on-demand-state.js';
import { requestFailure } from './request-failure.js';

type PageCache = APIContext['cache'];

/**
 * The response of an on-demand page whose live entry or collection gave `error`
 * (request-failure.ts): 404 for an entry the service does not have (no body: Astro renders the 404
 * page), 410 for one it no longer has that the site's URL history knows; 500 when the site is set up wrong or a record cannot be shown (retrying will not help);
 * 503 with `Retry-After` for an outage. The route cache keeps none; a CDN may keep the 404 and 503
 * for the server's failure ages (`onDemand.notFoundMaxAge`, `errorMaxAge`). Bodies are fixed sentences.
 */
export function liveErrorResponse(context: { cache: PageCache }, error: Error | undefined): Response {
  // Read per call: a page's module may come from another copy of this package than the middleware's,
  // and the state sits in the one process-wide slot both see.
  const { notFoundMaxAge, errorMaxAge } = servingState().settings;
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
