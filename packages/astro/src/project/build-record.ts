/**
 * The entries the loaders left in the store during one build, for the meta write-back and the
 * sitemap's facts; kept only when wanted, so no second copy stays in memory otherwise.
 */

/** An entry as a loader left it in Astro's data store (what `getCollection()` returns, minus `body`). */
export interface LoadedEntry {
  id: string;
  /** Name of the collection the entry belongs to. */
  collection: string;
  data: Record<string, unknown>;
  /** The record's HTML body, sanitized: what `render(entry)` shows. */
  rendered?: { html: string } | undefined;
}

/** Entries of one collection after its loader ran in this process. */
export interface LoadedCollection {
  /** Loader kind: `products`, `sections`, `articles`, `modifications` or `domains`. */
  kind: string;
  entries: readonly LoadedEntry[];
}

export class BuildRecord {
  readonly #collections = new Map<string, LoadedCollection>();

  /** Keeps the entries of `collection` after its sync (keep-stale included), replacing earlier ones. */
  record(collection: string, loaded: LoadedCollection): void {
    this.#collections.set(collection, loaded);
  }

  /** The entries of every collection of `kind`, merged by entry id (the first collection wins). */
  loadedEntries(kind: string): LoadedEntry[] {
    const byId = new Map<string, LoadedEntry>();
    for (const loaded of this.#collections.values()) {
      if (loaded.kind !== kind) continue;
      for (const entry of loaded.entries) if (!byId.has(entry.id)) byId.set(entry.id, entry);
    }
    return [...byId.values()];
  }
}
