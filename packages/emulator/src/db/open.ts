import { DatabaseSync } from 'node:sqlite';
import { migrate } from './schema.js';

/** Opens (or creates) and migrates the database; WAL, `synchronous=FULL`: an acknowledged write survives a crash. */
export function openDatabase(file = ':memory:'): DatabaseSync {
  const db = new DatabaseSync(file);
  if (file !== ':memory:' && file !== '') {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA busy_timeout = 5000');
  }
  migrate(db);
  return db;
}

/** Runs `fn` in one transaction (one transaction per write: an acknowledged write is never lost). */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
