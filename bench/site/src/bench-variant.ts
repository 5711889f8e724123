// Which variant of the bench site this build is (set by bench/lib/build-child.mjs), and the page
// cache key each variant gives Astro's incremental build.
import { type PageSeo, pageCacheKey, pageSeo } from '@sitecontent/astro';

export type BenchLoader = 'ours' | 'chunks' | 'naive';

export const BENCH_LOADER = (process.env.BENCH_LOADER ?? 'ours') as BenchLoader;

/** Which product page: the bench's own (unset), or `readme`, the page packages/astro/README.md writes. */
export const BENCH_PAGE = process.env.BENCH_PAGE === 'readme' ? 'readme' : 'bench';

/** Ours: options over the bench's own (JSON), to see what a setting costs (`{"sanitize":false}`). */
export const OURS_OPTIONS = JSON.parse(process.env.BENCH_OURS_OPTIONS || '{}') as Record<string, unknown>;

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

/**
 * BENCH_HEAP_PROBE=1 (a diagnosis, never in a measured run): at the start of the page phase, a full
 * GC, then the live heap logged (`[heap probe] …`); with BENCH_HEAP_SNAPSHOT_DIR, a heap snapshot
 * there too, to see what is kept into the page phase.
 */
export async function heapProbe(): Promise<void> {
  if (process.env.BENCH_HEAP_PROBE !== '1') return;
  const v8 = await import('node:v8');
  const vm = await import('node:vm');
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  const m = process.memoryUsage();
  const mib = (n: number) => (n / 2 ** 20).toFixed(1);
  console.log(
    `[heap probe] heapUsed ${mib(m.heapUsed)} MiB, heapTotal ${mib(m.heapTotal)} MiB, external ${mib(m.external)} MiB, arrayBuffers ${mib(m.arrayBuffers)} MiB, rss ${mib(m.rss)} MiB`,
  );
  const dir = process.env.BENCH_HEAP_SNAPSHOT_DIR;
  if (dir)
    console.log(
      `[heap probe] snapshot ${v8.writeHeapSnapshot(`${dir}/${process.env.README_SITE_LOADER ?? BENCH_LOADER}-${process.pid}.heapsnapshot`)}`,
    );
}
