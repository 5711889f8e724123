// The example storefront's Astro config. It lives at the repository root (so `astro build` from the
// root works) and points every directory at example-site/ with absolute paths: Astro resolves
// srcDir/publicDir/outDir against the working directory, not against `root`.
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import sitemap from '@astrojs/sitemap';
import { siteContent, sitemapFacts } from '@sitecontent/astro';
import { defineConfig, envField, memoryCache } from 'astro/config';
import { SEARCH } from './example-site/src/lib/search.ts';

const site = (dir) => fileURLToPath(new URL(`./example-site/${dir}`, import.meta.url));

// `storefront.mjs serve` sets this: the home, section and article pages are prerendered, product
// pages rendered on demand by the Node adapter behind Astro's route cache (with the siteContent
// integration's default freshness and purge endpoint).
const productsOnDemand = process.env.STOREFRONT_PRODUCTS_ON_DEMAND === 'true';
// Demo builds serve the photos themselves (set by storefront.mjs): their URLs are on the site's origin.
const localImages = process.env.STOREFRONT_LOCAL_IMAGES === 'true';

/** The on-demand product route: every path the prerendered pages leave free. */
const productPages = {
  name: 'storefront-product-pages',
  hooks: {
    'astro:config:setup': ({ injectRoute }) => {
      injectRoute({
        pattern: '/[...product]',
        entrypoint: site('src/on-demand/ProductPage.astro'),
        prerender: false,
      });
    },
  },
};

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
  // The check reads the pages a static build writes: the on-demand storefront's product pages are none.
  integrations: [
    siteContent(
      productsOnDemand
        ? // One sitemap index over the prerendered pages (@astrojs/sitemap's file, listed first; the
          // build fails if it wrote another) and the product pages on demand. The product sitemaps
          // link the photos as the pages show them (see `env` below).
          {
            onDemand: {
              sitemap: { include: ['/sitemap-0.xml'], ...(localImages ? { imageOrigin: '' } : {}) },
            },
          }
        : // search: a Pagefind index of the product pages and articles, written into dist/pagefind/
          // from the entries (lib/search.ts); the search page and the listings' filters read it.
          { seoCheck: 'fail', search: SEARCH },
    ),
    sitemap({
      serialize: sitemapFacts(localImages ? { imageOrigin: '' } : {}),
    }),
    ...(productsOnDemand ? [productPages] : []),
  ],
  ...(productsOnDemand
    ? {
        adapter: node({ mode: 'standalone' }),
        cache: { provider: memoryCache() },
        // Its own build cache and output, so a served storefront and a static build do not meet.
        cacheDir: fileURLToPath(new URL('./node_modules/.astro-on-demand/', import.meta.url)),
        outDir: site('dist-on-demand'),
      }
    : {}),
  env: {
    schema: {
      // Set by example-site/scripts/storefront.mjs when the demo images are copied into public/ (emulator runs):
      // images are then linked root-relative instead of on the service's domain.
      STOREFRONT_LOCAL_IMAGES: envField.boolean({ context: 'server', access: 'public', default: false }),
      // Set by example-site/scripts/storefront.mjs serve: product pages are rendered on demand.
      STOREFRONT_PRODUCTS_ON_DEMAND: envField.boolean({
        context: 'server',
        access: 'public',
        default: false,
      }),
    },
  },
  // Demo builds make WebP and JPEG variants of the demo catalog's photos (example-site/src/lib/photos.ts),
  // which the runner serves on 127.0.0.1 (on a port of its choosing: left out here, so the config,
  // and with it Astro's incremental build cache, stays the same from build to build). Their service
  // names the variants without that port (src/lib/photo-image-service.ts), so two builds write the
  // same files; its path is relative to the root because Astro hashes it into every name too. They
  // are the project's own SVG files: rasterising these is safe, and social networks show no SVG.
  ...(process.env.STOREFRONT_LOCAL_IMAGES === 'true'
    ? {
        image: {
          service: { entrypoint: './src/lib/photo-image-service.ts' },
          remotePatterns: [{ protocol: 'http', hostname: '127.0.0.1' }],
          dangerouslyProcessSVG: true,
        },
      }
    : {}),
  // Pages carry cache keys (example-site/src/lib/pages.ts): a rebuild renders only what changed.
  // STOREFRONT_INCREMENTAL_BUILD=false builds every page (the kept-cache test covers both).
  experimental: { incrementalBuild: process.env.STOREFRONT_INCREMENTAL_BUILD !== 'false' },
});
