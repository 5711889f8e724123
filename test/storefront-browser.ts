// The storefront in Debian's Chromium: it follows the navigation home → section → product → article
// on the build of storefront.test.ts (registered from there, so it runs after that build).
import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Section } from '@sitecontent/client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withChromium } from './helpers/browser.js';
import type { DemoData } from './helpers/demo-catalog.js';
import {
  type BuildResult,
  repoRoot,
  resultsDir,
  type StaticServer,
  serveStatic,
  trimSlash,
} from './helpers/storefront.js';

export function describeBrowserCheck(state: () => { build: BuildResult; demo: DemoData }): void {
  describe('storefront in a browser', () => {
    it('follows the navigation from home to a section, a product and an article', async (ctx) => {
      const { build, demo } = state();
      expect(build.code).toBe(0);

      // A product on sale, with colour swatches, reachable from a top-level section.
      const sectionByTx = new Map(demo.sections.map((s) => [s.tx, s]));
      const rootOf = (tx: string): Section | undefined => {
        let s = sectionByTx.get(tx);
        const seen = new Set<string>();
        while (s?.par && sectionByTx.has(s.par) && !seen.has(s.tx)) {
          seen.add(s.tx);
          s = sectionByTx.get(s.par);
        }
        return s;
      };
      const target = demo.products.find((p) => {
        const mods = demo.modifications.get(p.id) ?? [];
        const cheapest = [...mods].sort((a, b) => a.price - b.price)[0];
        return (
          cheapest && cheapest.price_old > cheapest.price && mods.some((m) => m.color) && rootOf(p.cattx)
        );
      });
      expect(target, 'the demo data has a discounted product with colours').toBeDefined();
      const root = rootOf(target!.cattx)!;
      const article = demo.articles[0];
      expect(article).toBeDefined();

      const server: StaticServer = await serveStatic(build.outDir);
      try {
        await withChromium(ctx, async (page) => {
          await mkdir(resultsDir, { recursive: true });
          const failed: string[] = [];
          // Lazy images still loading when the page is left are aborted: not a failure.
          page.on('requestfailed', (r) => {
            if (!r.failure()?.errorText.includes('ERR_ABORTED'))
              failed.push(`${r.failure()?.errorText} ${r.url()}`);
          });
          page.on('response', (r) => {
            if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
          });

          // Home
          await page.goto(`${server.url}/`);
          expect(await page.title()).toMatch(/\S/);
          await expect.poll(() => page.locator('h2', { hasText: 'Featured products' }).count()).toBe(1);
          await page.screenshot({ path: path.join(resultsDir, 'storefront-home.png') });
          await saveReadmeScreenshot(page);

          // Section, through the main navigation
          await page
            .getByRole('navigation', { name: 'Main' })
            .getByRole('link', { name: root.zag, exact: true })
            .click();
          await page.waitForURL((u) => trimSlash(u.pathname) === trimSlash(root.url));
          expect(await page.locator('h1').textContent()).toBe(root.zag);
          await expect.poll(() => page.getByRole('navigation', { name: 'Breadcrumb' }).count()).toBe(1);
          await expect.poll(() => page.getByRole('navigation', { name: 'Sections' }).count()).toBe(1);
          await page.screenshot({ path: path.join(resultsDir, 'storefront-section.png'), fullPage: true });

          // Product, through its card
          await page.locator('.product-card h3 a', { hasText: target!.zag }).first().click();
          await page.waitForURL((u) => trimSlash(u.pathname).endsWith(`/${target!.id}`));
          expect(await page.locator('h1').textContent()).toBe(target!.zag);
          const price = page.locator('.buy-box [data-testid="price"] [data-amount]');
          expect(await price.textContent()).toMatch(/\$\s?[\d,.]+/);
          expect(await page.locator('.buy-box [data-testid="old-price"]').textContent()).toMatch(
            /\$\s?[\d,.]+/,
          );
          const swatches = page.locator('.mods .swatch');
          expect(await swatches.count()).toBeGreaterThan(0);
          const colour = await swatches.first().evaluate((el) => getComputedStyle(el).backgroundColor);
          expect(colour).toMatch(/^rgb/);
          if (target!.vendor) expect(await page.getByTestId('vendor').textContent()).toBe(target!.vendor);
          const mainImage = page.locator('[data-main-image]');
          await expect
            .poll(() => mainImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
            .toBeGreaterThan(0);
          await page.screenshot({ path: path.join(resultsDir, 'storefront-product.png'), fullPage: true });

          // A variant's URL (its offer URL in the JSON-LD and the feed) shows that variant.
          const mods = [...(demo.modifications.get(target!.id) ?? [])].filter((m) => m.shw);
          const chosen = mods.sort((a, b) => b.price - a.price)[0]!;
          await page.goto(`${page.url().split('?')[0]}?variant=${chosen.id}`);
          const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
          await expect.poll(() => price.textContent()).toBe(usd.format(chosen.price));
          expect(await page.locator('[data-chosen]').textContent()).toBe(chosen.stxt || chosen.articul);
          expect(await page.locator('[data-chosen]').isVisible()).toBe(true);
          // Naming the variant moves nothing: its line is there from the start, one line tall.
          const shift = await layoutShift(page);
          expect(shift.total, shift.moved.join('\n')).toBe(0);
          expect(await page.locator(`[data-variant="${chosen.id}"]`).getAttribute('aria-current')).toBe(
            'true',
          );
          expect(await page.locator('link[rel="canonical"]').getAttribute('href')).not.toContain('?');

          // Article: back home, then a card of the latest articles
          await page
            .getByRole('link', { name: /Lumen & Oak/ })
            .first()
            .click();
          await page.waitForURL((u) => u.pathname === '/');
          const articleLink = page.locator('section[aria-labelledby="latest-title"] .card h3 a').first();
          const articleTitle = await articleLink.textContent();
          await articleLink.click();
          await page.waitForURL((u) => u.pathname !== '/');
          expect(await page.locator('h1').textContent()).toBe(articleTitle);
          expect(demo.articles.some((a) => a.zag === articleTitle)).toBe(true);
          await page.screenshot({ path: path.join(resultsDir, 'storefront-article.png'), fullPage: true });

          expect(failed).toEqual([]);
          expect(server.misses).toEqual([]);
        });
      } finally {
        await server.close();
      }
    }, 120_000);
  });
}

/**
 * The page's cumulative layout shift so far (the sum of its `layout-shift` entries without recent
 * input, as Lighthouse's CLS counts them), read after two frames so that a shift of the frame the
 * page's scripts ran in is counted too.
 */
function layoutShift(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const source of entry.sources) {
              const el = source.node instanceof Element ? source.node : source.node?.parentElement;
              moved.push(
                el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${entry.value}` : '?',
              );
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(() => resolve({ total, moved }), 100)),
        );
      }),
  );
}

/**
 * docs/storefront.png (the README's screenshot) is written when missing or when
 * STOREFRONT_UPDATE_SCREENSHOT is set, so ordinary test runs leave the committed file alone.
 */
async function saveReadmeScreenshot(page: import('playwright-core').Page): Promise<void> {
  const target = path.join(repoRoot, 'docs', 'storefront.png');
  if (existsSync(target) && !process.env.STOREFRONT_UPDATE_SCREENSHOT) return;
  const tmp = path.join(resultsDir, 'storefront-readme.png');
  const viewport = page.viewportSize();
  // Tall enough to show the hero, the sections and the first row of featured products.
  await page.setViewportSize({ width: 1200, height: 1120 });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.screenshot({ path: tmp });
  if (viewport) await page.setViewportSize(viewport);
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(tmp, target);
}
