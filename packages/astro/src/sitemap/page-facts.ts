/**
 * What the sitemap says of each page, from the entries this build loaded: when the page's record
 * last changed, and a product page's photos. The integration keeps them on its project at
 * `astro:build:done`, before `@astrojs/sitemap` writes (open-projects.ts, `keepPageFacts`); the
 * `sitemapFacts()` serializer reads them.
 */
import { lastChanged } from '../entries/last-changed.js';
import type { ProductImageData } from '../entries/schemas.js';
import type { LoadedEntry } from '../project/build-record.js';

/** The entries of every collection a loader of `kind` filled in this build. */
export type EntriesOfKind = (kind: 'products' | 'sections' | 'articles') => readonly LoadedEntry[];

/** The facts of one page, by its path. */
export interface PageFacts {
  /** When the page's record last changed (`lastChanged()`: `data.changedAt`, else `data.dt`). */
  lastmod: Date | undefined;
  /** A product's photos, for `imageUrls()`; empty for other pages. */
  product: { zag: string; img: ProductImageData[]; imageOrigin?: string | undefined } | undefined;
}

/** The loader kinds whose entries are pages at their `data.url`, the first holding a path winning. */
const PAGE_KINDS = ['products', 'sections', 'articles'] as const;

/** A page path as a lookup key: leading slash, no trailing slash, `/` for the root. */
export function pathKey(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function factsOf(data: Record<string, unknown>, kind: string): PageFacts {
  return {
    lastmod: lastChanged(data),
    product: kind === 'products' ? (data as PageFacts['product']) : undefined,
  };
}

/** Facts of every visible entry with a `url`, by path. */
export function pageFactsOf(entriesOf: EntriesOfKind): Map<string, PageFacts> {
  const facts = new Map<string, PageFacts>();
  for (const kind of PAGE_KINDS) {
    for (const { data } of entriesOf(kind)) {
      if (data.shw === false || typeof data.url !== 'string') continue;
      const key = pathKey(data.url);
      if (!facts.has(key)) facts.set(key, factsOf(data, kind));
    }
  }
  return facts;
}
