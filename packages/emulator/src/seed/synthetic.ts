import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db/open.js';
import { createRandom } from '../prng.js';
import type { SeedSummary } from './demo.js';

/** Size and seed of a synthetic catalog. */
export interface SyntheticOptions {
  /** @default 1000 */
  products: number;
  /** Catalog sections in total, the first being the root `catalog`. @default 20 */
  sections: number;
  /** @default 50 */
  articles: number;
  /** @default 2 */
  modsPerProduct: number;
  /** Same seed, same catalog. @default 1 */
  seed: number;
}

export const SYNTHETIC_DEFAULTS = {
  products: 1000,
  sections: 20,
  articles: 50,
  modsPerProduct: 2,
  seed: 1,
} as const satisfies SyntheticOptions;

const ADJECTIVES = [
  'Compact',
  'Pro',
  'Ultra',
  'Classic',
  'Smart',
  'Silent',
  'Rugged',
  'Slim',
  'Studio',
  'Active',
];
const NOUNS = [
  'Phone',
  'Laptop',
  'Speaker',
  'Headphones',
  'Watch',
  'Tablet',
  'Camera',
  'Charger',
  'Monitor',
  'Router',
];
const VENDORS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Hooli', 'Vandelay'];
const COLOURS = ['#1c1c1e', '#f5f5f7', '#c0c4c8', '#2f5d9e', '#3f7d58', '#c0392b', '#d8c3a5', ''];
const EPOCH = 1_704_067_200; // 2024-01-01 UTC

/**
 * Deterministic synthetic catalog for size tests and benchmarks: the same options give the same
 * rows. Prepared statements in one transaction keep 100,000 products to a few seconds.
 */
export function seedSynthetic(
  db: DatabaseSync,
  sid = 1,
  options: Partial<SyntheticOptions> = {},
): SeedSummary {
  const o: SyntheticOptions = { ...SYNTHETIC_DEFAULTS, ...options };
  const random = createRandom(o.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
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
    'INSERT INTO sections (sid, tx, par, zag, txt, rlv, shw, tp) VALUES (?, ?, ?, ?, ?, ?, 1, ?)',
  );
  const insertProduct = db.prepare(
    'INSERT INTO products (sid, catid, zag, stxt, txt, vendor, shw, dt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertImage = db.prepare(
    'INSERT INTO product_images (goods_id, path, image, image_small, image_big) VALUES (?, ?, ?, ?, ?)',
  );
  const insertMod = db.prepare(
    'INSERT INTO modifications (goods_id, price, price_old, articul, stxt, shw, sf, color) VALUES (?, ?, ?, ?, ?, ?, 1, ?)',
  );
  const insertArticle = db.prepare(
    'INSERT INTO articles (sid, catid, zag, stxt, txt, shw, dt) VALUES (?, ?, ?, ?, ?, 1, ?)',
  );
  const insertMeta = db.prepare(
    'INSERT INTO meta (sid, md, id, ttl, dsc, kwd, og_title, og_image) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );

  transaction(db, () => {
    const sections: { id: number; tx: string }[] = [];
    for (let n = 0; n < o.sections; n++) {
      const tx = n === 0 ? 'catalog' : `section-${n}`;
      const par = n === 0 ? '' : pick(sections).tx;
      const zag = n === 0 ? 'Catalog' : `${pick(ADJECTIVES)} ${pick(NOUNS)}s ${n}`;
      const id = Number(
        insertSection.run(sid, tx, par, zag, `<p>${zag}.</p>`, int(0, 100), 'catalog').lastInsertRowid,
      );
      sections.push({ id, tx });
      insertMeta.run(sid, 'dir', id, `${zag} | Synthetic shop`, `All ${zag.toLowerCase()}.`, '', '', '');
      summary.sections++;
      summary.meta++;
    }
    const catid = (): number => (sections.length > 0 ? pick(sections).id : 0);

    for (let n = 1; n <= o.products; n++) {
      const zag = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${n}`;
      const vendor = pick(VENDORS);
      const stxt = `${zag} by ${vendor}.`;
      const txt = `<p>${stxt} Item number ${n} of a synthetic catalog.</p>`;
      const shw = random() < 0.95 ? 1 : 0;
      const id = Number(
        insertProduct.run(sid, catid(), zag, stxt, txt, vendor, shw, EPOCH + int(0, 600) * 86_400)
          .lastInsertRowid,
      );
      summary.products++;
      insertImage.run(
        id,
        '/img/goods/synthetic/',
        `item-${n}.jpg`,
        `item-${n}-small.jpg`,
        `item-${n}-big.jpg`,
      );
      summary.images++;
      const base = int(5, 2000);
      for (let j = 1; j <= o.modsPerProduct; j++) {
        const price = base + (j - 1) * 10;
        const priceOld = random() < 0.3 ? price + int(5, 200) : 0;
        insertMod.run(id, price, priceOld, `SYN-${n}-${j}`, `Variant ${j}`, 1, pick(COLOURS));
        summary.modifications++;
      }
      if (n % 2 === 1) {
        insertMeta.run(sid, 'goods', id, `${zag} | Synthetic shop`, stxt, vendor.toLowerCase(), stxt, '');
        summary.meta++;
      }
    }

    for (let n = 1; n <= o.articles; n++) {
      const zag = `Synthetic article ${n}`;
      const id = Number(
        insertArticle.run(
          sid,
          catid(),
          zag,
          `Teaser ${n}.`,
          `<p>Body of article ${n}.</p>`,
          EPOCH + n * 86_400,
        ).lastInsertRowid,
      );
      insertMeta.run(sid, 'blog', id, zag, `Teaser ${n}.`, '', '', '');
      summary.articles++;
      summary.meta++;
    }
  });
  return summary;
}
