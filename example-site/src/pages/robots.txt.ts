// robots.txt, written at build time: it names the sitemap indexes by absolute URL, and the site's
// origin is known only then (the siteContent() integration sets `site` from the service's domain).
// @astrojs/sitemap's index lists the prerendered pages; served with product pages on demand, the
// siteContent() integration's product sitemap index (its `onDemand.sitemap.index`) lists those.
import { STOREFRONT_PRODUCTS_ON_DEMAND } from 'astro:env/server';
import type { APIRoute } from 'astro';

const indexes = ['sitemap-index.xml', ...(STOREFRONT_PRODUCTS_ON_DEMAND ? ['sitemap-products.xml'] : [])];

export const GET: APIRoute = ({ site }) => {
  const sitemap = site
    ? `\n${indexes.map((index) => `Sitemap: ${new URL(index, site).href}\n`).join('')}`
    : '';
  return new Response(`User-agent: *\nAllow: /\n${sitemap}`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
