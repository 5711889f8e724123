/** The page URLs of the sitemap `@astrojs/sitemap` wrote, its files found in the output by their URLs' last segment. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The sitemap index's file name (`@astrojs/sitemap`'s default `filenameBase` + `-index.xml`). */
export const SITEMAP_INDEX = 'sitemap-index.xml';

const LOC = /<loc>([^<]*)<\/loc>/g;
const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntity(_: string, name: string): string {
  if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? '';
  const hex = name[1] === 'x' || name[1] === 'X';
  return String.fromCodePoint(Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
}

/** Every `<loc>`, entities decoded: a scan, since the writer emits plain `<loc>` text, much faster than a parser. */
export function parseLocs(xml: string): string[] {
  return Array.from(xml.matchAll(LOC), (m) => (m[1] ?? '').trim().replace(ENTITY, decodeEntity));
}

const URL_ENTRY = /<url>([\s\S]*?)<\/url>/g;
const URL_LOC = /<loc>([^<]*)<\/loc>/;
const URL_LASTMOD = /<lastmod>([^<]*)<\/lastmod>/;

/** Each `<url>`'s `<lastmod>` by its `<loc>` (entities decoded), for the URLs that have one. */
export function parseLastmods(xml: string): Map<string, string> {
  const lastmods = new Map<string, string>();
  for (const [, entry = ''] of xml.matchAll(URL_ENTRY)) {
    const loc = URL_LOC.exec(entry)?.[1];
    const lastmod = URL_LASTMOD.exec(entry)?.[1];
    if (loc !== undefined && lastmod !== undefined) {
      lastmods.set(loc.trim().replace(ENTITY, decodeEntity), lastmod.trim());
    }
  }
  return lastmods;
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export interface SitemapLocs {
  /** Every page URL the sitemaps list. */
  pages: Set<string>;
  /** The `<lastmod>` of the page URLs that have one. */
  lastmods: Map<string, string>;
  /** Sitemaps the index names that are not in the output directory. */
  missing: string[];
}

/** The sitemaps' page URLs; `undefined` when `outDir` has no sitemap index. */
export async function readSitemapLocs(outDir: string): Promise<SitemapLocs | undefined> {
  const index = await readIfExists(path.join(outDir, SITEMAP_INDEX));
  if (index === undefined) return undefined;
  const result: SitemapLocs = { pages: new Set(), lastmods: new Map(), missing: [] };
  for (const sitemapUrl of parseLocs(index)) {
    const name = path.posix.basename(new URL(sitemapUrl).pathname);
    const xml = await readIfExists(path.join(outDir, name));
    if (xml === undefined) result.missing.push(name);
    for (const loc of xml === undefined ? [] : parseLocs(xml)) result.pages.add(loc);
    for (const [loc, lastmod] of xml === undefined ? [] : parseLastmods(xml))
      result.lastmods.set(loc, lastmod);
  }
  return result;
}
