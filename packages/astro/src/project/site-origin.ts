/**
 * A site's origin, one module for both questions: which origin canonical URLs take, one rule at
 * build and request time (`canonicalOrigin`), and a given site's origin parsed once per site rather
 * than once per page (`siteOrigin`: a build renders every page with the same `Astro.site`, so
 * `pageSeo()` and `<SeoHead>` look its origin up instead of parsing it again 10,000 times).
 */
import type { SiteContentClient } from '@sitecontent/client';

/**
 * The origin of canonical URLs: the first `site` given (a loader's, Astro's, the request's), else the
 * client's (`siteOrigin`, else `site/DomainDefault`).
 */
export function canonicalOrigin(
  given: readonly (string | undefined)[],
  client: SiteContentClient,
  options?: { refresh?: boolean },
): Promise<string> {
  const site = given.find((s) => s !== undefined && s !== '');
  return site === undefined ? client.site.origin(options) : Promise.resolve(new URL(site).origin);
}

const ofUrl = new WeakMap<URL, string>();
/** Sites given as text (`pageSeo(entry, { site: 'https://…' })`): a few per process at most. */
const ofText = new Map<string, string>();
const MAX_TEXT_SITES = 16;

/** `new URL(site).origin`, remembered for the site. */
export function siteOrigin(site: string | URL): string {
  if (typeof site !== 'string') {
    // A URL can be changed in place (`site.host = …`): its href is the key's check.
    const known = ofUrl.get(site);
    if (known !== undefined && site.href.startsWith(`${known}/`)) return known;
    const origin = site.origin;
    ofUrl.set(site, origin);
    return origin;
  }
  let origin = ofText.get(site);
  if (origin === undefined) {
    origin = new URL(site).origin;
    if (ofText.size >= MAX_TEXT_SITES) ofText.clear();
    ofText.set(site, origin);
  }
  return origin;
}
