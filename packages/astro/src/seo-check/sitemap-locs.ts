/**
 * The page URLs of the sitemap as `@astrojs/sitemap` writes it: `sitemap-index.xml` names its
 * sitemaps (`sitemap-0.xml`, …) by absolute URL, each lists pages in `<url><loc>`. A sitemap is
 * found in the output directory by its URL's last path segment, where the sitemap integration
 * writes every file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Parser } from 'htmlparser2';

/** The sitemap index's file name (`@astrojs/sitemap`'s default `filenameBase` + `-index.xml`). */
export const SITEMAP_INDEX = 'sitemap-index.xml';

/** Text of every `<loc>` in an XML sitemap or sitemap index, entities decoded. */
export function locsOf(xml: string): string[] {
  const locs: string[] = [];
  let loc: string[] | undefined;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'loc') loc = [];
      },
      ontext(text) {
        loc?.push(text);
      },
      onclosetag(name) {
        if (name !== 'loc' || !loc) return;
        locs.push(loc.join('').trim());
        loc = undefined;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return locs;
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
  /** Sitemaps the index names that are not in the output directory. */
  missing: string[];
}

/** The sitemaps' page URLs; `undefined` when `outDir` has no sitemap index. */
export async function readSitemapLocs(outDir: string): Promise<SitemapLocs | undefined> {
  const index = await readIfExists(path.join(outDir, SITEMAP_INDEX));
  if (index === undefined) return undefined;
  const result: SitemapLocs = { pages: new Set(), missing: [] };
  for (const sitemapUrl of locsOf(index)) {
    const name = path.posix.basename(new URL(sitemapUrl).pathname);
    const xml = await readIfExists(path.join(outDir, name));
    if (xml === undefined) result.missing.push(name);
    for (const loc of xml === undefined ? [] : locsOf(xml)) result.pages.add(loc);
  }
  return result;
}
