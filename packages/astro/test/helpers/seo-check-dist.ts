/**
 * A built site's output made up page by page for the SEO check's tests (seo-check.test.ts): the
 * pages each rule should pass or name, their sitemap and their JSON-LD.
 */

export const SITE = 'https://shop.example';

export const page = (canonical: string | undefined, ...jsonLd: string[]) =>
  '<!doctype html><html><head><title>t</title>' +
  (canonical ? `<link rel="canonical" href="${canonical}">` : '') +
  jsonLd.map((block) => `<script type="application/ld+json">${block}</script>`).join('') +
  '</head><body><link rel="canonical" href="https://elsewhere.example/"></body></html>';

export const product = (offer: Record<string, unknown>) =>
  JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Lamp',
    image: `${SITE}/lamp.jpg`,
    offers: { '@type': 'Offer', ...offer },
  });

const group = (fields: Record<string, unknown>, offer: Record<string, unknown>, colors = ['Red', 'Blue']) =>
  JSON.stringify({
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'BreadcrumbList', itemListElement: [] },
      {
        '@type': 'ProductGroup',
        name: 'Tee',
        productGroupID: 'tee',
        ...fields,
        hasVariant: colors.map((color, i) => ({
          '@type': 'Product',
          name: `Tee ${color}`,
          sku: `TEE-${i + 1}`,
          color,
          image: `${SITE}/tee.jpg`,
          offers: { '@type': 'Offer', ...offer },
        })),
      },
    ],
  });

export const fullOffer = { price: 10, priceCurrency: 'USD', availability: 'https://schema.org/InStock' };

/** Pages listed with a `<lastmod>`. */
const LASTMODS: Record<string, string> = {
  [`${SITE}/dated/`]: '2026-01-02T03:04:05.000Z',
  [`${SITE}/misdated/`]: '2026-01-02T03:04:05.000Z',
};

const sitemap = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<url><loc>${u}</loc>${LASTMODS[u] ? `<lastmod>${LASTMODS[u]}</lastmod>` : ''}</url>`)
    .join('')}</urlset>`;

const webPage = (dateModified: string) =>
  JSON.stringify({ '@context': 'https://schema.org', '@type': 'CollectionPage', dateModified });

export const DIST: Record<string, string> = {
  'sitemap-index.xml': `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${SITE}/sitemap-0.xml</loc></sitemap></sitemapindex>`,
  'sitemap-0.xml': sitemap(
    [
      '/',
      '/clean/',
      '/gone/',
      '/broken/',
      '/lamp/',
      '/tee/',
      '/group/',
      '/bad-group/',
      '/twin-group/',
      '/shop/',
      '/dated/',
      '/misdated/',
      '/undated/',
      '/q/?a=1&amp;b=2',
      '/links/',
      '/shared/',
      '/svg-shared/',
    ].map((p) => SITE + p),
  ),
  'index.html': page(`${SITE}/`),
  'clean/index.html': page(`${SITE}/clean/`, product(fullOffer)),
  'unlisted/index.html': page(`${SITE}/unlisted/`),
  'names-gone/index.html': page(`${SITE}/gone/`),
  'broken/index.html': page(`${SITE}/broken/`, '{"@type": "Thing",'),
  'lamp/index.html': page(
    `${SITE}/lamp/`,
    product({ price: 10, availability: 'https://schema.org/InStock' }),
  ),
  'tee/index.html': page(`${SITE}/tee/`, product({})),
  'no-slash/index.html': page(`${SITE}/clean`),
  'group/index.html': page(`${SITE}/group/`, group({ variesBy: 'https://schema.org/color' }, fullOffer)),
  'bad-group/index.html': page(
    `${SITE}/bad-group/`,
    group({}, { price: 5, availability: 'https://schema.org/InStock' }),
  ),
  'twin-group/index.html': page(
    `${SITE}/twin-group/`,
    group({ variesBy: ['https://schema.org/color'] }, fullOffer, ['Black', 'Red', 'Black']),
  ),
  'shop/index.html': page(
    `${SITE}/shop/`,
    JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Shop',
      hasMerchantReturnPolicy: { '@type': 'MerchantReturnPolicy', merchantReturnDays: 30 },
    }),
  ),
  'dated/index.html': page(`${SITE}/dated/`, webPage('2026-01-02T03:04:05Z')),
  'misdated/index.html': page(`${SITE}/misdated/`, webPage('2026-01-01T00:00:00.000Z')),
  'undated/index.html': page(`${SITE}/undated/`, webPage('2026-01-01T00:00:00.000Z')),
  'no-canonical/index.html': page(undefined),
  'hidden/index.html':
    '<html><head><meta name="robots" content="noindex, follow"></head><body></body></html>',
  '404.html': page(undefined),
  'links/index.html': page(`${SITE}/links/`).replace(
    '<body>',
    '<body><a href="/clean/">ok</a><a href="/clean">slash</a><a href="/gone/">gone</a>' +
      '<a href="/sitemap-index.xml">file</a><a href="/missing.pdf">no file</a>' +
      `<a href="${SITE}/clean/">absolute</a><a href="${SITE}/clean">absolute, no slash</a>` +
      '<a href="https://other.example/clean">elsewhere</a><a href="#top">anchor</a>' +
      '<a href="mailto:shop@example.com">mail</a><a href="../clean/">relative</a>' +
      '<a href="/clean/?a=1&amp;b=2">query</a><a class="x" href=\'/clean\'>again</a>',
  ),
  'shared/index.html': page(`${SITE}/shared/`).replace(
    '</head>',
    `<meta property="og:image" content="${SITE}/share.jpg"><meta property="og:image:width" content="1200">` +
      '<meta property="og:image:height" content="630"><meta property="og:image:type" content="image/jpeg"></head>',
  ),
  'share.jpg': 'not an image, but a file of the build',
  'svg-shared/index.html': page(`${SITE}/svg-shared/`).replace(
    '</head>',
    `<meta property="og:image" content="${SITE}/share.svg"></head>`,
  ),
};
