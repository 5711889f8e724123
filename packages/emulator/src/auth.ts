import { createHash, timingSafeEqual } from 'node:crypto';

/** Key → list of sites it may use (docs/interface.md: a key is scoped to a list of sids). */
export type KeyMap = Record<string, readonly number[]>;

interface Entry {
  digest: Buffer;
  sids: ReadonlySet<number>;
}

const digest = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/**
 * Keys are compared in constant time: both sides are hashed to 32 bytes and every configured key
 * is compared with `timingSafeEqual`, with no early exit, so timing reveals neither the key nor
 * how many characters matched.
 */
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
