// The SEO check of a static site's product feed (dist/product-feed.xml), on a dist/ written here:
// the feed must state the offers the pages' JSON-LD states, at their prices, availability and URLs,
// with raster images of the build.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDist } from '../src/build-time/seo-check/check-dist.js';

const SITE = 'https://shop.example';
const IN_STOCK = 'https://schema.org/InStock';

const productPage = (url: string, offers: { url: string; price: number; availability?: string }[]) =>
  `<!doctype html><html><head><title>t</title><link rel="canonical" href="${SITE}${url}">` +
  `<meta property="og:image" content="${SITE}/lamp.jpg"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">` +
  `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Lamp',
    image: `${SITE}/lamp.jpg`,
    offers: offers.map((o) => ({
      '@type': 'Offer',
      url: `${SITE}${o.url}`,
      price: o.price,
      priceCurrency: 'USD',
      availability: o.availability ?? IN_STOCK,
    })),
  })}</script></head><body></body></html>`;

const item = (id: string, link: string, price: string, extra = '', image = `${SITE}/lamp.jpg`) =>
  `<item><g:id>${id}</g:id><g:title>t</g:title><g:link>${SITE}${link}</g:link><g:image_link>${image}</g:image_link>` +
  `<g:availability>in_stock</g:availability><g:price>${price}</g:price>${extra}<g:condition>new</g:condition></item>`;

const feed = (...items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>s</title>${items.join('\n')}</channel></rss>`;

const sitemap = (...urls: string[]) => ({
  'sitemap-index.xml': `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${SITE}/sitemap-0.xml</loc></sitemap></sitemapindex>`,
  'sitemap-0.xml': `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${SITE}${u}</loc></url>`).join('')}</urlset>`,
});

const PAGES = {
  ...sitemap('/lamp/', '/tee/'),
  'lamp.jpg': 'jpeg',
  'lamp/index.html': productPage('/lamp/', [{ url: '/lamp/', price: 10 }]),
  'tee/index.html': productPage('/tee/', [
    { url: '/tee/?variant=1', price: 20 },
    { url: '/tee/?variant=2', price: 25 },
    { url: '/tee/?variant=3', price: 30, availability: 'https://schema.org/OutOfStock' },
  ]),
};

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function check(files: Record<string, string>) {
  const outDir = await mkdtemp(path.join(tmpdir(), 'seo-check-feed-'));
  dirs.push(outDir);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await writeFile(path.join(outDir, file), text);
  }
  const report = await checkDist({
    outDir,
    site: SITE,
    format: 'directory',
    trailingSlash: 'always',
    base: '/',
  });
  const of = (severity: string) =>
    report.problems
      .filter((p) => p.page === 'product-feed.xml' && p.severity === severity)
      .map((p) => p.reason);
  return { errors: of('error'), warnings: of('warning'), all: report.problems };
}

describe('seo check of the product feed', () => {
  it('passes a feed with an item per offer at its price (a sale price counts), availability and URL', async () => {
    const { all } = await check({
      ...PAGES,
      'product-feed.xml': feed(
        item('1', '/lamp/', '12.00 USD', '<g:sale_price>10.00 USD</g:sale_price>'),
        item('2-1', '/tee/?variant=1', '20.00 USD'),
        item('2-2', '/tee/?variant=2', '25.00 USD'),
        item('2-3', '/tee/?variant=3', '30.00 USD').replace('in_stock', 'out_of_stock'),
      ),
    });
    expect(all).toEqual([]);
  });

  it('names each item whose price, availability, link or image differs from the pages, and each offer without an item', async () => {
    const { errors } = await check({
      ...PAGES,
      'product-feed.xml': feed(
        item('1', '/lamp/', '11.00 USD'),
        item('2-1', '/tee/?variant=1', '20.00 EUR'),
        item('2-2', '/tee/?variant=2', '25.00 USD', '', `${SITE}/img/tee.svg`),
        item('2-3', '/tee/?variant=3', '30.00 USD'),
        item('2-4', '/tee/?variant=4', '30.00 USD'),
        item('3', '/desk/', '5.00 USD', '', `${SITE}/desk.jpg`),
        item('1', '/lamp/?utm_source=feed', '10.00 USD'),
      ),
    });
    expect(errors).toEqual([
      `item 1: link ${SITE}/lamp/: price 11.00 USD, the page states 10 USD`,
      `item 2-1: link ${SITE}/tee/?variant=1: price 20.00 EUR, the page states 20 USD`,
      `item 2-2: image ${SITE}/img/tee.svg is an SVG, which merchant listings reject`,
      `item 2-3: link ${SITE}/tee/?variant=3: availability in_stock, the page states out_of_stock`,
      `item 2-4: link ${SITE}/tee/?variant=4: its page's JSON-LD states no offer at this URL`,
      `item 3: link ${SITE}/desk/ names no page of the build`,
      'item 1: g:id repeated',
      `item 1: link ${SITE}/lamp/?utm_source=feed has more than a ?variant= parameter`,
    ]);
    const missing = await check({ ...PAGES, 'product-feed.xml': feed(item('1', '/lamp/', '10.00 USD')) });
    expect(missing.errors).toEqual([
      `has no item for the offer at ${SITE}/tee/?variant=1`,
      `has no item for the offer at ${SITE}/tee/?variant=2`,
      `has no item for the offer at ${SITE}/tee/?variant=3`,
    ]);
  });

  it('warns when product pages state offers and the build has no feed; says nothing for a site without products', async () => {
    expect((await check(PAGES)).warnings).toEqual([
      'missing: shopping surfaces read a product feed (see the Merchant listings guide)',
    ]);
    const { all } = await check({
      ...sitemap('/'),
      'index.html': productPage('/', []).replace(/<script.*<\/script>/, ''),
    });
    expect(all.filter((p) => p.page === 'product-feed.xml')).toEqual([]);
  });
});
