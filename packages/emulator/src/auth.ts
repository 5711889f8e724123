import { createHash, timingSafeEqual } from 'node:crypto';

/** Key → list of sites it may use (docs/interface.md: a key is scoped to a list of sids). */
export type KeyMap = Record<string, readonly number[]>;

interface Entry {
  digest: Buffer;
  sids: ReadonlySet<number>;
}

const digest = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/** Keys compared in constant time: both hashed to 32 bytes, every key compared with no early exit. */
export class KeyRing {
  readonly #entries: Entry[];

  constructor(keys: KeyMap) {
    this.#entries = Object.entries(keys).map(([key, sids]) => ({ digest: digest(key), sids: new Set(sids) }));
  }

  /** The sites the key may use, or undefined for a missing or unknown key. */
  lookup(key: string | null | undefined): ReadonlySet<number> | undefined {
    const candidate = digest(key ?? '');
    let found: ReadonlySet<number> | undefined;
    for (const entry of this.#entries) {
      if (timingSafeEqual(entry.digest, candidate) && key) found = entry.sids;
    }
    return found;
  }
}
