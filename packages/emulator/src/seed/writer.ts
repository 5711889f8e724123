import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type {
  ArticleRow,
  DomainRow,
  ImageRow,
  MetaRow,
  ModificationRow,
  ProductRow,
  SectionRow,
} from '../db/rows.js';

/** Rows a seeder wrote, per table. */
export interface SeedSummary {
  sections: number;
  products: number;
  modifications: number;
  images: number;
  articles: number;
  meta: number;
  domains: number;
}

/** The inserts both seeders make, one statement per table prepared once, each row counted; creates return the id. */
export class SeedWriter {
  readonly summary: SeedSummary = {
    sections: 0,
    products: 0,
    modifications: 0,
    images: 0,
    articles: 0,
    meta: 0,
    domains: 0,
  };
  readonly #sid: number;
  readonly #section: StatementSync;
  readonly #product: StatementSync;
  readonly #image: StatementSync;
  readonly #modification: StatementSync;
  readonly #article: StatementSync;
  readonly #meta: StatementSync;
  readonly #domain: StatementSync;

  constructor(db: DatabaseSync, sid: number) {
    this.#sid = sid;
    this.#section = db.prepare(
      'INSERT INTO sections (sid, tx, par, zag, txt, rlv, shw, tp) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.#product = db.prepare(
      'INSERT INTO products (sid, catid, zag, stxt, txt, vendor, shw, dt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.#image = db.prepare(
      'INSERT INTO product_images (goods_id, path, image, image_small, image_big) VALUES (?, ?, ?, ?, ?)',
    );
    // Seeded modifications are all `sf` = 1 (sellable).
    this.#modification = db.prepare(
      'INSERT INTO modifications (goods_id, price, price_old, articul, stxt, shw, sf, color) VALUES (?, ?, ?, ?, ?, ?, 1, ?)',
    );
    this.#article = db.prepare(
      'INSERT INTO articles (sid, catid, zag, stxt, txt, shw, dt) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.#meta = db.prepare(
      'INSERT INTO meta (sid, md, id, ttl, dsc, kwd, og_title, og_image) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.#domain = db.prepare(
      'INSERT INTO domains (sid, domain, technical, is_default, active, ns, paidtill) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
  }

  section(s: Omit<SectionRow, 'id' | 'sid'>): number {
    const id = newId(this.#section.run(this.#sid, s.tx, s.par, s.zag, s.txt, s.rlv, s.shw, s.tp));
    this.summary.sections++;
    return id;
  }

  product(p: Omit<ProductRow, 'id' | 'cattx'>): number {
    const id = newId(this.#product.run(this.#sid, p.catid, p.zag, p.stxt, p.txt, p.vendor, p.shw, p.dt));
    this.summary.products++;
    return id;
  }

  image(goodsId: number, i: Omit<ImageRow, 'id' | 'goods_id'>): void {
    this.#image.run(goodsId, i.path, i.image, i.image_small, i.image_big);
    this.summary.images++;
  }

  modification(goodsId: number, m: Omit<ModificationRow, 'id' | 'goods_id' | 'sf'>): void {
    this.#modification.run(goodsId, m.price, m.price_old, m.articul, m.stxt, m.shw, m.color);
    this.summary.modifications++;
  }

  article(a: Omit<ArticleRow, 'id'>): number {
    const id = newId(this.#article.run(this.#sid, a.catid, a.zag, a.stxt, a.txt, a.shw, a.dt));
    this.summary.articles++;
    return id;
  }

  meta(md: string, id: number, m: Omit<MetaRow, 'id' | 'md'>): void {
    this.#meta.run(this.#sid, md, id, m.ttl, m.dsc, m.kwd, m.og_title, m.og_image);
    this.summary.meta++;
  }

  domain(d: Omit<DomainRow, 'id'>): void {
    this.#domain.run(this.#sid, d.domain, d.technical, d.is_default, d.active, d.ns, d.paidtill);
    this.summary.domains++;
  }
}

function newId(result: { lastInsertRowid: number | bigint }): number {
  return Number(result.lastInsertRowid);
}
