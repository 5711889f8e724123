// End-to-end suite of the example storefront. One Astro build serves all three parts: it is
// what `npm run build` does (example-site/scripts/storefront.mjs with the embedded emulator), run as a child process
// from a clean state (no dist/, no .astro/, no data store) with a random canary key that the embedded
// emulator is told to accept, and nothing else.
//  1. the build: page count implied by the demo data (read over HTTP), SEO tags, sitemap, titles;
//  2. the key canary: the key appears nowhere in dist/, .astro/ or the build's output;
//  3. the browser: Chromium follows the navigation home → section → product → article, and searches
//     the catalog (storefront-search.ts).
// Then, after those: a second clean build that must write the same bytes (storefront-reproducible.ts),
// and incremental rebuilds against an emulator of this process (storefront-incremental.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@sitecontent/client';
import { startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richResultErrors } from '../packages/astro/test/helpers/rich-results.js';
import { articleModule, type DemoData, readDemo } from './helpers/demo-catalog.js';
import { jsonLdOf, offersOf, shownPriceOf } from './helpers/json-ld.js';
import {
  astroStateDirs,
  type BuildResult,
  buildSite,
  canonicalHref,
  cleanAstroState,
  countOccurrences,
  findInFiles,
  langOf,
  listFiles,
  metaContent,
  pagePath,
  sitemapLastmods,
  sitemapUrls,
  titleOf,
  trimSlash,
} from './helpers/storefront.js';
import { storefrontLinks } from './helpers/storefront-links.js';
import { describeBrowserCheck } from './storefront-browser.js';
import { describeIncrementalRebuilds } from './storefront-incremental.js';
import { describeKeptCacheProperty } from './storefront-kept-cache.js';
import { describeMerchantFeed } from './storefront-merchant-feed.js';
import { describeReproducibleBuild } from './storefront-reproducible.js';
import { describeCatalogSearch } from './storefront-search.js';
import { describeSearchFacts } from './storefront-search-facts.js';

const canary = `canary-${randomBytes(18).toString('hex')}`;
const SID = 1;

let emulator: Awaited<ReturnType<typeof startEmulator>>;
let demo: DemoData;
let build: BuildResult;
/** The runner's closing line about the embedded emulator's traffic. */
let served: { total: number; authorized: number; rejected: number } | undefined;
const pages = new Map<string, string>(); // URL path → HTML
/** The URL path of the page of a demo record. */
const urlPathname = (kind: 'section' | 'product' | 'article', id: number) =>
  [...demo.expected].find(([, e]) => e.kind === kind && e.id === id)?.[0] ?? '';

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, db: ':memory:', seed: 'demo' });
  demo = await readDemo({ baseUrl: emulator.url, apiKey: emulator.key, sid: SID });
  await cleanAstroState();
  // No SITECONTENT_BASE_URL: the runner starts its embedded emulator, accepting only this key.
  build = await buildSite({ SITECONTENT_API_KEY: canary, SITECONTENT_SID: String(SID) });
  const m = /emulator served (\d+) requests, (\d+) authorized, (\d+) rejected/.exec(build.output);
  if (m) served = { total: Number(m[1]), authorized: Number(m[2]), rejected: Number(m[3]) };
  if (build.code === 0) {
    for (const file of (await listFiles(build.outDir)).filter((f) => f.endsWith('.html'))) {
      pages.set(pagePath(file), await readFile(path.join(build.outDir, file), 'utf8'));
    }
  }
}, 300_000);

afterAll(async () => {
  await emulator?.close();
  if (build?.outDir) await rm(build.outDir, { recursive: true, force: true });
});

