/**
 * `sitemapFacts()`: a `serialize` for `@astrojs/sitemap` giving each page its `<lastmod>`
 * (`pageChangeTimes()`) and a product page its photos (the images its JSON-LD names, raster through astro:assets,
 * else the service's), matching a URL to the entry whose `data.url`
 * is its path. Other URLs pass through.
 */
import { imageUrls } from '../../helpers/image-urls.js';
import { keptPageFacts, wantPageFacts } from '../../project/open-projects.js';
import { pathKey, photosAt } from '../../project/page-facts.js';

export interface SitemapFactsOptions {
  /** Origin of the photo URLs, as `imageUrls()` takes it. @default the entry's `imageOrigin` */
  imageOrigin?: string;
}

/** The part of `@astrojs/sitemap`'s item the serializer reads. */
export interface SitemapFactsItem {
  url: string;
  lastmod?: string | undefined;
}

/** What the serializer adds: `lastmod` (ISO 8601) and the sitemap image extension's `img`. */
export type WithSitemapFacts<T> = T & { lastmod?: string; img?: { url: string }[] };

export function sitemapFacts(
  options: SitemapFactsOptions = {},
): <T extends SitemapFactsItem>(item: T) => WithSitemapFacts<T> {
  wantPageFacts();
  const imageOptions = options.imageOrigin === undefined ? {} : { origin: options.imageOrigin };
  return (item) => {
    const facts = keptPageFacts();
    const page = new URL(item.url);
    const lastmod = facts?.changeTimes.at(page.pathname);
    const result: WithSitemapFacts<typeof item> = { ...item };
    if (lastmod) result.lastmod = lastmod.toISOString();
    const product = facts && photosAt(facts, page.pathname);
    const named = product && facts.searchImages?.get(pathKey(page.pathname));
    const photos = named ?? (product ? imageUrls(product, imageOptions).map((photo) => photo.src) : []);
    const urls = photos.filter(Boolean);
    if (urls.length > 0) result.img = urls.map((url) => ({ url: new URL(url, page).href }));
    return result;
  };
}
