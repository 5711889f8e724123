import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ARTICLES,
  DEMO_PRODUCTS,
  DEMO_SECTIONS,
  demoAssetsDir,
  demoProductImages,
  openDatabase,
  Store,
  seedDemo,
  seedSynthetic,
} from '../src/index.js';

describe('demo seed', () => {
  it('has the storefront the example site needs', () => {
    const catalogChildren = DEMO_SECTIONS.filter((s) => s.par === 'catalog');
    expect(catalogChildren.length).toBeGreaterThanOrEqual(3);
    const nested = DEMO_SECTIONS.filter((s) => catalogChildren.some((c) => c.tx === s.par));
    expect(nested.length).toBeGreaterThanOrEqual(3);
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(30);
    expect(DEMO_ARTICLES.filter((a) => a.section === 'blog').length).toBeGreaterThanOrEqual(5);
    expect(DEMO_ARTICLES.filter((a) => a.section === 'news').length).toBeGreaterThanOrEqual(5);
    for (const a of DEMO_ARTICLES.filter((x) => x.shw !== 0)) {
      for (const tag of [/<p>/, /<(ul|ol)>/, /<a href=/, /<img /]) expect(a.txt, a.slug).toMatch(tag);
    }
    const hostile = DEMO_ARTICLES.filter((a) => a.txt.includes('<script>') && a.txt.includes('onclick='));
    expect(hostile).toHaveLength(1);
    expect(DEMO_PRODUCTS.every((p) => p.mods.length > 0 && p.photos > 0)).toBe(true);
    expect(DEMO_PRODUCTS.some((p) => p.mods.some(([, , , price, old]) => old > price))).toBe(true);
  });

  it('every demo image exists under demoAssetsDir, mirroring img.path', () => {
    for (const product of DEMO_PRODUCTS) {
      for (const img of demoProductImages(product)) {
        for (const file of [img.image, img.image_small, img.image_big]) {
          expect(existsSync(join(demoAssetsDir, img.path, file)), `${img.path}${file}`).toBe(true);
        }
      }
    }
    for (const article of DEMO_ARTICLES) {
      for (const [, src] of article.txt.matchAll(/<img src="([^"]+)"/g)) {
        expect(existsSync(join(demoAssetsDir, src!)), src).toBe(true);
      }
    }
  });

  it('seeds meta for most pages and two domains', () => {
    const db = openDatabase();
    const summary = seedDemo(db, 1);
    expect(summary.products).toBe(DEMO_PRODUCTS.length);
    expect(summary.meta).toBeGreaterThan((summary.products + summary.sections + summary.articles) / 2);
    expect(summary.domains).toBe(2);
    expect(new Store(db).isSiteEmpty(1)).toBe(false);
    expect(new Store(db).isSiteEmpty(2)).toBe(true);
    db.close();
  });
});

describe('synthetic seed', () => {
  it('is deterministic per seed', () => {
    const dump = (seed: number) => {
      const db = openDatabase();
      seedSynthetic(db, 1, { products: 200, sections: 10, articles: 5, modsPerProduct: 3, seed });
      const rows = JSON.stringify(new Store(db).listProducts(1, {}));
      db.close();
      return rows;
    };
    expect(dump(1)).toBe(dump(1));
    expect(dump(1)).not.toBe(dump(2));
  });

  it('seeds 100,000 products in well under a minute', () => {
    const db = openDatabase();
    const started = performance.now();
    const summary = seedSynthetic(db, 1, {
      products: 100_000,
      sections: 50,
      articles: 100,
      modsPerProduct: 2,
      seed: 3,
    });
    const seconds = (performance.now() - started) / 1000;
    expect(summary.products).toBe(100_000);
    expect(summary.modifications).toBe(200_000);
    expect(seconds).toBeLessThan(60);
    db.close();
  });
});
