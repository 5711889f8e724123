// What a product entry costs in the data store, against the raw service record: loads a synthetic
// catalog with the real loaders (sections and products, `seo: true`, as the benchmark's build does)
// and measures, per product entry, the JSON bytes of what we store (`data` and `rendered`) against
// the JSON bytes of the record as `goods/Get` sent it (what the hand-written loader keeps). Sizes
// only, no time.
import { catalogFor, startEmulatorProcess } from './emulator-process.mjs';
import { createOurLoaders, loadAll } from './ours.mjs';
import { apiUrl } from './request-set.mjs';

/** The target: an entry at most this many times the raw record, beside what it may add. */
export const ENTRY_BYTES_TARGET = 1.15;

const bytes = (value) => Buffer.byteLength(JSON.stringify(value));
const mean = (list) => list.reduce((sum, n) => sum + n, 0) / Math.max(1, list.length);

/** Bytes of every top-level field of each object, averaged over them, largest first. */
function fieldMeans(objects) {
  const total = new Map();
  for (const object of objects) {
    for (const [key, value] of Object.entries(object)) total.set(key, (total.get(key) ?? 0) + bytes(value));
  }
  return [...total]
    .map(([key, sum]) => ({ field: key, bytes: sum / Math.max(1, objects.length) }))
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * Measures the entries of a `products`-product catalog: mean bytes of the raw record, of our entry,
 * and of what the issue lets an entry add (its relations, its URL and the service's meta); the
 * ratio of the rest to the raw record; the fields of each; a sample of both.
 * @param {number} products
 */
export async function measureEntryBytes(products) {
  const emulator = await startEmulatorProcess(catalogFor(products));
  try {
    const res = await fetch(apiUrl(emulator.url, 'goods/Get', { key: emulator.key, sid: emulator.sid }));
    if (!res.ok) throw new Error(`goods/Get failed: HTTP ${res.status}`);
    const records = /** @type {{ id: string | number }[]} */ (await res.json());
    const rawById = new Map(records.map((record) => [String(record.id), bytes(record)]));
    const project = await createOurLoaders({
      baseUrl: emulator.url,
      key: emulator.key,
      sid: emulator.sid,
      collections: ['sections', 'products'],
    });
    const { store } = await loadAll(project);
    const entries = [...store.scopedStore('products').values()];
    const stored = (entry) => ({ data: entry.data, rendered: { html: entry.rendered?.html ?? '' } });
    const ours = mean(entries.map((entry) => bytes(stored(entry))));
    const raw = mean(entries.map((entry) => rawById.get(entry.id) ?? 0));
    const allowed = mean(
      entries.map(
        (entry) => bytes(entry.data.section) + bytes(entry.data.url) + bytes(entry.data.seo ?? null),
      ),
    );
    const sample = entries[0];
    return {
      products,
      entries: entries.length,
      records: records.length,
      raw,
      ours,
      allowed,
      ratio: ours / raw,
      beyondRatio: (ours - allowed) / raw,
      target: ENTRY_BYTES_TARGET,
      oursFields: [
        ...fieldMeans(entries.map((entry) => entry.data)),
        { field: 'rendered.html', bytes: mean(entries.map((entry) => bytes(entry.rendered?.html ?? ''))) },
      ].sort((a, b) => b.bytes - a.bytes),
      rawFields: fieldMeans(records),
      sample: {
        raw: records.find((record) => String(record.id) === sample?.id),
        ours: sample ? stored(sample) : undefined,
      },
    };
  } finally {
    await emulator.close();
  }
}
