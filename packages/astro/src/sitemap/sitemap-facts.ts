/**
 * `sitemapFacts()`: a `serialize` function for `@astrojs/sitemap` that gives each page of an entry
 * its `<lastmod>` and a product page its photos (`<image:image>`). A sitemap URL is matched to the
 * entry whose `data.url` is the URL's path (trailing slashes ignored); the site root gets the newest
 * `lastmod` of all entries, as it lists what changed. Other URLs pass through unchanged.
 */
import { imageUrls } from '../helpers/image-urls.js';
import { keptPageFacts, wantPageFacts } from '../project/open-projects.js';
import { type PageFacts, pathKey } from './page-facts.js';

export interface SitemapFactsOptions {
  /**
   * Origin of the photo URLs, as `imageUrls()` takes it; `''` for photos the site serves itself,
   * made absolute on the page's origin. @default the absolute URLs the loader stored (site domain)
   */
  imageOrigin?: string;
}

/** The part of `@astrojs/sitemap`'s item the serializer reads. */
export interface SitemapFactsItem {
  url: string;
  lastmod?: string | undefined;
}

/** What the serializer adds: `lastmod` (ISO 8601) and the sitemap image extension's `img`. */
export type WithSitemapFacts<T> = T & { lastmod?: string; img?: { url: string }[] };

function newest(facts: ReadonlyMap<string, PageFacts>): Date | undefined {
  let latest: Date | undefined;
  for (const { lastmod } of facts.values()) if (lastmod && (!latest || lastmod > latest)) latest = lastmod;
  return latest;
}

export function sitemapFacts(
  options: SitemapFactsOptions = {},
): <T extends SitemapFactsItem>(item: T) => WithSitemapFacts<T> {
  wantPageFacts();
  const imageOptions = options.imageOrigin === undefined ? {} : { origin: options.imageOrigin };
  return (item) => {
    const facts = keptPageFacts();
    const page = new URL(item.url);
    const key = pathKey(page.pathname);
    // A further page of a section's listing (listingPageUrl) is dated like the listing.
    const fact = facts.get(key) ?? facts.get(key.replace(/\/page\/[1-9]\d*$/, ''));
    const lastmod = fact?.lastmod ?? (key === '/' ? newest(facts) : undefined);
    const result: WithSitemapFacts<typeof item> = { ...item };
    if (lastmod) result.lastmod = lastmod.toISOString();
    const photos = fact?.product ? imageUrls(fact.product, imageOptions).filter((photo) => photo.src) : [];
    if (photos.length > 0) result.img = photos.map((photo) => ({ url: new URL(photo.src, page).href }));
    return result;
  };
}
