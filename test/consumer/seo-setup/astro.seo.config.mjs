// @ts-check
// The README's SEO set-up ("Sitemap and robots.txt", "The SEO check") in the consumer project, with
// `trailingSlash` and the output folder from the environment, so one test builds it either way.
import sitemap from '@astrojs/sitemap';
import sitecontent, { sitemapFacts } from '@sitecontent/astro';
import { defineConfig } from 'astro/config';

const trailingSlash = /** @type {'always' | 'never'} */ (process.env.CONSUMER_TRAILING_SLASH ?? 'always');

export default defineConfig({
  trailingSlash,
  outDir: process.env.CONSUMER_OUT_DIR ?? 'dist',
  integrations: [sitecontent({ seoCheck: 'fail' }), sitemap({ serialize: sitemapFacts() })],
});
