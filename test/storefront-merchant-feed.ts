/**
 * The storefront's merchant listings, read from the one build test/storefront.test.ts makes: the
 * product feed it writes states every offer of its product pages at the page's price, availability
 * and URL; each variant has its own URL on its product's page; and nothing search reads (JSON-LD
 * product images, the image sitemap, the feed) names an SVG.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jsonLdOf, offersOf } from './helpers/json-ld.js';
import { canonicalHref } from './helpers/storefront.js';
import type { StorefrontState } from './storefront-search-facts.js';

/** Each feed item's `g:` fields (first value; `g:shipping`'s own fields left out). */
function feedItems(xml: string): Record<string, string>[] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, body]) => {
    const flat = (body ?? '').replace(/<g:shipping>[\s\S]*?<\/g:shipping>/g, '');
    const fields: Record<string, string> = {};
    for (const [, name, value] of flat.matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)) fields[name!] ??= value!;
    return fields;
  });
}

const AVAILABILITY: Record<string, string> = { 'https://schema.org/InStock': 'in_stock' };

export function describeMerchantFeed(state: () => StorefrontState): void {
  describe('storefront merchant listings', () => {
    it('writes dist/product-feed.xml: an item for every offer of every product page, at its price, availability and URL', async () => {
      const { build, demo, pages } = state();
      const xml = await readFile(path.join(build.outDir, 'product-feed.xml'), 'utf8');
      expect(xml).toMatch(/<rss version="2\.0" xmlns:g="http:\/\/base\.google\.com\/ns\/1\.0">/);
      const offers = new Map<string, Record<string, unknown>>();
      for (const html of pages.values()) {
        for (const node of jsonLdOf(html).filter((n) => /^Product(Group)?$/.test(n['@type'])))
          for (const offer of offersOf(node)) offers.set(String(offer.url), offer);
      }
      const items = feedItems(xml);
      expect(offers.size).toBeGreaterThanOrEqual(demo.products.length);
      expect(items.map((item) => item.link).sort()).toEqual([...offers.keys()].sort());
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      for (const item of items) {
        const offer = offers.get(item.link!)!;
        const [amount, currency] = (item.sale_price ?? item.price)!.split(' ');
        expect(Number(amount), item.id).toBe(offer.price);
        expect(currency, item.id).toBe(offer.priceCurrency);
        expect(item.availability, item.id).toBe(AVAILABILITY[String(offer.availability)]);
        expect(item.condition).toBe('new');
        // A variant's id and group name its product and modification.
        const variant = /\?variant=(\d+)$/.exec(item.link!)?.[1];
        if (variant) expect(item.id).toBe(`${item.item_group_id}-${variant}`);
      }
      // Sale prices: the regular price is the page's list price.
      expect(items.some((item) => item.sale_price !== undefined)).toBe(true);
    });

    it('gives each variant its own URL on its product page; the canonical stays the page; the page names the variant', () => {
      const { pages } = state();
      let groups = 0;
      for (const html of pages.values()) {
        const group = jsonLdOf(html).find((n) => n['@type'] === 'ProductGroup');
        if (!group) continue;
        groups++;
        const canonical = canonicalHref(html)!;
        expect(canonical).not.toContain('?');
        const urls = offersOf(group).map((offer) => String(offer.url));
        expect(new Set(urls).size).toBe(urls.length);
        for (const url of urls) {
          const parsed = new URL(url);
          expect(`${parsed.origin}${parsed.pathname}`).toBe(canonical);
          const id = parsed.searchParams.get('variant');
          // The page lists the variant the URL names, for its script to show it.
          expect(html).toContain(`data-variant="${id}"`);
        }
      }
      expect(groups).toBeGreaterThan(10);
    });

    it('names no SVG in product JSON-LD, the image sitemap or the feed: JPEGs of the build, 1200 px wide', async () => {
      const { build, demo, pages } = state();
      const named = new Set<string>();
      for (const html of pages.values()) {
        for (const node of jsonLdOf(html).filter((n) => /^Product(Group)?$/.test(n['@type']))) {
          for (const image of [node.image ?? []].flat()) named.add(String(image));
          for (const variant of (node.hasVariant as { image?: string[] }[] | undefined) ?? [])
            for (const image of variant.image ?? []) named.add(image);
        }
      }
      const sitemap = await readFile(path.join(build.outDir, 'sitemap-0.xml'), 'utf8');
      const inSitemap = [...sitemap.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => m[1]!);
      const feed = await readFile(path.join(build.outDir, 'product-feed.xml'), 'utf8');
      const inFeed = [...feed.matchAll(/<g:(?:additional_)?image_link>([^<]+)</g)].map((m) => m[1]!);
      expect(inSitemap.length).toBeGreaterThanOrEqual(demo.products.length);
      expect(inFeed.length).toBeGreaterThanOrEqual(demo.products.length);
      for (const url of [...named, ...inSitemap, ...inFeed]) {
        expect(url).toMatch(new RegExp(`^${demo.origin}/_astro/[^/]+\\.jpe?g$`));
        named.add(url);
      }
      for (const url of named) {
        const { format, width } = await sharp(path.join(build.outDir, new URL(url).pathname)).metadata();
        expect(format).toBe('jpeg');
        // The demo photos are 1280 px wide: the files are Merchant Center's 1200.
        expect(width).toBe(1200);
      }
    });
  });
}
