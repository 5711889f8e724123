/** Each collection's last sync in this process, as the dev toolbar shows it: the summary line's counts. */

/** One collection's last sync: its entries committed, or the previous ones kept because the service failed. */
export interface CollectionSync {
  collection: string;
  /** `synced`: the entries were committed; `kept`: the service failed and the last sync's stay. */
  outcome: 'synced' | 'kept';
  /** When it ended (`Date.now()`). */
  at: number;
  ms: number;
  /** Records the service sent (`kept`: the entries kept). */
  records: number;
  written: number;
  unchanged: number;
  removed: number;
  /** Records skipped as invalid (the client's, the loader's and the collection schema's). */
  invalid: number;
  /** Why the entries were kept (`kept` only): the load's warning. */
  message?: string;
}

export class CollectionSyncs {
  readonly #last = new Map<string, CollectionSync>();

  note(sync: CollectionSync): void {
    this.#last.set(sync.collection, sync);
  }

  /** The last sync of each collection, in collection name order. */
  list(): CollectionSync[] {
    return [...this.#last.values()].sort((a, b) => a.collection.localeCompare(b.collection));
  }
}
