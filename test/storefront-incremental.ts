// Incremental rebuilds of the example storefront (Astro's `experimental.incrementalBuild` with the
// pages' cache keys, example-site/src/lib/pages.ts), against an emulator of this process whose data
// the test changes between builds. Registered from storefront.test.ts so that its builds run after
// that file's and never beside them: both use the storefront's own .astro/ and cache folders.
//  1. a fresh checkout with only the cache folder restored (what a CI pipeline keeps) renders 0 pages,
//     and dates every page as the fresh builds did (no page gets the build's time);
//  2. one changed product renders its page and the pages that list it, and no others, and moves the
//     lastmod of those pages only;
//  3. a modification's change moves its product's lastmod and JSON-LD dateModified together;
//  4. a section renamed: the rebuild passes its SEO check, its old URL and its products' are redirect
//     pages to the new ones, in no sitemap, and an article's link to it names the new URL.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LISTING_PAGE_SIZE, listingPageUrl, sectionListing } from '@sitecontent/astro';
import { createClient, type Product, type Section } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLdOf } from './helpers/json-ld.js';
import {
  type BuildResult,
  buildSite,
  cleanAstroState,
  sitemapLastmods,
  storefrontCacheDir,
  trimSlash,
} from './helpers/storefront.js';

/** Astro's cache dir for the storefront (astro.config.mjs): the data store and the incremental cache. */
const cacheDir = storefrontCacheDir;

/** URL paths Astro rendered in a build, and those it took from its incremental cache. */
export function renderedPages(output: string): { rendered: string[]; reused: string[] } {
  const rendered: string[] = [];
  const reused: string[] = [];
  for (const line of output.split('\n')) {
    const m = /├─ (\/\S*\.html)(.*)$/.exec(line);
    if (!m) continue;
    const file = m[1]!;
    const url = file === '/index.html' ? '/' : file.replace(/\/index\.html$/, '').replace(/\.html$/, '');
    (/\((cached|restored)\)/.test(m[2]!) ? reused : rendered).push(url);
  }
  return { rendered: rendered.sort(), reused: reused.sort() };
}

/**
 * `freshLastmods`: the sitemap's lastmods of a build of the same demo catalog from a clean state,
 * earlier and by another emulator (storefront.test.ts's build).
 */
