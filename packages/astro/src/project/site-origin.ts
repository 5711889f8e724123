/**
 * The site's origin for canonical URLs, one rule at build and request time: the first `site` given
 * (a loader's, Astro's, the request's), else the client's (`siteOrigin`, else `site/DomainDefault`).
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
