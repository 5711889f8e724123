/**
 * The sitemap entries of one section's product pages, from one `goods/Get?catid=` (the interface has
 * no paging: a section is what one request reads), URLs made as the live products loader makes them.
 */
import type { Product, Section, SiteContentClient } from '@sitecontent/client';
import type { UrlStyle } from '../../entries/page-url.js';
import { productPage } from '../../entries/product-page.js';
import { SiteContentCallbackError } from '../../errors/callback-error.js';
import { imageUrls } from '../../helpers/image-urls.js';
import type { ProductPagesSource } from './product-pages-source.js';
import { fileStarts, type SitemapFile, urlEntry, utf8Bytes } from './sitemap-xml.js';

/** Where the entries' URLs point. */
export interface EntryPlace {
  /** The site's origin: each `<loc>` is the page's canonical on it. */
  origin: string;
  urlStyle: UrlStyle;
  /** Origin of the photos (`''`: the site's own). */
  imageOrigin: string;
}

/** One section's sitemap entries (XML text), in the service's order, and when each page last changed. */
export interface SectionEntries {
  entries: string[];
  lastmods: (Date | undefined)[];
}

/** `<lastmod>`: `dt`, the service's one time for a product, also the page's `Last-Modified`. */
const productLastmod = (product: Product): Date | undefined => product.dt ?? undefined;

/** The live products loader's `prerendered` for `product`; a throw names the option and the product. */
function isPrerendered(source: ProductPagesSource, product: Product): boolean {
  if (!source.prerendered) return false;
  try {
    return source.prerendered(product) === true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteContentCallbackError('liveProducts', 'prerendered', product.id, `threw: ${message}`, {
      cause: error,
    });
  }
}

/** The entry of `product`'s page, or `undefined` (hidden, URL off the site, or prerendered). */
function sitemapEntry(source: ProductPagesSource, place: EntryPlace, product: Product, section: Section) {
  if (source.onlyVisible && !product.shw) return undefined;
  if (isPrerendered(source, product)) return undefined;
  const page = productPage('sitemap', source.productUrl, product, section, place.urlStyle);
  if (page.url === undefined) return undefined;
  const photos = imageUrls(
    { zag: product.zag, img: product.img, imageOrigin: place.imageOrigin },
    { origin: place.imageOrigin },
  );
  return urlEntry({
    loc: new URL(page.url, place.origin).href,
    lastmod: productLastmod(product),
    images: photos.map((photo) => new URL(photo.src, place.origin).href),
  });
}

/** The entries of `section`'s product pages, read with one `goods/Get`. */
export async function sectionEntries(
  client: SiteContentClient,
  source: ProductPagesSource,
  place: EntryPlace,
  section: Section,
  signal?: AbortSignal,
): Promise<SectionEntries> {
  // As a live collection does: an invalid record has no page, and the others are still listed.
  const products = await client.products.list(
    { catid: section.id },
    { onInvalidRecord: () => {}, ...(signal ? { signal } : {}) },
  );
  const result: SectionEntries = { entries: [], lastmods: [] };
  for (const product of products) {
    const entry = sitemapEntry(source, place, product, section);
    if (entry === undefined) continue;
    result.entries.push(entry);
    result.lastmods.push(productLastmod(product));
  }
  return result;
}

/** The files a section's entries fill: each file's first entry, and its newest `<lastmod>`. */
export function sectionFiles(
  found: SectionEntries,
  maxUrls: number,
): { start: number; end: number; lastmod: SitemapFile['lastmod'] }[] {
  const starts = fileStarts(found.entries.map(utf8Bytes), { maxUrls });
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? found.entries.length;
    let lastmod: Date | undefined;
    for (let j = start; j < end; j++) {
      const date = found.lastmods[j];
      if (date && (!lastmod || date > lastmod)) lastmod = date;
    }
    return { start, end, lastmod };
  });
}
