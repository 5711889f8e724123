import type { DatabaseSync } from 'node:sqlite';

/** Migration N moves `user_version` N to N + 1; append new ones, never edit a shipped one. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sid INTEGER NOT NULL,
    tx TEXT NOT NULL,
    par TEXT NOT NULL DEFAULT '',
    zag TEXT NOT NULL DEFAULT '',
    txt TEXT NOT NULL DEFAULT '',
    rlv INTEGER NOT NULL DEFAULT 0,
    shw INTEGER NOT NULL DEFAULT 1,
    tp TEXT NOT NULL DEFAULT '',
    UNIQUE (sid, tx)
  );
  CREATE TABLE products (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sid INTEGER NOT NULL,
    catid INTEGER NOT NULL DEFAULT 0,
    zag TEXT NOT NULL DEFAULT '',
    stxt TEXT NOT NULL DEFAULT '',
    txt TEXT NOT NULL DEFAULT '',
    vendor TEXT NOT NULL DEFAULT '',
    shw INTEGER NOT NULL DEFAULT 1,
    dt INTEGER NOT NULL
  );
  CREATE INDEX products_sid_catid ON products (sid, catid);
  CREATE TABLE product_images (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    goods_id INTEGER NOT NULL,
    path TEXT NOT NULL,
    image TEXT NOT NULL,
    image_small TEXT NOT NULL,
    image_big TEXT NOT NULL
  );
  CREATE INDEX product_images_goods ON product_images (goods_id);
  CREATE TABLE modifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    goods_id INTEGER NOT NULL,
    price REAL NOT NULL DEFAULT 0,
    price_old REAL NOT NULL DEFAULT 0,
    articul TEXT NOT NULL DEFAULT '',
    stxt TEXT NOT NULL DEFAULT '',
    shw INTEGER NOT NULL DEFAULT 1,
    sf INTEGER NOT NULL DEFAULT 1,
    color TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX modifications_goods ON modifications (goods_id);
  CREATE TABLE articles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sid INTEGER NOT NULL,
    catid INTEGER NOT NULL DEFAULT 0,
    zag TEXT NOT NULL DEFAULT '',
    stxt TEXT NOT NULL DEFAULT '',
    txt TEXT NOT NULL DEFAULT '',
    shw INTEGER NOT NULL DEFAULT 1,
    dt INTEGER NOT NULL
  );
  CREATE INDEX articles_sid_catid ON articles (sid, catid);
  CREATE TABLE meta (
    sid INTEGER NOT NULL,
    md TEXT NOT NULL,
    id INTEGER NOT NULL,
    ttl TEXT NOT NULL DEFAULT '',
    dsc TEXT NOT NULL DEFAULT '',
    kwd TEXT NOT NULL DEFAULT '',
    og_title TEXT NOT NULL DEFAULT '',
    og_image TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (sid, md, id)
  ) WITHOUT ROWID;
  CREATE TABLE domains (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sid INTEGER NOT NULL,
    domain TEXT NOT NULL DEFAULT '',
    technical INTEGER NOT NULL DEFAULT 0,
    is_default INTEGER NOT NULL DEFAULT 0,
    active INTEGER NOT NULL DEFAULT 1,
    ns TEXT NOT NULL DEFAULT '[]',
    paidtill TEXT
  );
  CREATE INDEX domains_sid ON domains (sid);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the database to {@link SCHEMA_VERSION}, one transaction per migration. */
export function migrate(db: DatabaseSync): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  const current = row?.user_version ?? 0;
  if (current > MIGRATIONS.length) {
    throw new Error(`Database schema version ${current} is newer than this emulator (${MIGRATIONS.length})`);
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(MIGRATIONS[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