describe('storefront build', () => {
  it('succeeds from a clean state with the embedded emulator', () => {
    expect(build.output).toContain('[storefront] embedded emulator with the demo catalog');
    expect(build.code, build.output.slice(-3000)).toBe(0);
  });

  it('builds one page per visible section listing page, product and article, plus home, search and 404', () => {
    const listingPages = [...demo.listings.values()].reduce((n, listing) => n + listing.length, 0);
    expect(listingPages).toBeGreaterThan(demo.sections.length); // the demo catalog has a paginated section
    const expectedCount = listingPages + demo.products.length + demo.articles.length + 3;
    expect(demo.expected.size + 3).toBe(expectedCount); // no two entries share a URL
    expect(pages.size).toBe(expectedCount);
    const missing = [...demo.expected.keys()].filter((p) => !pages.has(p));
    expect(missing).toEqual([]);
    expect(pages.has('/')).toBe(true);
    expect(pages.has('/404')).toBe(true);
    expect(pages.has('/search')).toBe(true);
  });

  it('gives every page a title, description, Open Graph tags and the lang attribute', () => {
    for (const [pathname, html] of pages) {
      const title = titleOf(html);
      expect(title, pathname).toBeTruthy();
      expect(title?.trim().length, pathname).toBeGreaterThan(0);
      expect(metaContent(html, 'description'), pathname).toBeTruthy();
      expect(metaContent(html, 'og:title'), pathname).toBeTruthy();
      expect(metaContent(html, 'og:description'), pathname).toBeTruthy();
      expect(langOf(html), pathname).toBe('en');
      if (pathname !== '/404') {
        const canonical = canonicalHref(html);
        expect(canonical, pathname).toBeTruthy();
        const url = new URL(canonical ?? '');
        expect(url.origin, pathname).toBe(demo.origin);
        expect(trimSlash(url.pathname), pathname).toBe(pathname);
        expect(metaContent(html, 'og:url'), pathname).toBe(canonical);
      }
    }
  });

  it('takes titles and descriptions of sampled pages from the entries’ SEO data', async () => {
    const client = createClient({ baseUrl: emulator.url, apiKey: emulator.key, sid: SID });
    try {
      const sample = [
        ...[...demo.expected.entries()].filter(([, e]) => e.kind === 'product').slice(0, 3),
        ...[...demo.expected.entries()].filter(([, e]) => e.kind === 'section').slice(0, 3),
        ...[...demo.expected.entries()].filter(([, e]) => e.kind === 'article').slice(0, 2),
      ];
      expect(sample.length).toBeGreaterThanOrEqual(6);
      let fromService = 0;
      for (const [pathname, entry] of sample) {
        const html = pages.get(pathname) ?? '';
        const md =
          entry.kind === 'product'
            ? 'goods'
            : entry.kind === 'section'
              ? 'dir'
              : articleModule(demo, entry.id);
        const meta = await client.meta.get(md, entry.id);
        const title = titleOf(html) ?? '';
        if (meta?.ttl) {
          fromService++;
          expect(title.startsWith(meta.ttl), `${pathname}: ${title}`).toBe(true);
        } else {
          expect(title.startsWith(entry.zag), `${pathname}: ${title}`).toBe(true);
        }
        if (meta?.dsc) expect(metaContent(html, 'description'), pathname).toBe(meta.dsc);
        // The spec's og_title is the og:description tag.
        if (meta?.og_title) expect(metaContent(html, 'og:description'), pathname).toBe(meta.og_title);
        if (entry.kind === 'product') {
          const ogImage = metaContent(html, 'og:image');
          expect(ogImage, pathname).toMatch(/^https?:\/\//);
        }
      }
      // The demo catalog carries meta tags for some pages: at least one sampled title must be the service's.
      expect(fromService).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('states JSON-LD on every product, section and article page; products pass Google’s rules', async () => {
    const types = { product: 'Product', section: 'BreadcrumbList' } as const;
    // An article's type follows its meta module.
    const articleTypes: Record<string, string> = {
      blog: 'BlogPosting',
      news: 'NewsArticle',
      article: 'Article',
    };
    let products = 0;
    for (const [pathname, entry] of demo.expected) {
      const nodes = jsonLdOf(pages.get(pathname) ?? '');
      const type = entry.kind === 'article' ? articleTypes[articleModule(demo, entry.id)] : types[entry.kind];
      expect(nodes.map((n) => n['@type']).join(' '), pathname).toContain(type);
      if (entry.kind !== 'product') continue;
      products++;
      const product = nodes.find((n) => n['@type'] === 'Product' || n['@type'] === 'ProductGroup')!;
      expect(product.brand, pathname).toBeTruthy();
      expect((product.image as string[]).length, pathname).toBeGreaterThan(0);
      const offers = offersOf(product);
      expect(offers.length, pathname).toBeGreaterThan(0);
      for (const offer of offers) {
        expect(offer, pathname).toMatchObject({
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        });
        expect(typeof offer.price, pathname).toBe('number');
      }
      // The price the page shows is the lowest price its JSON-LD states.
      expect(shownPriceOf(pages.get(pathname) ?? ''), pathname).toBe(
        Math.min(...offers.map((o) => o.price as number)),
      );
      expect(await richResultErrors(nodes), pathname).toEqual([]);
    }
    expect(products).toBe(demo.products.length);
    expect(jsonLdOf(pages.get('/') ?? '').map((n) => n['@type'])).toEqual(['Organization', 'WebSite']);
    expect(jsonLdOf(pages.get('/404') ?? '')).toEqual([]);
  });

  it('links to each page by its canonical URL, never through a redirect', () => {
    const canonicalPaths = new Set(
      [...pages.values()].map((html) => canonicalHref(html)).flatMap((c) => (c ? [new URL(c).pathname] : [])),
    );
    const links = new Set<string>();
    for (const html of pages.values()) for (const href of storefrontLinks(html)) links.add(href);
    expect(links.size).toBeGreaterThan(10);
    expect([...links].filter((href) => !canonicalPaths.has(href))).toEqual([]);
  });

  it('lists every page except the 404 in the sitemap', async () => {
    const urls = await sitemapUrls(build.outDir);
    expect(urls.every((u) => u.startsWith(`${demo.origin}/`))).toBe(true);
    const listed = new Set(urls.map((u) => trimSlash(new URL(u).pathname)));
    expect(listed.size).toBe(urls.length);
    const built = new Set([...pages.keys()].filter((p) => p !== '/404'));
    expect([...built].filter((p) => !listed.has(p))).toEqual([]);
    expect([...listed].filter((p) => !built.has(p))).toEqual([]);
    // Each page's canonical URL is exactly its sitemap <loc>, trailing slash included.
    const locs = new Set(urls);
    const notListed = [...pages]
      .filter(([pathname]) => pathname !== '/404')
      .map(([pathname, html]) => [pathname, canonicalHref(html)])
      .filter(([, canonical]) => !locs.has(canonical ?? ''));
    expect(notListed).toEqual([]);
  });

  it('gives product URLs their photos and every page its lastmod: its JSON-LD dateModified (sitemapFacts)', async () => {
    const xml = (await readFile(path.join(build.outDir, 'sitemap-0.xml'), 'utf8')).split('<url>').slice(1);
    const product = demo.products.find((p) => p.img.length > 0);
    const productPath = [...demo.expected].find(([, e]) => e.kind === 'product' && e.id === product?.id)?.[0];
    const withPhotos = xml.find((url) => url.includes(`<loc>${demo.origin}${productPath}/</loc>`));
    expect(withPhotos).toContain(`<image:loc>${demo.origin}/`);
    const lastmods = await sitemapLastmods(build.outDir);
    let dated = 0;
    for (const [pathname, lastmod] of lastmods) {
      if (pathname === '/') continue;
      // One function dates both (pageChangeTimes): they agree on every page, a missing date included.
      const stated = jsonLdOf(pages.get(pathname) ?? '').find((node) => 'dateModified' in node);
      expect(stated?.dateModified, pathname).toBe(lastmod);
      const entry = demo.expected.get(pathname);
      if (entry?.kind === 'product' || entry?.kind === 'article') {
        expect(lastmod, pathname).toMatch(/^\d{4}-\d\d-\d\dT/);
        dated++;
      }
    }
    expect(dated).toBe(demo.products.length + demo.articles.length);
    // The home page shows the whole shop: the newest page.
    const newest = [...lastmods.values()]
      .filter((t) => t !== undefined)
      .sort()
      .at(-1);
    expect(lastmods.get('/')).toBe(newest);
  });

  it('ships robots.txt naming the sitemap index by absolute URL', async () => {
    const robots = await readFile(path.join(build.outDir, 'robots.txt'), 'utf8');
    expect(robots).toContain(`Sitemap: ${demo.origin}/sitemap-index.xml`);
  });

  it("runs the seo check with 'fail' and finds no problem, nor a page shared without a raster image", () => {
    expect(build.output).toMatch(/seo check: \d+ pages checked, 0 problems\n/);
  });
});

describe('API key canary', () => {
  it('was the key the build used', () => {
    // The embedded emulator accepts only the canary key: authorized requests carried it.
    expect(served, 'the runner reports the emulator traffic').toBeDefined();
    expect(served?.rejected).toBe(0);
    expect(served?.authorized).toBeGreaterThan(demo.products.length);
    expect(served?.authorized).toBe(served?.total);
  });

  it('would be found if it leaked (the search works)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'storefront-canary-'));
    try {
      await mkdir(path.join(dir, 'nested'));
      await writeFile(path.join(dir, 'nested', 'chunk.js'), `const k = "${canary}";`);
      await writeFile(path.join(dir, 'url.txt'), `?key=${encodeURIComponent(canary)}`);
      expect(await findInFiles([dir], canary)).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('appears nowhere in dist/, .astro/ or the data store', async () => {
    const hits = await findInFiles([build.outDir, ...astroStateDirs], canary);
    expect(hits).toEqual([]);
    // The search itself works: the build wrote files to both places.
    expect((await listFiles(build.outDir)).length).toBeGreaterThan(pages.size);
    const stateFiles = (await Promise.all(astroStateDirs.map(listFiles))).flat();
    expect(stateFiles.length).toBeGreaterThan(0);
  });

  it('appears nowhere in the build’s own output', () => {
    expect(build.output.length).toBeGreaterThan(0);
    expect(countOccurrences(build.output, canary)).toBe(0);
    expect(countOccurrences(build.output, encodeURIComponent(canary))).toBe(0);
  });
});

describeSearchFacts(() => ({ build, demo, pages, urlPathname }));
describeMerchantFeed(() => ({ build, demo, pages, urlPathname }));
describeBrowserCheck(() => ({ build, demo }));
describeCatalogSearch(() => ({
  build,
  demo,
  pages,
  service: { url: emulator.url, key: emulator.key, sid: SID },
}));
describeReproducibleBuild(() => build);
describeIncrementalRebuilds(() => sitemapLastmods(build.outDir));
describeKeptCacheProperty();
