// robots.txt, written at build time: it names the sitemap index by absolute URL, and the site's
// origin is known only then (the siteContent() integration sets `site` from the service's domain).
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const sitemap = site ? `\nSitemap: ${new URL('sitemap-index.xml', site).href}\n` : '';
  return new Response(`User-agent: *\nAllow: /\n${sitemap}`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
