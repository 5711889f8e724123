/**
 * The site's origin for canonical URLs, decided one way at build time and at request time: the
 * first `site` given (a loader's own option, Astro's `site`, the one a request was served under),
 * else the client's answer (its `siteOrigin` option, else `https://` + `site/DomainDefault`).
 */
import type { SiteContentClient } from '@sitecontent/client';

export function siteOriginOf(
  given: readonly (string | undefined)[],
  client: SiteContentClient,
  options?: { refresh?: boolean },
): Promise<string> {
  const site = given.find((s) => s !== undefined && s !== '');
  return site === undefined ? client.site.origin(options) : Promise.resolve(new URL(site).origin);
}
