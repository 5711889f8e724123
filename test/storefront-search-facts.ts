/**
 * What the storefront states for search engines and social networks beyond its pages' heads, read
 * from the one build test/storefront.test.ts makes: the shop's merchant facts and named variants,
 * its paged section listings, its photos and share images through astro:assets, and the service's
 * links in the site's URL style.
 */

import { stat } from 'node:fs/promises';
import path from 'node:path';
import { listingPageUrl } from '@sitecontent/astro';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { richResultErrors } from '../packages/astro/test/helpers/rich-results.js';
import type { DemoData } from './helpers/demo-catalog.js';
import { jsonLdOf, swatchLabelsOf } from './helpers/json-ld.js';
import { type BuildResult, canonicalHref, metaContent, titleOf, trimSlash } from './helpers/storefront.js';

/** The shared build, its pages (URL path → HTML) and the demo data it was built from. */
export interface StorefrontState {
  build: BuildResult;
  demo: DemoData;
  pages: ReadonlyMap<string, string>;
  urlPathname: (kind: 'section' | 'product' | 'article', id: number) => string;
}

export function describeSearchFacts(state: () => StorefrontState): void {
  describe('storefront facts for search and sharing', () => {
    it('states its shipping and returns once, on the Organization, as its pages say them', async () => {
      const { demo, pages } = state();
      const [organization] = jsonLdOf(pages.get('/') ?? '');
      expect(organization).toMatchObject({
        '@type': 'Organization',
        logo: `${demo.origin}/logo.svg`,
        address: { '@type': 'PostalAddress', addressCountry: 'US' },
        contactPoint: { '@type': 'ContactPoint', contactType: 'customer service' },
        hasMerchantReturnPolicy: { merchantReturnDays: 30, returnFees: 'https://schema.org/FreeReturn' },
      });
      expect(await richResultErrors([organization!])).toEqual([]);
      interface Days {
        duration: { minValue: number; maxValue: number };
      }
      const service = organization!.hasShippingService as {
        handlingTime: Days;
        shippingConditions: {
          orderValue: { minValue: number };
          shippingRate: { value: number };
          transitTime: Days;
        }[];
      };
      const free = service.shippingConditions.find((c) => c.shippingRate.value === 0)!;
      const paid = service.shippingConditions.find((c) => c.shippingRate.value > 0)!;
      const handling = service.handlingTime.duration;
      const transit = paid.transitTime.duration;
      const usd = (value: number) =>
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
      // The product page's text states the same facts.
      const [pathname] = [...demo.expected].find(([, entry]) => entry.kind === 'product')!;
      const html = pages.get(pathname) ?? '';
      expect(html).toContain(
        `Free delivery from ${usd(free.orderValue.minValue)} (${usd(paid.shippingRate.value)} below), in ${
          handling.minValue + transit.minValue
        }–${handling.maxValue + transit.maxValue} business days`,
      );
      expect(html).toContain('30-day free returns by mail');
      // Stated once: no offer repeats them.
      for (const page of pages.values()) expect(page).not.toContain('shippingDetails');
      // Articles name the shop as author and publisher.
      const [article] = [...demo.expected].find(([, entry]) => entry.kind === 'article')!;
      const node = jsonLdOf(pages.get(article) ?? '').find((n) => /Article|Posting/.test(n['@type']))!;
      expect(node.author).toMatchObject({ '@type': 'Organization', name: organization!.name });
      expect(node.publisher).toEqual(node.author);
    });

    it('names each variant by what it differs in, with the colour names the page shows', () => {
      const { demo, pages } = state();
      const groups = new Map<
        string,
        { variesBy: string[]; variants: Record<string, unknown>[]; page: string }
      >();
      for (const [pathname, entry] of demo.expected) {
        if (entry.kind !== 'product') continue;
        const html = pages.get(pathname) ?? '';
        const group = jsonLdOf(html).find((n) => n['@type'] === 'ProductGroup');
        if (!group) continue;
        const variants = group.hasVariant as Record<string, unknown>[];
        groups.set(entry.zag, { variesBy: group.variesBy as string[], variants, page: html });
        // Every colour stated is a name the page's swatches show, never a code.
        const labels = new Set(swatchLabelsOf(html));
        for (const variant of variants) {
          expect(String(variant.color), pathname).not.toMatch(/^#/);
          expect(labels.has(String(variant.color)), `${pathname}: ${String(variant.color)}`).toBe(true);
        }
      }
      expect(groups.size).toBeGreaterThan(10);
      // Variants of one colour are told apart by storage, size or the phone a case fits.
      const sizes = (name: string) => groups.get(name)?.variants.map((v) => [v.color, v.size]);
      expect(groups.get('Aurora X1')?.variesBy).toEqual([
        'https://schema.org/color',
        'https://schema.org/size',
      ]);
      expect(sizes('Aurora X1')).toEqual([
        ['Midnight', '128 GB'],
        ['Harbour blue', '128 GB'],
        ['Midnight', '256 GB'],
      ]);
      expect(groups.get('Raptor G16')?.variesBy).toEqual(['https://schema.org/size']);
      expect(sizes('Tough Shell Case')?.map(([, size]) => size)).toEqual([
        'for Aurora X1',
        'for Aurora X1',
        'for Nimbus 8 Pro',
      ]);
      // Variants that differ only in colour state only colour.
      expect(groups.get('Harbor Mini')?.variesBy).toEqual(['https://schema.org/color']);
    });

    it('pages section listings: each page its own canonical, its products in its ItemList, prev/next links', () => {
      const { demo, pages } = state();
      const sectionUrl = new Map(demo.sections.map((s) => [s.tx, trimSlash(s.url)]));
      for (const [url, listing] of demo.listings) {
        listing.forEach((products, i) => {
          const n = i + 1;
          const pathname = trimSlash(listingPageUrl(`${url}/`, n));
          const html = pages.get(pathname) ?? '';
          expect(canonicalHref(html), pathname).toBe(`${demo.origin}${listingPageUrl(`${url}/`, n)}`);
          // Page n has a title of its own: no two pages of a listing share one.
          if (n > 1) expect(titleOf(html), pathname).toContain(`page ${n} of ${listing.length}`);
          // …and a description of its own.
          if (n > 1) expect(metaContent(html, 'description'), pathname).toMatch(new RegExp(` — page ${n}$`));
          // The first card's photo is the listing's largest image: fetched first, never lazily.
          const firstCard = /<img [^>]*>/.exec(html.slice(html.indexOf('class="card-media"')))?.[0] ?? '';
          if (products.length > 0) expect(firstCard, pathname).toMatch(/fetchpriority="high"/);
          if (products.length > 0) expect(firstCard, pathname).not.toMatch(/loading="lazy"/);
          // The products' ItemList comes first; a blog or news section's articles have one after it.
          const lists = jsonLdOf(html).filter((node) => node['@type'] === 'ItemList');
          const list = products.length > 0 ? lists[0] : undefined;
          const start = listing.slice(0, i).reduce((sum, page) => sum + page.length, 0);
          const items = (list?.itemListElement ?? []) as { position: number; url: string }[];
          expect(
            items.map((item) => [item.position, trimSlash(new URL(item.url).pathname)]),
            pathname,
          ).toEqual(products.map((p, j) => [start + j + 1, `${sectionUrl.get(p.cattx)}/${p.id}`]));
          if (n === 1 && /^\/(blog|news)$/.test(url)) {
            const articles = (lists.at(-1)?.itemListElement ?? []) as { url: string }[];
            expect(articles.length, pathname).toBeGreaterThan(0);
            for (const item of articles)
              expect(pages.has(trimSlash(new URL(item.url).pathname)), item.url).toBe(true);
          }
          const rel = (name: string) => new RegExp(`<a [^>]*rel="${name}" href="([^"]*)"`).exec(html)?.[1];
          expect(rel('prev'), pathname).toBe(n > 1 ? listingPageUrl(`${url}/`, n - 1) : undefined);
          expect(rel('next'), pathname).toBe(
            n < listing.length ? listingPageUrl(`${url}/`, n + 1) : undefined,
          );
        });
      }
    });

    it('shows product photos as sized WebP variants made by astro:assets, and ships them', async () => {
      const { build, demo, pages, urlPathname } = state();
      const product = demo.products.find((p) => p.img.length > 0);
      const html = pages.get(urlPathname('product', product!.id)) ?? '';
      const main = /<img [^>]*data-main-image[^>]*>/.exec(html)?.[0] ?? '';
      const src = / src="(\/_astro\/[^"]+\.webp)"/.exec(main)?.[1] ?? '';
      expect(src, main).not.toBe('');
      const candidates = / srcset="([^"]+)"/.exec(main)?.[1]?.split(', ') ?? [];
      expect(candidates.length, main).toBeGreaterThanOrEqual(2);
      for (const candidate of candidates) expect(candidate).toMatch(/^\/_astro\/[^ ]+\.webp \d+w$/);
      // The size the page states is the file's.
      const { width, height, format } = await sharp(path.join(build.outDir, src)).metadata();
      expect(format).toBe('webp');
      expect(main).toContain(` width="${width}" height="${height}"`);
      const shipped = [...html.matchAll(/\/_astro\/[^"\s]+\.webp/g)].map((m) => m[0]);
      expect(shipped.length).toBeGreaterThan(2);
      for (const file of new Set(shipped))
        expect((await stat(path.join(build.outDir, file))).size).toBeGreaterThan(0);
      // The big photo opens as the service serves it, from the copy the site ships.
      const img = product!.img[0]!;
      const dir = img.path.replace(/^\/+|\/+$/g, '');
      expect(html).toContain(`href="/${dir}/${img.image_big}"`);
      expect((await stat(path.join(build.outDir, dir, img.image_big))).size).toBeGreaterThan(0);
    });

    it('shares every indexable page with a raster image of stated size: its own, else the site default', async () => {
      const { build, demo, pages, urlPathname } = state();
      let own = 0;
      for (const [pathname, html] of pages) {
        if (pathname === '/404') continue;
        const url = new URL(metaContent(html, 'og:image') ?? '', demo.origin);
        expect(url.origin, pathname).toBe(demo.origin);
        expect(url.pathname, pathname).toMatch(/^\/_astro\/[^/]+\.(jpe?g|png)$/);
        expect(metaContent(html, 'og:image:type'), pathname).toMatch(/^image\/(jpeg|png)$/);
        const { width, height } = await sharp(path.join(build.outDir, url.pathname)).metadata();
        expect(metaContent(html, 'og:image:width'), pathname).toBe(String(width));
        expect(metaContent(html, 'og:image:height'), pathname).toBe(String(height));
        expect(metaContent(html, 'twitter:image'), pathname).toBe(url.href);
        if (!url.pathname.includes('share-default')) own++;
      }
      // Products and articles with a photo share it; sections share the default.
      expect(own).toBeGreaterThanOrEqual(demo.products.length);
      expect(
        metaContent(pages.get(urlPathname('section', demo.sections[0]!.id)) ?? '', 'og:image'),
      ).toContain('share-default');
    });

    it("writes the service's links to the site's pages as their canonical URLs", () => {
      const { pages } = state();
      const canonicalPaths = new Set(
        [...pages.values()]
          .map((html) => canonicalHref(html))
          .flatMap((c) => (c ? [new URL(c).pathname] : [])),
      );
      const inText = [...pages.values()].flatMap((html) =>
        [...html.matchAll(/<div class="[^"]*prose[^"]*">([\s\S]*?)<\/div>/g)].flatMap((m) =>
          [...(m[1] ?? '').matchAll(/<a [^>]*href="(\/[^"#?.]*)"/g)].map((a) => a[1] ?? ''),
        ),
      );
      expect(inText).toContain('/catalog/phones/');
      expect(inText.filter((href) => !canonicalPaths.has(href))).toEqual([]);
    });
  });
}
