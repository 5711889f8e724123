// Which variant of the bench site this build is (set by bench/lib/build-child.mjs), and the page
// cache key each variant gives Astro's incremental build.
import { type PageSeo, pageCacheKey, pageSeo } from '@sitecontent/astro';

export type BenchLoader = 'ours' | 'chunks' | 'naive';

export const BENCH_LOADER = (process.env.BENCH_LOADER ?? 'ours') as BenchLoader;

/** Reuse a page's meta from the last sync for this long (ms); 0: ask every page every build. */
export const META_MAX_AGE = Number(process.env.BENCH_META_MAX_AGE ?? 0);

/**
 * Ours: the package's helper. The hand-written variants: the entry's digest, as Astro's
 * documentation of `experimental.incrementalBuild` shows.
 */
export function cacheKeyOf(entry: { id: string; collection: string; digest?: string | number }): string {
  return BENCH_LOADER === 'ours' ? pageCacheKey(entry) : String(entry.digest);
}

/** What the page's head shows, the same fields for every variant: `pageSeo()`'s, without where each came from. */
export type PageHead = Omit<PageSeo, 'source'>;

/** An entry of any variant, as the page gets it. */
export interface BenchEntry {
  id: string;
  collection: string;
  digest?: string | number;
  // biome-ignore lint/suspicious/noExplicitAny: each variant's own entry shape; the page reads it through headOf and bodyOf
  data: any;
  rendered?: { html: string };
}

/**
 * Ours: the package's `pageSeo()`, which derives what the entry does not store (canonical,
 * `og:title`, fallbacks). The hand-written variants stored their head whole in `data.seo`.
 */
export function headOf(entry: BenchEntry, site: URL | undefined): PageHead {
  if (BENCH_LOADER !== 'ours') return entry.data.seo;
  if (site === undefined) throw new Error('the bench site sets `site`');
  return pageSeo(entry, { site });
}

/** Ours: the body stored once, sanitized, as the entry's rendered HTML; the hand-written variants: `txt`. */
export function bodyOf(entry: BenchEntry): string {
  return BENCH_LOADER === 'ours' ? (entry.rendered?.html ?? '') : entry.data.txt;
}
