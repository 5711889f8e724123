/**
 * The product sitemaps of on-demand sites: the XML text (well-formed whatever a record holds), how
 * entries break into files (50,000 URLs, 50 MB), the build's check of `include`, and the two route
 * handlers against the emulator —
 * the index lists every file, the files list every visible product's page exactly once, at the
 * URL the live products loader gives it, with Astro's own route cache (`AstroCache`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient, type Product, type SiteContentClient } from '@sitecontent/client';
import sax from 'sax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { includeProblems } from '../src/build-time/integration/sitemap-include-check.js';
import { liveProductsLoader } from '../src/index.js';
import { productSitemapOptionsSchema } from '../src/options/on-demand-options.js';
import {
  productSitemapFileHandler,
  productSitemapIndexHandler,
} from '../src/request-time/endpoints/product-sitemap-routes.js';
import { purgeTagsOf } from '../src/request-time/endpoints/purge-endpoint.js';
import {
  type LiveCollections,
  productPagesIn,
} from '../src/request-time/product-sitemaps/product-pages-source.js';
import {
  fileStarts,
  SITEMAP_LIMITS,
  sitemapIndex,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlEntry,
  utf8Bytes,
  xmlText,
} from '../src/request-time/product-sitemaps/sitemap-xml.js';
import { type Emulator, emulator } from './helpers/index.js';

/** The text of every element named `name` in `xml`, which must be well-formed (sax strict mode throws). */
function texts(xml: string, name: string): string[] {
  const parser = sax.parser(true);
  const found: string[] = [];
  let inside = false;
  parser.onopentag = (tag) => {
    inside = tag.name === name;
    if (inside) found.push('');
  };
  parser.onclosetag = () => {
    inside = false;
  };
  parser.ontext = (text) => {
    if (inside) found[found.length - 1] += text;
  };
  parser.write(xml).close();
  return found;
}

describe('sitemap XML', () => {
  it('escapes every value and leaves out what XML cannot hold, so any record gives well-formed XML', () => {
    const loc = `https://shop.test/a?x=1&y=<2>"'\u0001\uFFFE`;
    const xml = `${URLSET_OPEN}${urlEntry({
      loc,
      lastmod: new Date('2025-03-05T09:00:00Z'),
      images: ['https://shop.test/img/a&b.jpg'],
    })}${URLSET_CLOSE}`;
    expect(texts(xml, 'loc')).toEqual([`https://shop.test/a?x=1&y=<2>"'`]);
    expect(texts(xml, 'lastmod')).toEqual(['2025-03-05T09:00:00.000Z']);
    expect(texts(xml, 'image:loc')).toEqual(['https://shop.test/img/a&b.jpg']);
    expect(xmlText('a&b')).toBe('a&amp;b');
    // An invalid date is no <lastmod>, not "Invalid Date".
    expect(urlEntry({ loc: 'https://shop.test/', lastmod: new Date(Number.NaN) })).not.toContain('lastmod');
  });

  it('an index lists every file it is given', () => {
    const files = Array.from({ length: 3 }, (_, i) => ({ loc: `https://shop.test/s-${i}.xml` }));
    expect(texts(sitemapIndex(files), 'loc')).toEqual(files.map((f) => f.loc));
  });

  it('breaks entries into files of at most 50,000 URLs, and of at most 50 MB with the envelope', () => {
    expect(fileStarts(Array(120_001).fill(100))).toEqual([0, 50_000, 100_000]);
    expect(fileStarts(Array(50_000).fill(100))).toEqual([0]);
    expect(fileStarts([])).toEqual([]);
    // 1,100-byte entries: 47,662 fit in 50 MB with the envelope, not 50,000.
    const big = fileStarts(Array(50_000).fill(1100));
    const envelope = utf8Bytes(URLSET_OPEN + URLSET_CLOSE);
    expect(big).toEqual([0, Math.floor((SITEMAP_LIMITS.bytes - envelope) / 1100)]);
    expect(fileStarts([10, 10, 10], { maxUrls: 2 })).toEqual([0, 2]);
    // An entry larger than a file still gets one of its own.
    expect(fileStarts([5, 50, 5], { maxUrls: 10, maxBytes: envelope + 20 })).toEqual([0, 1, 2]);
  });

  it('counts UTF-8 bytes as TextEncoder does', () => {
    const text = 'a\u00e9\u20ac\u{1F600}';
    expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
  });
});

