import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { transaction } from './open.js';
import type {
  ArticleRow,
  DomainRow,
  FieldValues,
  ImageRow,
  MetaRow,
  ModificationRow,
  ProductRow,
  SectionRow,
} from './rows.js';

export interface ProductFilter {
  id?: number;
  catid?: number;
  cattx?: string;
}

export interface ProductListing {
  products: ProductRow[];
  modifications: ModificationRow[];
  images: ImageRow[];
}

type Table = 'products' | 'modifications' | 'sections' | 'articles';

/** All SQL of the emulator: one `sid` each, a transaction per write, dynamic columns only from the writable lists. */
export class Store {
  readonly db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  #stmt(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #all<T>(sql: string, ...params: SQLInputValue[]): T[] {
    return this.#stmt(sql).all(...params) as unknown as T[];
  }

  #get<T>(sql: string, ...params: SQLInputValue[]): T | undefined {
    return this.#stmt(sql).get(...params) as unknown as T | undefined;
  }

  #insert(table: Table, fixed: FieldValues, fields: FieldValues): number {
    const values = { ...fixed, ...fields };
    const columns = Object.keys(values);
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    return Number(this.#stmt(sql).run(...Object.values(values)).lastInsertRowid);
  }

  #update(table: Table, where: string, whereParams: SQLInputValue[], fields: FieldValues): boolean {
    const columns = Object.keys(fields);
    if (columns.length === 0) {
      return this.#get(`SELECT 1 AS found FROM ${table} WHERE ${where}`, ...whereParams) !== undefined;
    }
    const sql = `UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE ${where}`;
    return Number(this.#stmt(sql).run(...Object.values(fields), ...whereParams).changes) > 0;
  }

  /** True when the site has no sections and no products (seeding only fills empty sites). */
  isSiteEmpty(sid: number): boolean {
    return (
      this.#get('SELECT 1 AS x FROM sections WHERE sid = ? LIMIT 1', sid) === undefined &&
      this.#get('SELECT 1 AS x FROM products WHERE sid = ? LIMIT 1', sid) === undefined
    );
  }

  // ---- products -------------------------------------------------------------------------------

  listProducts(sid: number, filter: ProductFilter): ProductListing {
    const clauses = ['p.sid = ?'];
    const params: SQLInputValue[] = [sid];
    if (filter.id !== undefined) {
      clauses.push('p.id = ?');
      params.push(filter.id);
    }
    if (filter.catid !== undefined) {
      clauses.push('p.catid = ?');
      params.push(filter.catid);
    }
    if (filter.cattx !== undefined) {
      clauses.push('s.tx = ?');
      params.push(filter.cattx);
    }
    const from = `FROM products p LEFT JOIN sections s ON s.id = p.catid AND s.sid = p.sid WHERE ${clauses.join(' AND ')}`;
    const products = this.#all<ProductRow>(
      `SELECT p.id, p.catid, COALESCE(s.tx, '') AS cattx, p.dt, p.zag, p.stxt, p.txt, p.vendor, p.shw ${from} ORDER BY p.id`,
      ...params,
    );
    if (products.length === 0) return { products, modifications: [], images: [] };
    const modifications = this.#all<ModificationRow>(
      `SELECT m.* FROM modifications m JOIN (SELECT p.id ${from}) f ON f.id = m.goods_id ORDER BY m.id`,
      ...params,
    );
    const images = this.#all<ImageRow>(
      `SELECT i.* FROM product_images i JOIN (SELECT p.id ${from}) f ON f.id = i.goods_id ORDER BY i.id`,
      ...params,
    );
    return { products, modifications, images };
  }

  productExists(sid: number, id: number): boolean {
    return this.#get('SELECT 1 AS x FROM products WHERE sid = ? AND id = ?', sid, id) !== undefined;
  }

  createProduct(sid: number, fields: FieldValues): number {
    const dt = fields.dt ?? Math.floor(Date.now() / 1000);
    return transaction(this.db, () => this.#insert('products', { sid, dt }, fields));
  }

  updateProduct(sid: number, id: number, fields: FieldValues): boolean {
    return transaction(this.db, () => this.#update('products', 'sid = ? AND id = ?', [sid, id], fields));
  }

  /** Removes the product, its images, its modifications and its `goods` meta (docs/interface.md). */
  deleteProduct(sid: number, id: number): boolean {
    return transaction(this.db, () => {
      const changes = Number(
        this.#stmt('DELETE FROM products WHERE sid = ? AND id = ?').run(sid, id).changes,
      );
      if (changes === 0) return false;
      this.#stmt('DELETE FROM modifications WHERE goods_id = ?').run(id);
      this.#stmt('DELETE FROM product_images WHERE goods_id = ?').run(id);
      this.#stmt("DELETE FROM meta WHERE sid = ? AND md = 'goods' AND id = ?").run(sid, id);
      return true;
    });
  }

  // ---- modifications --------------------------------------------------------------------------

  listModifications(
    sid: number,
    goodsId: number,
    filter: { id?: number; articul?: string },
  ): ModificationRow[] {
    const clauses = ['p.sid = ?', 'm.goods_id = ?'];
    const params: SQLInputValue[] = [sid, goodsId];
    if (filter.id !== undefined) {
      clauses.push('m.id = ?');
      params.push(filter.id);
    }
    if (filter.articul !== undefined) {
      clauses.push('m.articul = ?');
      params.push(filter.articul);
    }
    return this.#all<ModificationRow>(
      `SELECT m.* FROM modifications m JOIN products p ON p.id = m.goods_id WHERE ${clauses.join(' AND ')} ORDER BY m.id`,
      ...params,
    );
  }

  /** Returns the new id, or undefined when the product does not exist on this site. */
  createModification(sid: number, goodsId: number, fields: FieldValues): number | undefined {
    return transaction(this.db, () => {
      if (!this.productExists(sid, goodsId)) return undefined;
      return this.#insert('modifications', { goods_id: goodsId }, fields);
    });
  }

  updateModification(sid: number, id: number, fields: FieldValues): boolean {
    return transaction(this.db, () =>
      this.#update(
        'modifications',
        'id = ? AND goods_id IN (SELECT id FROM products WHERE sid = ?)',
        [id, sid],
        fields,
      ),
    );
  }

  // ---- sections -------------------------------------------------------------------------------

  listSections(sid: number, filter: { id?: number; tx?: string } = {}): SectionRow[] {
    const clauses = ['sid = ?'];
    const params: SQLInputValue[] = [sid];
    if (filter.id !== undefined) {
      clauses.push('id = ?');
      params.push(filter.id);
    }
    if (filter.tx !== undefined) {
      clauses.push('tx = ?');
      params.push(filter.tx);
    }
    return this.#all<SectionRow>(
      `SELECT * FROM sections WHERE ${clauses.join(' AND ')} ORDER BY id`,
      ...params,
    );
  }

  sectionByTx(sid: number, tx: string): SectionRow | undefined {
    return this.#get<SectionRow>('SELECT * FROM sections WHERE sid = ? AND tx = ?', sid, tx);
  }

  sectionById(sid: number, id: number): SectionRow | undefined {
    return this.#get<SectionRow>('SELECT * FROM sections WHERE sid = ? AND id = ?', sid, id);
  }

  createSection(sid: number, fields: FieldValues): number {
    return transaction(this.db, () => this.#insert('sections', { sid }, fields));
  }

  /** Updates a section; a new `tx` is carried over to the children's `par` in the same transaction. */
  updateSection(sid: number, id: number, fields: FieldValues): boolean {
    return transaction(this.db, () => {
      const before = this.sectionById(sid, id);
      if (!before) return false;
      this.#update('sections', 'sid = ? AND id = ?', [sid, id], fields);
      if (typeof fields.tx === 'string' && fields.tx !== before.tx) {
        this.#stmt('UPDATE sections SET par = ? WHERE sid = ? AND par = ?').run(fields.tx, sid, before.tx);
      }
      return true;
    });
  }

  // ---- articles -------------------------------------------------------------------------------

  listArticles(sid: number, filter: ProductFilter): ArticleRow[] {
    const clauses = ['a.sid = ?'];
    const params: SQLInputValue[] = [sid];
    if (filter.id !== undefined) {
      clauses.push('a.id = ?');
      params.push(filter.id);
    }
    if (filter.catid !== undefined) {
      clauses.push('a.catid = ?');
      params.push(filter.catid);
    }
    if (filter.cattx !== undefined) {
      clauses.push('s.tx = ?');
      params.push(filter.cattx);
    }
    return this.#all<ArticleRow>(
      `SELECT a.* FROM articles a LEFT JOIN sections s ON s.id = a.catid AND s.sid = a.sid
       WHERE ${clauses.join(' AND ')} ORDER BY a.id`,
      ...params,
    );
  }

  createArticle(sid: number, fields: FieldValues): number {
    const dt = fields.dt ?? Math.floor(Date.now() / 1000);
    return transaction(this.db, () => this.#insert('articles', { sid, dt }, fields));
  }

  updateArticle(sid: number, id: number, fields: FieldValues): boolean {
    return transaction(this.db, () => this.#update('articles', 'sid = ? AND id = ?', [sid, id], fields));
  }

  // ---- meta -----------------------------------------------------------------------------------

  getMeta(sid: number, md: string, id: number): MetaRow | undefined {
    return this.#get<MetaRow>(
      'SELECT id, md, ttl, dsc, kwd, og_title, og_image FROM meta WHERE sid = ? AND md = ? AND id = ?',
      sid,
      md,
      id,
    );
  }

  /** Upserts the meta of one page: only the given fields change. */
  setMeta(sid: number, md: string, id: number, fields: FieldValues): void {
    transaction(this.db, () => {
      this.#stmt('INSERT OR IGNORE INTO meta (sid, md, id) VALUES (?, ?, ?)').run(sid, md, id);
      const columns = Object.keys(fields);
      if (columns.length === 0) return;
      this.#stmt(
        `UPDATE meta SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE sid = ? AND md = ? AND id = ?`,
      ).run(...(Object.values(fields) as SQLInputValue[]), sid, md, id);
    });
  }

  // ---- domains --------------------------------------------------------------------------------

  listDomains(sid: number): DomainRow[] {
    return this.#all<DomainRow>('SELECT * FROM domains WHERE sid = ? ORDER BY id', sid);
  }
}
