/**
 * SEO fields for a page that shows an entry at another route than the entry's `url` (say
 * `src/pages/products/[id].astro` while `productUrl` gives `/catalog/phones/1`): the entry's
 * canonical URL would name a page that does not exist there, so the page's own URL takes its place.
 */

/** What a page's built file name adds to its URL in the `file` and `preserve` build formats. */
const FILE_SUFFIX = /(?:\/index)?\.html$/;

/**
 * `seo` with `canonical` set to the page's own URL (`Astro.url`): its path only, on the origin of
 * the entry's canonical URL (never another host), ending with `/` exactly as the entry's canonical
 * does (the project's `trailingSlash` and `build.format`). `og:url` should use the result too.
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
