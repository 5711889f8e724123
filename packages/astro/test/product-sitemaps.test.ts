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
import { DEFAULT_URL_STYLE } from '../src/entries/page-url.js';
import { liveProductsLoader } from '../src/index.js';
import {
  type ProductSitemapSettings,
  productSitemapOptionsSchema,
} from '../src/options/on-demand-options.js';
import { servingSettings } from '../src/options/serving-settings.js';
import {
  productSitemapFileHandler,
  productSitemapIndexHandler,
} from '../src/request-time/endpoints/product-sitemap-routes.js';
import { parsePurgeTags, purgeHandler } from '../src/request-time/endpoints/purge-endpoint.js';
import {
  type LiveCollections,
  productPagesIn,
} from '../src/request-time/product-sitemaps/product-pages-source.js';
import { SectionFilesMemory } from '../src/request-time/product-sitemaps/section-files-memory.js';
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

describe("what the server learned of each section's files", () => {
  it('a section never made lists its first file; one made lists its files, dated while a cache may keep them', () => {
    const memory = new SectionFilesMemory();
    const [a, b] = [new Date('2025-01-01T00:00:00Z'), new Date('2025-02-01T00:00:00Z')];
    expect(memory.files('/s.xml', 7, 1000, 0)).toEqual([{ n: 1 }]);
    // Three files where the index knew one: an index made before lists too few.
    expect(memory.learn('/s.xml', 7, [a, undefined, b], 0)).toBe(true);
    expect(memory.learn('/s.xml', 7, [a, undefined, b], 10)).toBe(false);
    expect(memory.files('/s.xml', 7, 1000, 1010)).toEqual([
      { n: 1, lastmod: a },
      { n: 2 },
      { n: 3, lastmod: b },
    ]);
    expect(memory.files('/s.xml', 7, 1000, 1011)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    // Another index path is another site's sitemaps; an empty section lists no file.
    expect(memory.files('/t.xml', 7, 1000, 10)).toEqual([{ n: 1 }]);
    expect(memory.learn('/s.xml', 8, [], 0)).toBe(false);
    expect(memory.files('/s.xml', 8, 1000, 0)).toEqual([]);
    memory.forgetDates();
    expect(memory.files('/s.xml', 7, 1000, 10)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
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
    expect(parsePurgeTags('{"products":["5"]}')).toEqual({
      tags: ['sitecontent:products:5', 'sitecontent:sitemaps'],
    });
    expect(parsePurgeTags('{"sections":["tv"]}')).toEqual({
      tags: ['sitecontent:sections:tv', 'sitecontent:sitemaps'],
    });
    expect(parsePurgeTags('{"tags":["blog"]}')).toEqual({ tags: ['blog'] });
  });
});

describe('the product sitemap routes, against the emulator', () => {
  const require = createRequire(import.meta.url);
  const astroDir = dirname(require.resolve('astro/package.json'));
  type Cache = { set(options: unknown): void; options: { maxAge?: number }; tags: string[] };
  type Provider = { invalidate(options: { tags: string[] }): Promise<void> };
  let AstroCache: new (provider: Provider | null) => Cache;
  let emu: Emulator;
  let client: SiteContentClient;
  let products: Product[];
  let collections: LiveCollections;
  // Sitemaps of 40 URLs a file: the 300 products of 4 sections need more than one file per section.
  const settings = productSitemapOptionsSchema.parse({ maxUrls: 40, imageOrigin: '' });
  /** The server's settings with `sitemap` as the routes are handed them. */
  const serving = (sitemap: typeof settings) =>
    servingSettings({ onDemand: { sitemap }, urlStyle: DEFAULT_URL_STYLE });
  const site = new URL('https://shop.test/');
  /** The tags the cache provider was asked to purge, in order. */
  const purged: string[] = [];
  const provider: Provider = {
    invalidate: async (options) => {
      purged.push(...options.tags);
    },
  };

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
  const siteCollections = (
    prerendered?: (product: Product) => boolean,
    on: Emulator = emu,
  ): LiveCollections => ({
    products: {
      loader: liveProductsLoader({
        baseUrl: on.url,
        apiKey: on.key,
        sid: on.sid,
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
    const cache = new AstroCache(provider);
    const response = await handler({ cache, site, params: { file } } as never);
    return { response, cache, text: await response.text() };
  };

  const fileParam = (loc: string) => /sitemap-[a-z-]+?-(\d+-\d+)\.xml$/.exec(loc)?.[1];
  const pageUrl = (p: Product) => `https://shop.test/p/${p.id}-${p.cattx}/`;

  /**
   * A crawler: reads the index and each file it lists, once; while reading a file purged the index,
   * reads the index again and the files it did not read yet. Returns each file's URLs and lastmods,
   * and the indexes it read.
   */
  async function crawl(sitemaps: ProductSitemapSettings, on: LiveCollections = collections) {
    const index = productSitemapIndexHandler(serving(sitemaps), on);
    const file = productSitemapFileHandler(serving(sitemaps), on);
    const files = new Map<string, { locs: string[]; lastmods: string[] }>();
    const indexes: string[] = [];
    for (let round = 0; round < 5; round++) {
      const before = purged.length;
      const answer = await get(index);
      expect(answer.response.status).toBe(200);
      indexes.push(answer.text);
      for (const loc of texts(answer.text, 'loc')) {
        if (files.has(loc) || sitemaps.include.some((path) => loc.endsWith(path))) continue;
        const made = await get(file, fileParam(loc));
        expect(made.response.status, loc).toBe(200);
        files.set(loc, { locs: texts(made.text, 'loc'), lastmods: texts(made.text, 'lastmod') });
      }
      if (!purged.slice(before).includes('sitecontent:sitemaps:index')) break;
    }
    return { files, indexes };
  }

  /** The `<lastmod>` of each file an index lists (absent: not there). */
  const indexLastmods = (xml: string) =>
    new Map(
      [...xml.matchAll(/<sitemap><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/sitemap>/g)].map(
        (m) => [m[1]!, m[2]] as const,
      ),
    );

  it('a cold index reads the sections alone: the same requests at 300 products as at 3,000, no goods/Get', async () => {
    const large = await emulator({
      seed: { synthetic: { products: 3000, sections: 4, articles: 0, modsPerProduct: 0 } },
    });
    try {
      const asked: Record<string, number>[] = [];
      for (const [on, on2] of [
        [emu, collections],
        [large, siteCollections(undefined, large)],
      ] as const) {
        const cold = productSitemapOptionsSchema.parse({ ...settings, index: '/sitemap-cold.xml' });
        on.resetStats();
        const index = await get(productSitemapIndexHandler(serving(cold), on2));
        asked.push({ ...on.stats.byOperation });
        expect(index.response.status).toBe(200);
        expect(index.cache.tags).toEqual(
          expect.arrayContaining(['sitecontent:sitemaps', 'sitecontent:sitemaps:index']),
        );
        // A section never made: its first file, and no <lastmod> the process does not know.
        const reader = createClient({ baseUrl: on.url, apiKey: on.key, sid: on.sid });
        const sections = await reader.sections.list();
        await reader.close();
        expect(texts(index.text, 'loc')).toEqual(
          sections.map((s) => `https://shop.test/sitemap-cold-${s.id}-1.xml`),
        );
        expect(texts(index.text, 'lastmod')).toEqual([]);
      }
      expect(asked[0]!['goods/Get']).toBeUndefined();
      expect(asked[0]!['dir/Get']).toBe(1);
      expect(asked[1]).toEqual(asked[0]);
    } finally {
      await large.close();
    }
  });

  it('a crawler following the index gets every visible product page once, sections larger than a file included', async () => {
    const sitemaps = productSitemapOptionsSchema.parse({ ...settings, index: '/sitemap-crawl.xml' });
    const visible = products.filter((p) => p.shw);
    expect(visible.length).toBeLessThan(products.length);
    const bySection = new Map<number, number>();
    for (const p of visible) bySection.set(p.catid, (bySection.get(p.catid) ?? 0) + 1);
    // Some section needs more than one file: its first cold index cannot list them all.
    expect(Math.max(...bySection.values())).toBeGreaterThan(sitemaps.maxUrls);

    const first = await crawl(sitemaps);
    // The cold index listed a file per section; making a large section's first file purged it, and
    // the index read again listed that section's further files.
    expect(texts(first.indexes[0]!, 'loc')).toHaveLength(bySection.size);
    expect(first.indexes.length).toBeGreaterThan(1);
    const listed = [...first.files.values()].flatMap((f) => f.locs);
    expect(listed.sort()).toEqual(visible.map(pageUrl).sort());
    for (const f of first.files.values()) expect(f.locs.length).toBeLessThanOrEqual(sitemaps.maxUrls);
    const dt = new Map(visible.map((p) => [pageUrl(p), p.dt.toISOString()]));
    for (const f of first.files.values()) expect(f.lastmods).toEqual(f.locs.map((l) => dt.get(l)));

    // The next index lists every file, each with the newest <lastmod> of its URLs; a crawler
    // following it afresh gets the same pages, once each.
    const again = await crawl(sitemaps);
    expect(again.indexes).toHaveLength(1);
    const dates = indexLastmods(again.indexes[0]!);
    expect([...dates.keys()].sort()).toEqual([...first.files.keys()].sort());
    for (const [loc, f] of again.files) {
      expect(dates.get(loc), loc).toBe(f.lastmods.toSorted().at(-1));
    }
    expect([...again.files.values()].flatMap((f) => f.locs).sort()).toEqual(visible.map(pageUrl).sort());
  });

  it('lastmod only where known: a purge naming a product forgets the dates, not the files', async () => {
    const sitemaps = productSitemapOptionsSchema.parse({ ...settings, index: '/sitemap-dates.xml' });
    const { files } = await crawl(sitemaps);
    const purge = purgeHandler(() => 'purge-token-5e8d1c');
    const answer = await purge({
      request: new Request('https://shop.test/_sitecontent/purge', {
        method: 'POST',
        headers: { authorization: 'Bearer purge-token-5e8d1c', 'content-type': 'application/json' },
        body: JSON.stringify({ products: [String(products[0]!.id)] }),
      }),
      cache: new AstroCache(provider),
    } as never);
    expect(answer.status).toBe(200);
    const index = productSitemapIndexHandler(serving(sitemaps), collections);
    const after = indexLastmods((await get(index)).text);
    expect([...after.keys()].sort()).toEqual([...files.keys()].sort());
    expect([...after.values()].filter((d) => d !== undefined)).toEqual([]);
    // A file made again gives its date back; the other files stay undated.
    const [loc] = files.keys();
    await get(productSitemapFileHandler(serving(sitemaps), collections), fileParam(loc!));
    const section = fileParam(loc!)!.split('-')[0];
    const dated = [...indexLastmods((await get(index)).text)].filter(([, d]) => d !== undefined);
    expect(dated.length).toBeGreaterThan(0);
    expect(dated.every(([l]) => l.includes(`-${section}-`))).toBe(true);
  });

  it('a file past the last of its section is an empty urlset; a file of no section is not found and not kept', async () => {
    const [section] = await client.sections.list();
    const past = await get(productSitemapFileHandler(serving(settings), collections), `${section!.id}-99`);
    expect(past.response.status).toBe(200);
    expect(texts(past.text, 'loc')).toEqual([]);
    expect(past.cache.tags).toContain('sitecontent:sitemaps');
    for (const name of ['987654-1', '01-1', 'x']) {
      const file = await get(productSitemapFileHandler(serving(settings), collections), name);
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
    const hybrid = productSitemapOptionsSchema.parse({
      ...settings,
      index: '/sitemap-hybrid.xml',
      include: ['/sitemap-0.xml'],
    });
    const { files, indexes } = await crawl(hybrid, hybridCollections);
    for (const index of indexes) expect(texts(index, 'loc')[0]).toBe('https://shop.test/sitemap-0.xml');
    const listed = [...files.values()].flatMap((f) => f.locs);
    const tail = products.filter((p) => p.shw && !head.has(p.id));
    expect(listed.sort()).toEqual(tail.map(pageUrl).sort());
  });
});
