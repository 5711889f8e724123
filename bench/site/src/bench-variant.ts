// Which variant of the bench site this build is (set by bench/lib/build-child.mjs), and the page
// cache key each variant gives Astro's incremental build.
import { pageCacheKey } from '@sitecontent/astro';

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
