/**
 * The entries the loaders left in the store during one build, kept for the meta write-back at
 * `astro:build:done` (integration/meta-write-back.ts explains why not the data-store file). Only a
 * build whose integration asked for it (`startBuildRecord`) keeps anything: without the write-back
 * no second copy of the entries stays in memory.
 */
import { globalSlot, rootKey } from './global-slot.js';

/** An entry as a loader left it in Astro's data store (what `getCollection()` returns, minus `body`). */
export interface LoadedEntry {
  id: string;
  /** Name of the collection the entry belongs to. */
  collection: string;
  data: Record<string, unknown>;
}

/** Entries of one collection after its loader ran in this process. */
export interface LoadedCollection {
  /** Loader kind: `products`, `sections`, `articles`, `modifications` or `domains`. */
  kind: string;
  entries: readonly LoadedEntry[];
}

const records = () => globalSlot('build-records', () => new Map<string, Map<string, LoadedCollection>>());

/** Starts (or restarts) the record of the build of the project at `root`. */
export function startBuildRecord(root: URL): void {
  records().set(rootKey(root), new Map());
}

/** Whether the build of the project at `root` keeps a record (so a loader need not collect entries). */
export function isRecording(root: URL | string | undefined): boolean {
  return root !== undefined && records().has(rootKey(root));
}

/** Keeps the entries of `collection` (after its sync, keep-stale included) when the build records. */
export function recordLoaded(
  root: URL | string | undefined,
  collection: string,
  kind: string,
  entries: readonly LoadedEntry[],
): void {
  if (root === undefined) return;
  records().get(rootKey(root))?.set(collection, { kind, entries });
}

/** Collections loaded in this build, by collection name (empty when the build keeps no record). */
export function loadedCollections(root: URL | string): ReadonlyMap<string, LoadedCollection> {
  return records().get(rootKey(root)) ?? new Map();
}

/** Forgets the record (build end). */
export function endBuildRecord(root: URL): void {
  records().delete(rootKey(root));
}
