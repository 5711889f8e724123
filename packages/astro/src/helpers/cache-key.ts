/**
 * Page cache keys for Astro's incremental builds (`experimental.incrementalBuild`, Astro ≥ 7.2): a
 * page returned from `getStaticPaths()` with a `cacheKey` is not rendered again while its key and
 * its code are unchanged. The key must change whenever anything the page shows changes: its own
 * entry, and everything else it renders — the sections behind the navigation, the products a section
 * lists, the modifications behind a price.
 */
import { createHash } from 'node:crypto';

/** An entry as `getCollection()` gives it; its `digest` changes with its data. */
export interface CacheKeyEntry {
  id: string;
  collection?: string;
  digest?: string | number;
  data?: unknown;
}

/** What a page shows: an entry, a list of them, or any other value that changes the page. */
export type CacheKeyPart =
  | CacheKeyEntry
  | readonly CacheKeyPart[]
  | string
  | number
  | boolean
  | null
  | undefined;

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/** Lists are hashed once: pages pass the same `getCollection()` arrays again and again. */
const listKeys = new WeakMap<readonly unknown[], string>();

function partKey(part: CacheKeyPart): string {
  if (Array.isArray(part)) {
    let key = listKeys.get(part);
    if (key === undefined) {
      key = hashOf(part.map((item: CacheKeyPart) => partKey(item)).join('\n'));
      listKeys.set(part, key);
    }
    return `[${key}]`;
  }
  if (part !== null && typeof part === 'object') {
    const entry = part as CacheKeyEntry;
    // Entries of the Site Content loaders always carry a digest; others may not.
    const version = entry.digest ?? hashOf(JSON.stringify(entry.data ?? null));
    return `${entry.collection ?? ''}/${entry.id}@${version}`;
  }
  return `${typeof part}:${String(part)}`;
}

/**
 * The `cacheKey` of a page that shows `parts`: its entry first, then every other entry, list of
 * entries or value it renders. Lists are order-sensitive (a page that sorts shows the order).
 *
 * ```ts
 * cacheKey: pageCacheKey(product, modificationsOf(product), sections)
 * ```
 */
export function pageCacheKey(...parts: CacheKeyPart[]): string {
  return hashOf(parts.map(partKey).join('\n'));
}
