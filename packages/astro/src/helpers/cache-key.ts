/** Page cache keys for Astro's incremental builds: a key covers everything its page shows. */
import { createHash } from 'node:crypto';

/** An entry as `getCollection()` gives it; its `digest` changes with its data. */
export interface CacheKeyEntry {
  id: string;
  collection?: string;
  digest?: string | number;
  data?: unknown;
}

/** What a page shows: an entry (by digest), a list, or any value (by content, never identity). */
export type CacheKeyPart =
  | CacheKeyEntry
  | readonly CacheKeyPart[]
  | Date
  | object
  | string
  | number
  | bigint
  | boolean
  | null
  | undefined;

const sha256Key = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/** An entry of a collection: an id and a digest or data (what `getCollection()` returns). */
function isEntry(part: object): part is CacheKeyEntry {
  const entry = part as CacheKeyEntry;
  return typeof entry.id === 'string' && (entry.digest !== undefined || 'data' in entry);
}

/**
 * Lists are hashed once (pages pass the same arrays again and again); the memo keeps the items, so a
 * list changed in place is hashed anew, and lists holding objects are never memoized.
 */
const listKeys = new WeakMap<readonly unknown[], { items: readonly unknown[]; key: string }>();

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function listKey(list: readonly CacheKeyPart[], depth: number): string {
  const memo = listKeys.get(list);
  if (memo !== undefined && sameItems(memo.items, list)) return memo.key;
  const key = sha256Key(list.map((item) => partKey(item, depth)).join('\n'));
  const flat = list.every((item) => item === null || typeof item !== 'object' || isEntry(item));
  if (flat) listKeys.set(list, { items: list.slice(), key });
  return key;
}

/** Deeper than this, a value is taken for a cycle rather than overflow the stack. */
const MAX_DEPTH = 64;

function partKey(part: CacheKeyPart, depth = 0): string {
  if (depth > MAX_DEPTH) {
    throw new TypeError(
      `pageCacheKey: a value nested more than ${MAX_DEPTH} levels deep (does it refer to itself?)`,
    );
  }
  if (Array.isArray(part)) return `[${listKey(part, depth + 1)}]`;
  if (part instanceof Date) return `date:${Number.isNaN(part.getTime()) ? 'invalid' : part.toISOString()}`;
  if (part !== null && typeof part === 'object') {
    if (isEntry(part)) {
      // Entries of the Site Content loaders always carry a digest; others may not.
      const version = part.digest ?? sha256Key(JSON.stringify(part.data ?? null));
      return `${part.collection ?? ''}/${part.id}@${version}`;
    }
    const fields = Object.keys(part)
      .sort()
      .map(
        (name) =>
          `${JSON.stringify(name)}:${partKey((part as Record<string, CacheKeyPart>)[name], depth + 1)}`,
      );
    return `{${fields.join(',')}}`;
  }
  // Quoted, so a string with a line break cannot pass for two parts.
  return typeof part === 'string' ? `string:${JSON.stringify(part)}` : `${typeof part}:${String(part)}`;
}

/**
 * The `cacheKey` of a page that shows `parts`: its entry, then everything else it renders. Lists
 * count in order; an object's property order does not.
 *
 * ```ts
 * cacheKey: pageCacheKey(product, modificationsOf(product), sections)
 * ```
 */
export function pageCacheKey(...parts: CacheKeyPart[]): string {
  return sha256Key(parts.map((part) => partKey(part)).join('\n'));
}
