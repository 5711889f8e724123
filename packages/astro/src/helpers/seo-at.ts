/**
 * SEO fields for a page showing an entry at another route than its `url`: the entry's canonical would
 * name a page that does not exist there, so the page's own URL takes its place.
 */

/** What a page's built file name adds to its URL in the `file` and `preserve` build formats. */
const FILE_SUFFIX = /(?:\/index)?\.html$/;

/**
 * `seo` with `canonical` the page's own path on the entry canonical's origin (never another host),
 * its trailing slash as the entry's; `og:url` should use it too.
 */
export function seoAt<T extends { canonical: string }>(seo: T, page: URL | string): T {
  const entry = new URL(seo.canonical);
  const path = new URL(page, entry.origin).pathname.replace(FILE_SUFFIX, '');
  const bare = path.replace(/\/+$/, '');
  if (bare === '') return { ...seo, canonical: `${entry.origin}/` };
  // The root's canonical is `/` in every style: only a deeper one tells how URLs end.
  const slash = entry.pathname === '/' ? path.endsWith('/') : entry.pathname.endsWith('/');
  return { ...seo, canonical: `${entry.origin}${bare}${slash ? '/' : ''}` };
}