export function describeIncrementalRebuilds(
  freshLastmods: () => Promise<Map<string, string | undefined>>,
): void {
  describe('incremental rebuilds', () => {
    let emu: Emulator;
    // One output folder for every build, as a pipeline's checkout has: Astro's astro:assets module
    // holds the output folder's path, so pages that make images change with it and render again.
    let outDir: string;
    const build = async (): Promise<BuildResult & ReturnType<typeof renderedPages>> => {
      const result = await buildSite(
        {
          SITECONTENT_BASE_URL: emu.url,
          SITECONTENT_API_KEY: emu.key,
          SITECONTENT_SID: String(emu.sid),
          SITECONTENT_DEMO_ASSETS: '1',
        },
        undefined,
        outDir,
      );
      expect(result.code, result.output.slice(-3000)).toBe(0);
      return { ...result, ...renderedPages(result.output) };
    };

    beforeAll(async () => {
      emu = await startEmulator({ seed: 'demo' });
      outDir = await mkdtemp(path.join(tmpdir(), 'storefront-incremental-'));
      await cleanAstroState();
    });
    afterAll(async () => {
      await emu?.close();
      if (outDir) await rm(outDir, { recursive: true, force: true });
    });

    it('a fresh checkout with the restored cache folder renders no page when nothing changed', async () => {
      const cold = await build();
      // Read now: the rebuild writes to the same output folder.
      const dated = await sitemapLastmods(outDir);
      expect(cold.reused).toEqual([]);
      expect(cold.rendered.length).toBeGreaterThan(50);
      expect(cold.rendered).toEqual(expect.arrayContaining(['/', '/404']));

      // What a pipeline keeps between runs: Astro's cache folder. Everything else starts afresh.
      const kept = await mkdtemp(path.join(tmpdir(), 'storefront-cache-'));
      await cp(cacheDir, kept, { recursive: true });
      await cleanAstroState();
      await rm(outDir, { recursive: true, force: true });
      await cp(kept, cacheDir, { recursive: true });
      await rm(kept, { recursive: true, force: true });

      const rebuild = await build();
      expect(rebuild.rendered).toEqual([]);
      expect(rebuild.reused).toEqual(cold.rendered);
      expect(rebuild.output).toMatch(/products: \d+ records .* 0 written/);
      // Unchanged content never gets a build's time: with the cache, or without it at another time.
      expect([...dated.values()].filter(Boolean).length).toBeGreaterThan(50);
      expect(await sitemapLastmods(rebuild.outDir)).toEqual(dated);
      expect(await freshLastmods()).toEqual(dated);
    }, 300_000);

    it('one changed product renders its page and the pages that list it, and no others', async () => {
      const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
      let products: Product[];
      let sections: Section[];
      try {
        [products, sections] = await Promise.all([client.products.list(), client.sections.list()]);
      } finally {
        await client.close();
      }
      const visible = products.filter((p) => p.shw);
      const bySection = (tx: string) => visible.filter((p) => p.cattx === tx);
      // A product with enough neighbours that "related products" on other pages shows it.
      const changed = visible.find((p) => bySection(p.cattx).length >= 3)!;
      emu.exec(`UPDATE products SET zag = zag || ' (2026 edition)' WHERE id = ${changed.id}`);

      const sectionOf = new Map(sections.map((s) => [s.tx, s]));
      const chain: Section[] = [];
      for (let s = sectionOf.get(changed.cattx); s; s = s.par ? sectionOf.get(s.par) : undefined) {
        if (s.shw) chain.push(s);
      }
      const url = (p: Product) => `${sectionOf.get(p.cattx)!.url}/${p.id}`;
      // Product pages show up to four other products of their section (lib/shop.ts, relatedTo).
      const listing = bySection(changed.cattx).filter((p) =>
        bySection(p.cattx)
          .filter((q) => q.id !== p.id)
          .slice(0, 4)
          .some((q) => q.id === changed.id),
      );
      // Every page of a listing states the listing's change time: each renders again.
      const shown = sections.filter((s) => s.shw);
      const listingPages = (s: Section) => {
        const count = sectionListing(s, { sections: shown, products: visible }).length;
        return Array.from({ length: Math.max(1, Math.ceil(count / LISTING_PAGE_SIZE)) }, (_, i) =>
          trimSlash(listingPageUrl(s.url, i + 1)),
        );
      };
      const expected = ['/', url(changed), ...chain.flatMap(listingPages), ...listing.map(url)].sort();

      const before = await sitemapLastmods(outDir);
      const rebuild = await build();
      expect(rebuild.output).toMatch(/products: \d+ records .* 1 written/);
      expect(rebuild.rendered).toEqual(expected);
      // The product, every page of its sections' listings and the home page are dated anew; no other page.
      const after = await sitemapLastmods(rebuild.outDir);
      const moved = [...after].filter(([pathname, time]) => before.get(pathname) !== time).map(([p]) => p);
      expect(moved.sort()).toEqual(expected.filter((p) => p === '/' || !listing.some((q) => url(q) === p)));
      expect(rebuild.reused.length).toBeGreaterThan(40);
    }, 300_000);

    it("a modification's change moves its product's lastmod and dateModified alike, and its listing's", async () => {
      const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
      let product: Product;
      let sections: Section[];
      let modification: { id: number } | undefined;
      try {
        sections = await client.sections.list();
        const products = (await client.products.list()).filter((p) => p.shw);
        product = products.find((p) => p.sku.length > 0)!;
        modification = (await client.modifications.list({ goodsId: product.id })).find((m) => m.shw);
      } finally {
        await client.close();
      }
      expect(modification).toBeDefined();
      // Its option name, which the product page shows and the product record (whose `sku` holds
      // only the modifications' ids, prices and colours) does not: only the modification changes.
      emu.exec(`UPDATE modifications SET stxt = stxt || ' (new)' WHERE id = ${modification!.id}`);
      const section = sections.find((s) => s.tx === product.cattx)!;
      const page = `${section.url}/${product.id}`;

      const before = await sitemapLastmods(outDir);
      const rebuild = await build();
      expect(rebuild.output).toMatch(/products: \d+ records .* 0 written/);
      const after = await sitemapLastmods(rebuild.outDir);
      expect(after.get(page)! > before.get(page)!, page).toBe(true);
      expect(after.get(section.url)! > before.get(section.url)!, section.url).toBe(true);
      const html = await readFile(path.join(rebuild.outDir, page, 'index.html'), 'utf8');
      const stated = jsonLdOf(html).find((node) => node['@type'] === 'ItemPage');
      expect(stated?.dateModified).toBe(after.get(page));
    }, 300_000);

    it('a renamed section: its old URLs redirect to the new ones, in no sitemap; links name the new URL', async () => {
      const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
      let products: Product[];
      let linking: { url: string } | undefined;
      try {
        products = (await client.products.list({ cattx: 'phones' })).filter((p) => p.shw);
        linking = (await client.articles.list()).find(
          (a) => a.shw && a.txt.includes('href="/catalog/phones"'),
        );
      } finally {
        await client.close();
      }
      expect(products.length).toBeGreaterThan(0);
      expect(linking).toBeDefined();
      emu.exec(`UPDATE sections SET tx = 'mobiles' WHERE tx = 'phones'`);

      // build() fails on a failed build: the storefront's SEO check (seoCheck: 'fail') passed.
      const rebuild = await build();
      const readRedirect = async (page: string) => {
        const html = await readFile(path.join(rebuild.outDir, page, 'index.html'), 'utf8');
        return /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(html)?.[1];
      };
      expect(await readRedirect('catalog/phones')).toBe('/catalog/mobiles/');
      for (const product of products) {
        expect(await readRedirect(`catalog/phones/${product.id}`)).toBe(`/catalog/mobiles/${product.id}/`);
        expect(await readRedirect(`catalog/mobiles/${product.id}`)).toBeUndefined();
      }
      const listed = [...(await sitemapLastmods(rebuild.outDir)).keys()];
      expect(listed).toContain('/catalog/mobiles');
      expect(listed.filter((p) => p.startsWith('/catalog/phones'))).toEqual([]);
      const article = await readFile(path.join(rebuild.outDir, linking!.url, 'index.html'), 'utf8');
      expect(article).toContain('href="/catalog/mobiles/"');
      expect(article).not.toContain('href="/catalog/phones');
    }, 300_000);
  });
}
