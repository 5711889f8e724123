/**
 * What the sitemap says of each page, from this build's entries: when it last changed
 * (`pageChangeTimes()`) and a product page's photos. Kept in the open projects' slot at
 * `astro:build:done` (`keepPageFacts`), where `sitemapFacts()` reads them.
 */
import type { PageKind } from '@sitecontent/client/internal';
import type { ProductImageData } from '../entries/schemas.js';
import { listingOfPageUrl } from '../helpers/listing-pages.js';
import {
  type PageChangeTimes,
  pageChangeTimes,
  type ShopChangeEntries,
} from '../helpers/page-change-times.js';
import type { LoadedEntry } from './build-record.js';

/** The entries of every collection a loader of `kind` filled in this build. */
export type EntriesOfKind = (kind: PageKind | 'modifications') => readonly LoadedEntry[];

/** A product page's photos, for `imageUrls()`. */
export type PagePhotos = { zag: string; img: ProductImageData[]; imageOrigin?: string | undefined };

/** The facts of the build's pages. */
export interface PageFacts {
  /** When each page last changed. */
  changeTimes: PageChangeTimes;
  /** A product page's photos, by its path (`pathKey`). */
  photos: ReadonlyMap<string, PagePhotos>;
  /** The images a built product page's JSON-LD names (raster files it made), by its path; the sitemap names these over `photos`. */
  searchImages?: ReadonlyMap<string, string[]>;
}

/** A page path as a lookup key: leading slash, no trailing slash, `/` for the root. */
export function pathKey(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The facts of the pages of the build's entries. */
export function collectPageFacts(loadedEntries: EntriesOfKind): PageFacts {
  const photos = new Map<string, PagePhotos>();
  for (const { data } of loadedEntries('products')) {
    if (data.shw === false || typeof data.url !== 'string') continue;
    const key = pathKey(data.url);
    if (!photos.has(key)) photos.set(key, data as PagePhotos);
  }
  const entries = (kind: Parameters<EntriesOfKind>[0]) => loadedEntries(kind).map((entry) => entry.data);
  const changeTimes = pageChangeTimes({
    sections: entries('sections'),
    products: entries('products'),
    modifications: entries('modifications'),
    articles: entries('articles'),
  } as unknown as ShopChangeEntries);
  return { changeTimes, photos };
}

/** The photos of the product page at `path`; none for a further page of a listing. */
export function photosAt(facts: PageFacts, path: string): PagePhotos | undefined {
  return listingOfPageUrl(path) === undefined ? facts.photos.get(pathKey(path)) : undefined;
}
