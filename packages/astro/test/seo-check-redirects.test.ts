// The SEO check's redirect rules, on a dist/ written here: a sitemap URL, a canonical or a link
// that names a redirect page (Astro's, or the one the integration writes for a moved page) fails;
// the redirect page itself, noindex, passes. And the links of the service's HTML written at the
// current URL of a moved page.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDist, type SeoCheckReport } from '../src/build-time/seo-check/check-dist.js';
import { findMovedPages } from '../src/entries/moved-pages.js';
import { siteLinks } from '../src/entries/site-links.js';
import { emptyUrlHistory, noteCurrentUrls } from '../src/entries/url-history.js';
import { SITE } from './helpers/seo-check-dist.js';

const redirectTo = (to: string) =>
  `<!doctype html>\n<title>Redirecting to: ${to}</title>\n<meta http-equiv="refresh" content="0;url=${to}">\n<meta name="robots" content="noindex">\n<link rel="canonical" href="${SITE}${to}">\n<body>\n\t<a href="${to}">Redirecting to <code>${to}</code></a>\n</body>`;
const pageAt = (url: string, body = '') =>
  `<!doctype html><html><head><title>t</title><link rel="canonical" href="${SITE}${url}"></head><body>${body}</body></html>`;
const sitemap = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<url><loc>${SITE}${u}</loc></url>`)
    .join('')}</urlset>`;

const DIST: Record<string, string> = {
  'index.html': pageAt('/', '<a href="/catalog/mobiles/">phones</a>'),
  'catalog/mobiles/index.html': pageAt('/catalog/mobiles/'),
  'catalog/phones/index.html': redirectTo('/catalog/mobiles/'),
  'article/index.html': pageAt('/article/', '<a href="/catalog/phones/">phones</a>'),
  'stale/index.html': pageAt('/catalog/phones/'),
  'sitemap-index.xml': `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${SITE}/sitemap-0.xml</loc></sitemap></sitemapindex>`,
  'sitemap-0.xml': sitemap(['/', '/catalog/mobiles/', '/catalog/phones/', '/article/']),
};

let outDir: string;
let report: SeoCheckReport;
const reasonsOf = (file: string) =>
  report.problems.filter((p) => p.page === file && p.severity === 'error').map((p) => p.reason);

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'seo-check-redirects-'));
  for (const [file, text] of Object.entries(DIST)) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await writeFile(path.join(outDir, file), text);
  }
  report = await checkDist({ outDir, site: SITE, format: 'directory', trailingSlash: 'always', base: '/' });
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the SEO check and redirects', () => {
  it('fails a sitemap URL that redirects, naming where it goes', () => {
    expect(reasonsOf('sitemap-index.xml')).toEqual([
      `lists ${SITE}/catalog/phones/, which redirects to /catalog/mobiles/`,
    ]);
  });

  it('fails a link and a canonical that name a redirect; passes the redirect page and the pages at current URLs', () => {
    expect(reasonsOf('article/index.html')).toEqual([
      "link /catalog/phones/ is redirected to /catalog/mobiles/: link to the page's URL",
    ]);
    expect(reasonsOf('stale/index.html')).toEqual([
      `canonical ${SITE}/catalog/phones/ is a redirect to /catalog/mobiles/`,
    ]);
    for (const file of ['index.html', 'catalog/mobiles/index.html', 'catalog/phones/index.html']) {
      expect(reasonsOf(file), file).toEqual([]);
    }
  });
});

describe("links in the service's HTML to moved pages", () => {
  const style = { trailingSlash: 'always', format: 'directory', base: '/' } as const;

  it('a renamed section: links to it and to every page below it name the current URL; others stay', () => {
    const history = noteCurrentUrls(emptyUrlHistory(), 'sections', new Map([['7', '/catalog/phones/']]));
    const moved = findMovedPages(history, [{ id: 7, url: '/catalog/mobiles' }], style);
    const html =
      '<p><a href="/catalog/phones">a</a> <a href="/catalog/phones/12?x=1#top">b</a> ' +
      '<a href="/catalog/phonesets">c</a> <a href="/img/phones.jpg">d</a></p>';
    expect(siteLinks(html, style, undefined, moved)).toBe(
      '<p><a href="/catalog/mobiles/">a</a> <a href="/catalog/mobiles/12/?x=1#top">b</a> ' +
        '<a href="/catalog/phonesets/">c</a> <a href="/img/phones.jpg">d</a></p>',
    );
  });

  it('a product that moved in an earlier build: a link to its old URL names its current one', () => {
    let history = noteCurrentUrls(emptyUrlHistory(), 'products', new Map([['12', '/catalog/phones/12/']]));
    history = noteCurrentUrls(history, 'products', new Map([['12', '/catalog/laptops/12/']]));
    const moved = findMovedPages(history, [], style);
    expect(siteLinks('<a href="/catalog/phones/12">x</a>', style, undefined, moved)).toBe(
      '<a href="/catalog/laptops/12/">x</a>',
    );
  });
});
