import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db/open.js';
import { DEMO_ARTICLES } from './demo-articles.js';
import { DEMO_PRODUCTS, DEMO_SECTIONS, type DemoProduct } from './demo-catalog.js';

/** 2025-01-06 09:00 UTC: day 0 of the demo's timeline (fixed, so the seed is reproducible). */
const EPOCH = 1_736_154_000;
const DAY = 86_400;

export interface SeedSummary {
  sections: number;
  products: number;
  modifications: number;
  images: number;
  articles: number;
  meta: number;
  domains: number;
}

/** The photos of a demo product: `<path><image>` exists under `demoAssetsDir` for each. */
export function demoProductImages(
  p: DemoProduct,
): { path: string; image: string; image_small: string; image_big: string }[] {
  return Array.from({ length: p.photos }, (_, i) => ({
    path: `/img/goods/${p.slug}/`,
    image: `photo-${i + 1}.svg`,
    image_small: `photo-${i + 1}-small.svg`,
    image_big: `photo-${i + 1}-big.svg`,
  }));
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Fills site `sid` with the "Lumen & Oak" demo storefront, in one transaction. Ids are assigned by
 * SQLite; on a fresh database they start at 1 in the order of the demo files.
 */
export function seedDemo(db: DatabaseSync, sid = 1): SeedSummary {
  const summary: SeedSummary = {
    sections: 0,
    products: 0,
    modifications: 0,
    images: 0,
    articles: 0,
    meta: 0,
    domains: 0,
  };
  const insertSection = db.prepare(
    'INSERT INTO sections (sid, tx, par, zag, txt, rlv, shw, tp) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertProduct = db.prepare(
    'INSERT INTO products (sid, catid, zag, stxt, txt, vendor, shw, dt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertImage = db.prepare(
    'INSERT INTO product_images (goods_id, path, image, image_small, image_big) VALUES (?, ?, ?, ?, ?)',
  );
  const insertMod = db.prepare(
    'INSERT INTO modifications (goods_id, price, price_old, articul, stxt, shw, sf, color) VALUES (?, ?, ?, ?, ?, 1, 1, ?)',
  );
  const insertArticle = db.prepare(
    'INSERT INTO articles (sid, catid, zag, stxt, txt, shw, dt) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertMeta = db.prepare(
    'INSERT INTO meta (sid, md, id, ttl, dsc, kwd, og_title, og_image) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertDomain = db.prepare(
    'INSERT INTO domains (sid, domain, technical, is_default, active, ns, paidtill) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const newId = (result: { lastInsertRowid: number | bigint }): number => Number(result.lastInsertRowid);

  transaction(db, () => {
    const sectionIds = new Map<string, number>();
    for (const s of DEMO_SECTIONS) {
      const id = newId(insertSection.run(sid, s.tx, s.par, s.zag, s.txt, s.rlv, s.shw ?? 1, s.tp));
      sectionIds.set(s.tx, id);
      summary.sections++;
      if (s.meta) {
        insertMeta.run(sid, 'dir', id, s.meta.ttl, s.meta.dsc, s.meta.kwd, s.meta.dsc, '');
        summary.meta++;
      }
    }

    DEMO_PRODUCTS.forEach((p, index) => {
      const txt = `<p>${escapeHtml(p.intro)}</p>\n<ul>${p.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`;
      const catid = sectionIds.get(p.section) ?? 0;
      const id = newId(
        insertProduct.run(sid, catid, p.zag, p.stxt, txt, p.vendor, p.shw ?? 1, EPOCH + p.day * DAY),
      );
      summary.products++;
      const images = demoProductImages(p);
      for (const image of images) {
        insertImage.run(id, image.path, image.image, image.image_small, image.image_big);
        summary.images++;
      }
      for (const [articul, colourName, color, price, priceOld] of p.mods) {
        insertMod.run(id, price, priceOld, articul, colourName, color);
        summary.modifications++;
      }
      // Every sixth product has no meta, so the storefront's fallback (title, teaser) is exercised.
      if (index % 6 !== 5) {
        const first = images[0];
        insertMeta.run(
          sid,
          'goods',
          id,
          `${p.zag} — buy online | Lumen & Oak`,
          `${p.stxt} Free delivery over $50 and a two-year warranty.`,
          `${p.zag.toLowerCase()}, ${p.vendor.toLowerCase()}, ${p.section.replaceAll('-', ' ')}`,
          p.stxt,
          first ? `${first.path}${first.image}` : '',
        );
        summary.meta++;
      }
    });

    for (const a of DEMO_ARTICLES) {
      const catid = sectionIds.get(a.section) ?? 0;
      const id = newId(insertArticle.run(sid, catid, a.zag, a.stxt, a.txt, a.shw ?? 1, EPOCH + a.day * DAY));
      summary.articles++;
      if (a.meta) {
        insertMeta.run(
          sid,
          a.section,
          id,
          a.meta.ttl,
          a.meta.dsc,
          '',
          a.stxt,
          `/img/${a.section}/${a.slug}.svg`,
        );
        summary.meta++;
      }
    }

    const ns = JSON.stringify(['ns1.example-dns.net', 'ns2.example-dns.net']);
    insertDomain.run(sid, 'shop.example', 0, 1, 1, ns, '2027-03-14');
    insertDomain.run(sid, '', 1, 0, 1, '[]', '2030-01-01');
    summary.domains += 2;
  });
  return summary;
}