describe('onDemand.sitemap.include against the files of the build', () => {
  it('names a written sitemap the list lacks, and a listed one the build did not write', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-include-'));
    try {
      const files = ['https://shop.test/sitemap-0.xml', 'https://shop.test/sitemap-1.xml'];
      writeFileSync(join(dir, 'sitemap-index.xml'), sitemapIndex(files.map((loc) => ({ loc }))));
      for (const name of ['sitemap-0.xml', 'sitemap-1.xml']) writeFileSync(join(dir, name), '');
      const at = pathToFileURL(`${dir}/`);
      expect(includeProblems(['/sitemap-0.xml', '/sitemap-1.xml'], at)).toEqual([]);
      expect(includeProblems(['/sitemap-0.xml', '/sitemap-9.xml'], at)).toEqual([
        '/sitemap-9.xml is not a file of the build',
        '/sitemap-1.xml, listed in /sitemap-index.xml, is missing',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the purge endpoint and the sitemaps', () => {
  it('a purge naming products or sections purges the sitemaps too; one naming tags alone does not', () => {
    expect(purgeTagsOf('{"products":["5"]}')).toEqual({
      tags: ['sitecontent:products:5', 'sitecontent:sitemaps'],
    });
    expect(purgeTagsOf('{"sections":["tv"]}')).toEqual({
      tags: ['sitecontent:sections:tv', 'sitecontent:sitemaps'],
    });
    expect(purgeTagsOf('{"tags":["blog"]}')).toEqual({ tags: ['blog'] });
  });
});

describe('the product sitemap routes, against the emulator', () => {
  const require = createRequire(import.meta.url);
  const astroDir = dirname(require.resolve('astro/package.json'));
  type Cache = { set(options: unknown): void; options: { maxAge?: number }; tags: string[] };
  let AstroCache: new (provider: null) => Cache;
  let emu: Emulator;
  let client: SiteContentClient;
  let products: Product[];
  let collections: LiveCollections;
  // Sitemaps of 40 URLs a file: the 300 products of 4 sections need more than one file per section.
  const settings = productSitemapOptionsSchema.parse({ maxUrls: 40, imageOrigin: '' });
  const site = new URL('https://shop.test/');

  beforeAll(async () => {
    const mod = await import(pathToFileURL(join(astroDir, 'dist/core/cache/runtime/cache.js')).href);
    AstroCache = mod.AstroCache;
    emu = await emulator({
      seed: { synthetic: { products: 300, sections: 4, articles: 0, modsPerProduct: 0 } },
    });
    client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
    products = await client.products.list();
    // The site's live products loader says how its pages' URLs are made: the sitemaps, handed the
    // live collections, use the same.
    collections = siteCollections();
  });

  /** The site's live collections: a products loader with its own `productUrl` (and `prerendered`). */
  const siteCollections = (prerendered?: (product: Product) => boolean): LiveCollections => ({
    products: {
      loader: liveProductsLoader({
        baseUrl: emu.url,
        apiKey: emu.key,
        sid: emu.sid,
        productUrl: (product) => `/p/${product.id}-${product.cattx}`,
        prerendered,
      }),
    },
  });
  afterAll(async () => {
    await client?.close();
    await emu?.close();
  });

  const get = async (handler: ReturnType<typeof productSitemapFileHandler>, file?: string) => {
    const cache = new AstroCache(null);
    const response = await handler({ cache, site, params: { file } } as never);
    return { response, cache, text: await response.text() };
  };

  it('the index lists files whose URLs are every visible product page, once, with its dt and photos', async () => {
    const index = await get(productSitemapIndexHandler(settings, collections));
    expect(index.response.status).toBe(200);
    expect(index.response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(index.cache.options.maxAge).toBe(3600);
    expect(index.cache.tags).toContain('sitecontent:sitemaps');
    const files = texts(index.text, 'loc');
    expect(files.every((loc) => /^https:\/\/shop\.test\/sitemap-products-\d+-\d+\.xml$/.test(loc))).toBe(
      true,
    );
    const visible = products.filter((p) => p.shw);
    expect(visible.length).toBeLessThan(products.length);
    expect(files.length).toBeGreaterThan(visible.length / settings.maxUrls);

    const listed: string[] = [];
    const lastmods = new Map<string, string>();
    let photos = 0;
    for (const loc of files) {
      const file = await get(
        productSitemapFileHandler(settings, collections),
        /sitemap-products-(.+)\.xml$/.exec(loc)?.[1],
      );
      expect(file.response.status, loc).toBe(200);
      const locs = texts(file.text, 'loc');
      const dates = texts(file.text, 'lastmod');
      expect(locs.length).toBeLessThanOrEqual(settings.maxUrls);
      expect(dates).toHaveLength(locs.length);
      for (const [i, l] of locs.entries()) lastmods.set(l, dates[i]!);
      listed.push(...locs);
      photos += texts(file.text, 'image:loc').length;
    }
    const expected = visible.map((p) => `https://shop.test/p/${p.id}-${p.cattx}/`);
    expect(listed.sort()).toEqual(expected.sort());
    for (const p of visible) {
      expect(lastmods.get(`https://shop.test/p/${p.id}-${p.cattx}/`)).toBe(p.dt.toISOString());
    }
    expect(photos).toBe(visible.reduce((n, p) => n + p.img.length, 0));
  });

  it('a file past the last of its section, or of no section, is not found and not kept', async () => {
    const [section] = await client.sections.list();
    for (const name of [`${section!.id}-99`, '987654-1', '01-1', 'x']) {
      const file = await get(productSitemapFileHandler(settings, collections), name);
      expect(file.response.status, name).toBe(404);
      expect(file.cache.tags, name).toEqual([]);
    }
  });

  it('the products loader that made the pages is the one the sitemaps follow, named when there are two', () => {
    const url = (source: ReturnType<typeof productPagesIn>) =>
      source.productUrl({ id: 7, cattx: 'x' } as Product, undefined);
    expect(url(productPagesIn(collections))).toBe('/p/7-x');
    expect(url(productPagesIn({ ...collections, blog: {} }))).toBe('/p/7-x');
    expect(url(productPagesIn(undefined))).toBe('/x/7');
    const two = { ...collections, more: { loader: liveProductsLoader({ productUrl: () => '/q' }) } };
    expect(() => productPagesIn(two)).toThrow(
      /live collections products, more each have a liveProductsLoader/,
    );
    expect(url(productPagesIn(two, 'products'))).toBe('/p/7-x');
    expect(productPagesIn(two, 'more').productUrl({ id: 7, cattx: 'x' } as Product, undefined)).toBe('/q');
    expect(() => productPagesIn(two, 'blog')).toThrow(/no live collection "blog"/);
  });

  it('a hybrid catalog: prerendered products are left out, and the sitemaps of the build lead the index', async () => {
    const head = new Set(
      products
        .filter((p) => p.shw)
        .slice(0, 25)
        .map((p) => p.id),
    );
    const hybridCollections = siteCollections((product) => head.has(product.id));
    {
      const hybrid = productSitemapOptionsSchema.parse({ ...settings, include: ['/sitemap-0.xml'] });
      const index = texts((await get(productSitemapIndexHandler(hybrid, hybridCollections))).text, 'loc');
      expect(index[0]).toBe('https://shop.test/sitemap-0.xml');
      const listed: string[] = [];
      for (const loc of index.slice(1)) {
        const file = await get(
          productSitemapFileHandler(hybrid, hybridCollections),
          /sitemap-products-(.+)\.xml$/.exec(loc)?.[1],
        );
        listed.push(...texts(file.text, 'loc'));
      }
      const tail = products.filter((p) => p.shw && !head.has(p.id));
      expect(listed.sort()).toEqual(tail.map((p) => `https://shop.test/p/${p.id}-${p.cattx}/`).sort());
    }
  });
});
