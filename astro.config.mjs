// The example storefront's Astro config. It lives at the repository root (so `astro build` from the
// root works) and points every directory at example-site/ with absolute paths: Astro resolves
// srcDir/publicDir/outDir against the working directory, not against `root`.
import { fileURLToPath } from 'node:url';
import sitemap from '@astrojs/sitemap';
import { siteContent, sitemapFacts } from '@sitecontent/astro';
import { defineConfig, envField } from 'astro/config';

const site = (dir) => fileURLToPath(new URL(`./example-site/${dir}`, import.meta.url));

export default defineConfig({
  root: site(''),
  srcDir: site('src'),
  publicDir: site('public'),
  outDir: site('dist'),
  cacheDir: fileURLToPath(new URL('./node_modules/.astro/', import.meta.url)),
  // `site` is left unset on purpose: the siteContent integration fills it from site/DomainDefault,
  // so canonical URLs and the sitemap use the shop's real domain. Set it here to override.
  // seoCheck: after the build, every indexable page's canonical must be in the sitemap and name a
  // page of the build, and product JSON-LD must pass Google's rules; a failure fails the build.
  // sitemapFacts(): each page's <lastmod> and a product page's photos, from the collections. Demo
  // builds serve the photos themselves (see `env` below), so their URLs are on the site's origin.
  integrations: [
    siteContent({ seoCheck: 'fail' }),
    sitemap({
      serialize: sitemapFacts(process.env.STOREFRONT_LOCAL_IMAGES === 'true' ? { imageOrigin: '' } : {}),
    }),
  ],
  env: {
    schema: {
      // Set by example-site/scripts/storefront.mjs when the demo images are copied into public/ (emulator runs):
      // images are then linked root-relative instead of on the service's domain.
      STOREFRONT_LOCAL_IMAGES: envField.boolean({ context: 'server', access: 'public', default: false }),
    },
  },
  devToolbar: { enabled: false },
  // Pages carry cache keys (example-site/src/lib/pages.ts): a rebuild renders only what changed.
  experimental: { incrementalBuild: true },
});
