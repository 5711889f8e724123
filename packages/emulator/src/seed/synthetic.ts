import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db/open.js';
import { createRandom } from '../prng.js';
import { type SeedSummary, SeedWriter } from './writer.js';

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

/** Deterministic synthetic catalog for size tests and benchmarks, written in one transaction. */
export function seedSynthetic(
  db: DatabaseSync,
  sid = 1,
  options: Partial<SyntheticOptions> = {},
): SeedSummary {
  const o: SyntheticOptions = { ...SYNTHETIC_DEFAULTS, ...options };
  const random = createRandom(o.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  const w = new SeedWriter(db, sid);

  transaction(db, () => {
    const sections: { id: number; tx: string }[] = [];
    for (let n = 0; n < o.sections; n++) {
      const tx = n === 0 ? 'catalog' : `section-${n}`;
      const par = n === 0 ? '' : pick(sections).tx;
      const zag = n === 0 ? 'Catalog' : `${pick(ADJECTIVES)} ${pick(NOUNS)}s ${n}`;
      const id = w.section({ tx, par, zag, txt: `<p>${zag}.</p>`, rlv: int(0, 100), shw: 1, tp: 'catalog' });
      sections.push({ id, tx });
      w.meta('dir', id, {
        ttl: `${zag} | Synthetic shop`,
        dsc: `All ${zag.toLowerCase()}.`,
        kwd: '',
        og_title: '',
        og_image: '',
      });
    }
    const catid = (): number => (sections.length > 0 ? pick(sections).id : 0);

    for (let n = 1; n <= o.products; n++) {
      const zag = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${n}`;
      const vendor = pick(VENDORS);
      const stxt = `${zag} by ${vendor}.`;
      const txt = `<p>${stxt} Item number ${n} of a synthetic catalog.</p>`;
      const shw = random() < 0.95 ? 1 : 0;
      const id = w.product({ catid: catid(), zag, stxt, txt, vendor, shw, dt: EPOCH + int(0, 600) * 86_400 });
      w.image(id, {
        path: '/img/goods/synthetic/',
        image: `item-${n}.jpg`,
        image_small: `item-${n}-small.jpg`,
        image_big: `item-${n}-big.jpg`,
      });
      const base = int(5, 2000);
      for (let j = 1; j <= o.modsPerProduct; j++) {
        const price = base + (j - 1) * 10;
        const priceOld = random() < 0.3 ? price + int(5, 200) : 0;
        w.modification(id, {
          price,
          price_old: priceOld,
          articul: `SYN-${n}-${j}`,
          stxt: `Variant ${j}`,
          shw: 1,
          color: pick(COLOURS),
        });
      }
      if (n % 2 === 1) {
        w.meta('goods', id, {
          ttl: `${zag} | Synthetic shop`,
          dsc: stxt,
          kwd: vendor.toLowerCase(),
          og_title: stxt,
          og_image: '',
        });
      }
    }

    for (let n = 1; n <= o.articles; n++) {
      const zag = `Synthetic article ${n}`;
      const id = w.article({
        catid: catid(),
        zag,
        stxt: `Teaser ${n}.`,
        txt: `<p>Body of article ${n}.</p>`,
        shw: 1,
        dt: EPOCH + n * 86_400,
      });
      w.meta('blog', id, { ttl: zag, dsc: `Teaser ${n}.`, kwd: '', og_title: '', og_image: '' });
    }
  });
  return w.summary;
}
