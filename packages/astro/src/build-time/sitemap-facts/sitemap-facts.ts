/**
 * `sitemapFacts()`: a `serialize` for `@astrojs/sitemap` giving each page its `<lastmod>`
 * (`pageChangeTimes()`) and a product page its photos, matching a URL to the entry whose `data.url`
 * is its path. Other URLs pass through.
 */
import { imageUrls } from '../../helpers/image-urls.js';
import { keptPageFacts, wantPageFacts } from '../../project/open-projects.js';
import { photosAt } from '../../project/page-facts.js';

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
    const photos = product ? imageUrls(product, imageOptions).filter((photo) => photo.src) : [];
    if (photos.length > 0) result.img = photos.map((photo) => ({ url: new URL(photo.src, page).href }));
    return result;
  };
}
