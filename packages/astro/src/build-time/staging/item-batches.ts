import type { ItemSource, SyncItem } from './sync-item.js';

/** The items in batches of `size`; an array's slots are emptied as batched, so records can be let go. */
export async function* batchesOf(items: ItemSource, size: number): AsyncGenerator<(SyncItem | undefined)[]> {
  if (Array.isArray(items)) {
    for (let start = 0; start < items.length; start += size) {
      const batch = items.slice(start, start + size);
      items.fill(undefined, start, start + size);
      yield batch;
    }
    return;
  }
  let batch: SyncItem[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
