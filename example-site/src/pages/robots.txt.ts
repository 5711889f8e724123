// robots.txt, written at build time: it names the sitemap index by absolute URL, and the site's
// origin is known only then (the siteContent() integration sets `site` from the service's domain).
// @astrojs/sitemap's index lists the prerendered pages. Served with product pages on demand, the
// siteContent() integration's product sitemap index (`onDemand.sitemap.index`) lists both:
// @astrojs/sitemap's file (`onDemand.sitemap.include`) and the product pages rendered on demand.
import { STOREFRONT_PRODUCTS_ON_DEMAND } from 'astro:env/server';
import type { APIRoute } from 'astro';

const index = STOREFRONT_PRODUCTS_ON_DEMAND ? 'sitemap-products.xml' : 'sitemap-index.xml';

export const GET: APIRoute = ({ site }) => {
  const sitemap = site ? `\nSitemap: ${new URL(index, site).href}\n` : '';
  return new Response(`User-agent: *\nAllow: /\n${sitemap}`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
