// The bench site's Astro config (bench/report.md, "The bench site"). One site, built several ways:
// the child that runs a build (bench/lib/build-child.mjs) sets these variables before Astro loads
// this file, so every variant renders the same pages from the same route.
//   BENCH_LOADER      ours | chunks | naive: which products loader src/content.config.ts uses
//   BENCH_CACHE_DIR   Astro's cacheDir (data store, incremental-build cache): one per variant
//   BENCH_OUT_DIR     outDir: one per variant
//   BENCH_INCREMENTAL 1: experimental.incrementalBuild (pages carry cache keys either way)
//   BENCH_STORAGE     chunked: experimental.collectionStorage 'chunked'
//   BENCH_PAGE        readme: the product page as packages/astro/README.md writes it (src/bench-variant.ts)
import { siteContent } from '@sitecontent/astro';
import { defineConfig } from 'astro/config';

const env = process.env;
const ours = (env.BENCH_LOADER ?? 'ours') === 'ours';

export default defineConfig({
  // Set, as a shop with its own domain would: canonical URLs use it, and no variant asks for it.
  site: 'https://shop.example',
  ...(env.BENCH_CACHE_DIR ? { cacheDir: env.BENCH_CACHE_DIR } : {}),
  ...(env.BENCH_OUT_DIR ? { outDir: env.BENCH_OUT_DIR } : {}),
  // The integration with its defaults, as `astro add` writes it; the hand-written variants need none.
  integrations: ours ? [siteContent()] : [],
  devToolbar: { enabled: false },
  experimental: {
    incrementalBuild: env.BENCH_INCREMENTAL === '1',
    ...(env.BENCH_STORAGE === 'chunked' ? { collectionStorage: 'chunked' } : {}),
  },
});
