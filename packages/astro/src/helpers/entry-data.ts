/**
 * The page helpers accept collection entries (`{ id, data }` as returned by `getCollection()`) or
 * bare data objects, so they work in pages and in plain scripts alike.
 */
export type WithData<T> = T | { id: string; data: T };

/** The data of an entry, or the object itself when it is bare data. */
export function dataOf<T extends object>(item: WithData<T>): T {
  return 'data' in item && typeof item.data === 'object' && item.data !== null && !('zag' in item)
    ? (item.data as T)
    : (item as T);
}
