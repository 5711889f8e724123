// The post-build SEO check: on a dist/ written here (each fault on a page of its own), and on a
// real Astro build with `seoCheck: 'fail'`.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDist, type SeoCheckReport } from '../src/build-time/seo-check/check-dist.js';
import { logReport } from '../src/build-time/seo-check/seo-check-integration.js';
import { serviceLinkOwners } from '../src/build-time/seo-check/service-links.js';
import { isSiteContentAstroError } from '../src/errors/index.js';
import {
  buildFixture,
  createFixture,
  createLogger,
  type Fixture,
  settleAstroWrites,
} from './helpers/index.js';
import { DIST, fullOffer, page, product, SITE } from './helpers/seo-check-dist.js';

let outDir: string;
let report: SeoCheckReport;
/** The errors of a page (the share image warnings have tests of their own). */
const reasonsOf = (file: string) =>
  report.problems.filter((p) => p.page === file && p.severity === 'error').map((p) => p.reason);
const warningsOf = (file: string) =>
  report.problems.filter((p) => p.page === file && p.severity === 'warning').map((p) => p.reason);

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'seo-check-dist-'));
  for (const [file, text] of Object.entries(DIST)) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await writeFile(path.join(outDir, file), text);
  }
  report = await checkDist({ outDir, site: SITE, format: 'directory', trailingSlash: 'always', base: '/' });
});

afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('checkDist', () => {
  it('counts every HTML page and passes the clean ones', () => {
    expect(report.pages).toBe(21);
    for (const file of [
      'index.html',
      'clean/index.html',
      'dated/index.html',
      'group/index.html',
      'hidden/index.html',
      '404.html',
      'shared/index.html',
      'svg-shared/index.html',
    ]) {
      expect(reasonsOf(file), file).toEqual([]);
    }
  });

  it('names a canonical the sitemap does not list', () => {
    expect(reasonsOf('unlisted/index.html')).toEqual([`canonical ${SITE}/unlisted/ is not in the sitemap`]);
  });

  it("names a JSON-LD dateModified that is not the page's sitemap <lastmod>", () => {
    expect(reasonsOf('misdated/index.html')).toEqual([
      'sitemap <lastmod> 2026-01-02T03:04:05.000Z is not the JSON-LD dateModified 2026-01-01T00:00:00.000Z',
    ]);
    expect(reasonsOf('undated/index.html')).toEqual([
      'JSON-LD dateModified 2026-01-01T00:00:00.000Z, but the sitemap gives no <lastmod>',
    ]);
  });

  it('names a canonical whose page the build does not have', () => {
    expect(reasonsOf('names-gone/index.html')).toEqual([
      `canonical ${SITE}/gone/ names no page of the build (no gone/index.html)`,
    ]);
  });

  it('names a JSON-LD block that does not parse', () => {
    expect(reasonsOf('broken/index.html')).toEqual([
      expect.stringMatching(/^JSON-LD block 1 does not parse: /),
    ]);
  });

  it('names a product offer without priceCurrency, and Google rule errors', () => {
    expect(reasonsOf('lamp/index.html')).toEqual(['Product "Lamp": offers.priceCurrency is missing']);
    const tee = reasonsOf('tee/index.html');
    expect(tee).toContain('Product "Lamp": offers.priceCurrency is missing');
    expect(tee.some((r) => /^Product "Lamp" \(offers\): .*price/.test(r))).toBe(true);
  });

  it("names a ProductGroup without variesBy, and each variant's offer without priceCurrency", () => {
    expect(reasonsOf('bad-group/index.html')).toEqual([
      'ProductGroup "Tee": variesBy is missing',
      'ProductGroup "Tee": hasVariant[0].offers.priceCurrency is missing',
      'ProductGroup "Tee": hasVariant[1].offers.priceCurrency is missing',
    ]);
  });

  it('names a ProductGroup two of whose variants share every variesBy value', () => {
    expect(reasonsOf('twin-group/index.html')).toEqual([
      'ProductGroup "Tee": variants "TEE-1" and "TEE-3" share every variesBy value (color "Black"): name what they differ in',
    ]);
  });

  it('names an Organization whose return policy Google’s rules reject', () => {
    expect(reasonsOf('shop/index.html')).toEqual([
      expect.stringMatching(/^Organization "Shop" \(hasMerchantReturnPolicy\): .*applicableCountry/),
    ]);
  });

  it('names a page without a canonical, unless it is noindex or an error page', () => {
    expect(reasonsOf('no-canonical/index.html')).toEqual([
      'no canonical link (add one, or mark the page noindex)',
    ]);
  });

  it("names a canonical that trailingSlash: 'always' would redirect", () => {
    expect(reasonsOf('no-slash/index.html')).toEqual([`canonical ${SITE}/clean is not in the sitemap`]);
  });

  it('reads sitemap URLs with their XML entities decoded', async () => {
    await writeFile(path.join(outDir, 'q.html'), page(`${SITE}/q/?a=1&amp;b=2`));
    const again = await checkDist({ outDir, site: SITE, format: 'file', trailingSlash: 'ignore', base: '/' });
    expect(again.problems.filter((p) => p.page === 'q.html' && p.severity === 'error')).toEqual([]);
    await rm(path.join(outDir, 'q.html'));
  });

  it('audits every link into the site as a static host serves it: no redirect, no 404', () => {
    expect(reasonsOf('links/index.html')).toEqual([
      "link /clean is redirected: the page's URL is /clean/",
      'link /gone/ names no page of the build (a 404)',
      'link /missing.pdf names no file of the build (a 404)',
      `link ${SITE}/clean is redirected: the page's URL is /clean/`,
    ]);
  });

  it("a dead link from the service's HTML is a warning naming its record and field; the site's own still fail", async () => {
    const entries = [
      { id: '3', data: { id: 3, stxt: '<p>see <a href="/missing.pdf">the sheet</a></p>' } },
      {
        id: '4',
        data: { id: 4 },
        rendered: { html: '<a href="/gone/">gone</a> <a href="/clean">clean</a>' },
      },
    ];
    const again = await checkDist({
      outDir,
      site: SITE,
      format: 'directory',
      trailingSlash: 'always',
      base: '/',
      serviceLinkOwner: serviceLinkOwners([['articles', () => entries]]),
    });
    const of = (severity: string) =>
      again.problems
        .filter(
          (p) => p.page === 'links/index.html' && p.severity === severity && p.reason.startsWith('link '),
        )
        .map((p) => p.reason);
    // A redirected link is the build's to mend (links are written at current URLs): still an error.
    expect(of('error')).toEqual([
      "link /clean is redirected: the page's URL is /clean/",
      `link ${SITE}/clean is redirected: the page's URL is /clean/`,
    ]);
    expect(of('warning')).toEqual([
      "link /gone/ names no page of the build (a 404), from the service's HTML of articles 4, field txt",
      "link /missing.pdf names no file of the build (a 404), from the service's HTML of articles 3, field stxt",
    ]);
  });

  it('warns of a page shared without a picture, with an SVG, or without its size', () => {
    expect(warningsOf('shared/index.html')).toEqual([]);
    expect(warningsOf('clean/index.html')).toEqual(['no og:image: the page is shared without a picture']);
    expect(warningsOf('svg-shared/index.html')).toEqual([
      `og:image ${SITE}/share.svg names no file of the build (a 404)`,
      `og:image ${SITE}/share.svg is an SVG, which social networks do not show: use a JPEG, PNG or WebP`,
      `og:image ${SITE}/share.svg states no og:image:width and og:image:height in pixels`,
    ]);
    // Pages that are not indexed are not shared.
    expect(warningsOf('hidden/index.html')).toEqual([]);
    expect(warningsOf('404.html')).toEqual([]);
  });

  it('prints one summary line, then each page at fault, errors before warnings', () => {
    const errors = report.problems.filter((p) => p.severity === 'error').length;
    const warnings = report.problems.length - errors;
    for (const mode of ['warn', 'fail'] as const) {
      const { logger, lines } = createLogger();
      logReport(report, mode, logger as never);
      expect(lines[0]).toEqual({
        level: mode === 'fail' ? 'error' : 'warn',
        message: `seo check: 21 pages checked, ${errors} problems, ${warnings} warnings`,
      });
      expect(lines.slice(1).map((l) => l.message)).toContain(
        `  unlisted/index.html: canonical ${SITE}/unlisted/ is not in the sitemap`,
      );
      expect(lines.at(-1)).toMatchObject({ level: 'warn', message: expect.stringContaining('og:image') });
    }
  });

  it('reports a missing sitemap once', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'seo-check-empty-'));
    try {
      await writeFile(path.join(empty, 'index.html'), page(`${SITE}/`));
      const result = await checkDist({
        outDir: empty,
        site: SITE,
        format: 'directory',
        trailingSlash: 'ignore',
        base: '/',
      });
      expect(result.problems.filter((p) => p.severity === 'error')).toEqual([
        {
          page: 'sitemap-index.xml',
          reason: 'missing: add @astrojs/sitemap to the integrations',
          severity: 'error',
        },
      ]);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe("a real build with seoCheck: 'fail'", () => {
  let fx: Fixture;
  beforeAll(() => {
    fx = createFixture({
      'astro.config.mjs': `import sitemap from '@astrojs/sitemap';
import {siteContent} from '@sitecontent/astro';
import {defineConfig} from 'astro/config';
export default defineConfig({
  site: '${SITE}',
  trailingSlash: 'always',
  integrations: [siteContent({ seoCheck: 'fail', setSite: false, remoteImages: false }), sitemap()],
});`,
      'src/layouts/Page.astro': `---
const { ld } = Astro.props;
---
<html><head><link rel="canonical" href={new URL(Astro.url.pathname, Astro.site).href} />
{ld && <script type="application/ld+json" set:html={ld} />}</head><body><slot /></body></html>`,
      'src/pages/index.astro': `---
import Page from '../layouts/Page.astro';
---
<Page>home</Page>`,
      'src/pages/lamp.astro': `---
import Page from '../layouts/Page.astro';
const ld = ${JSON.stringify(product(fullOffer))};
---
<Page ld={ld}>lamp</Page>`,
    });
  });
  afterAll(async () => {
    await settleAstroWrites();
    fx.remove();
  });

  it('passes a site whose canonicals are its sitemap URLs and logs the summary', async () => {
    const { error, output } = await buildFixture(fx);
    expect(error).toBeUndefined();
    expect(output).toContain('seo check: 2 pages checked, 0 problems');
  }, 60_000);

  it('fails the build naming the page at fault', async () => {
    fx.write(
      'src/pages/old.astro',
      `<html><head><link rel="canonical" href="${SITE}/retired/" /></head><body>old</body></html>`,
    );
    const { error, output } = await buildFixture(fx);
    expect(isSiteContentAstroError(error, 'seo_check_failed')).toBe(true);
    expect(output).toContain('seo check: 3 pages checked, 1 problem');
    expect(output).toContain(`old/index.html: canonical ${SITE}/retired/ is not in the sitemap`);
  }, 60_000);
});
