/** Sitemap text (protocol 0.9, Google's image extension), every value escaped; plain strings, for any runtime. */
import { xmlText } from '../../helpers/xml-text.js';

export { xmlText };

/** The protocol's limits of one sitemap file. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;

/** One page of a sitemap. */
export interface SitemapUrl {
  /** The page's absolute URL: its canonical. */
  loc: string;
  lastmod?: Date | undefined;
  /** Absolute URLs of the page's photos. */
  images?: readonly string[] | undefined;
}

/** One file of a sitemap index. */
export interface SitemapFile {
  loc: string;
  /** The newest `lastmod` of the file's URLs. */
  lastmod?: Date | undefined;
}

const lastmodTag = (date: Date | undefined) =>
  date && !Number.isNaN(date.getTime()) ? `<lastmod>${date.toISOString()}</lastmod>` : '';

/** One `<url>` element, on a line of its own. */
export function urlEntry(url: SitemapUrl): string {
  const images = (url.images ?? [])
    .map((src) => `<image:image><image:loc>${xmlText(src)}</image:loc></image:image>`)
    .join('');
  return `<url><loc>${xmlText(url.loc)}</loc>${lastmodTag(url.lastmod)}${images}</url>\n`;
}

/** What a sitemap file's entries sit between. */
export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n';
export const URLSET_CLOSE = '</urlset>\n';

/** What a sitemap index's entries sit between. */
export const INDEX_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const INDEX_CLOSE = '</sitemapindex>\n';

/** One `<sitemap>` element of an index, on a line of its own. */
export function indexEntry(file: SitemapFile): string {
  return `<sitemap><loc>${xmlText(file.loc)}</loc>${lastmodTag(file.lastmod)}</sitemap>\n`;
}

/** A sitemap index listing `files`. */
export function sitemapIndex(files: readonly SitemapFile[]): string {
  return `${INDEX_OPEN}${files.map(indexEntry).join('')}${INDEX_CLOSE}`;
}

/** The UTF-8 size of `text`, counted without encoding it. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte character: 2 + 2.
    else if (code >= 0xd800 && code <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

/**
 * The index of each file's first entry, given the entries' sizes: a file holds at most `maxUrls`
 * entries and `maxBytes` bytes with its envelope; a larger single entry gets a file alone.
 */
export function fileStarts(
  sizes: readonly number[],
  limits: { maxUrls: number; maxBytes?: number } = { maxUrls: SITEMAP_LIMITS.urls },
): number[] {
  const room = (limits.maxBytes ?? SITEMAP_LIMITS.bytes) - utf8Bytes(URLSET_OPEN + URLSET_CLOSE);
  const starts: number[] = [];
  let count = 0;
  let bytes = 0;
  sizes.forEach((size, i) => {
    if (i === 0 || count >= limits.maxUrls || bytes + size > room) {
      starts.push(i);
      count = 0;
      bytes = 0;
    }
    count++;
    bytes += size;
  });
  return starts;
}
