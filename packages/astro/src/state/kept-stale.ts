/**
 * The collections of a project whose last load kept the previous sync's entries because the service
 * failed (`keep-stale`). The build ends with one line naming them: their warnings scroll past
 * among hundreds of page lines, and the build still exits 0.
 */
import { globalSlot, rootKey } from './global-slot.js';

const keptStale = () => globalSlot('kept-stale', () => new Map<string, Set<string>>());

/** Notes that `collection` of the project at `root` kept its previous entries. */
export function noteKeptStale(root: URL | string | undefined, collection: string): void {
  if (root === undefined) return;
  const key = rootKey(root);
  const collections = keptStale().get(key) ?? new Set<string>();
  collections.add(collection);
  keptStale().set(key, collections);
}

/** The collections noted since the last call for the project at `root`, in the order noted. */
export function takeKeptStale(root: URL | string): string[] {
  const key = rootKey(root);
  const collections = [...(keptStale().get(key) ?? [])];
  keptStale().delete(key);
  return collections;
}
