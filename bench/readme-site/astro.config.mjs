// The site packages/astro/README.md shows a user (its astro.config.mjs, content config and product
// page), for peak RSS measured from outside (bench/readme-rss.mjs). README_SITE_LOADER=chunks: the
// same site written by hand (no integration, the hand-written chunks-of-32 loader of bench/site).
import { siteContent } from '@sitecontent/astro';
import { defineConfig } from 'astro/config';

const ours = (process.env.README_SITE_LOADER ?? 'ours') === 'ours';

export default defineConfig({
  site: 'https://shop.example',
  ...(process.env.README_SITE_CACHE_DIR ? { cacheDir: process.env.README_SITE_CACHE_DIR } : {}),
  ...(process.env.README_SITE_OUT_DIR ? { outDir: process.env.README_SITE_OUT_DIR } : {}),
  integrations: ours ? [siteContent()] : [],
});
