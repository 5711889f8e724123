// What a product entry costs in the data store, against the raw service record: loads a synthetic
// catalog with the real loaders (sections and products, `seo: true`, as the benchmark's build does)
// and prints, per product entry, the JSON bytes of what we store (`data` and `rendered`) against the
// JSON bytes of the record as `goods/Get` sent it (what the hand-written loader keeps), with the
// fields that make up ours. Measures sizes only, no time: `npm run build:packages` first, then
// `node bench/entry-bytes.mjs [--products 1000]`.
import { parseArgs } from 'node:util';
import { catalogFor, startEmulatorProcess } from './lib/emulator-process.mjs';
import { createOurLoaders, loadAll } from './lib/ours.mjs';
import { apiUrl } from './lib/request-set.mjs';

const { values } = parseArgs({ options: { products: { type: 'string', default: '1000' } } });
const PRODUCTS = Number(values.products);

const bytes = (value) => Buffer.byteLength(JSON.stringify(value));
const mean = (list) => list.reduce((sum, n) => sum + n, 0) / list.length;

/** The JSON bytes of each product record of `goods/Get`, by id, as the service sent it. */
async function rawRecordBytes(emulator) {
  const res = await fetch(apiUrl(emulator.url, 'goods/Get', { key: emulator.key, sid: emulator.sid }));
  if (!res.ok) throw new Error(`goods/Get failed: HTTP ${res.status}`);
  const records = /** @type {{ id: string | number }[]} */ (await res.json());
  return { records, byId: new Map(records.map((record) => [String(record.id), bytes(record)])) };
}

/** Bytes of every top-level field of `data`, summed over the entries. */
function fieldBytes(entries) {
  const total = new Map();
  for (const data of entries) {
    for (const [key, value] of Object.entries(data)) total.set(key, (total.get(key) ?? 0) + bytes(value));
  }
  return total;
}

const emulator = await startEmulatorProcess(catalogFor(PRODUCTS));
try {
  const { records, byId: raw } = await rawRecordBytes(emulator);
  const project = await createOurLoaders({
    baseUrl: emulator.url,
    key: emulator.key,
    sid: emulator.sid,
    collections: ['sections', 'products'],
  });
  const { store } = await loadAll(project);
  const entries = [...store.scopedStore('products').values()];
  const ours = entries.map((entry) =>
    bytes({ data: entry.data, rendered: { html: entry.rendered?.html ?? '' } }),
  );
  const theirs = entries.map((entry) => raw.get(entry.id) ?? 0);
  const ratio = mean(ours) / mean(theirs);
  console.log(`product entries: ${entries.length} (of ${raw.size} records)`);
  console.log(`raw record (goods/Get row), mean JSON bytes: ${mean(theirs).toFixed(0)}`);
  console.log(`our entry (data + rendered), mean JSON bytes: ${mean(ours).toFixed(0)}`);
  console.log(`ratio: ${ratio.toFixed(3)}×`);
  // What the issue lets an entry add to the record: its relations, its URL and the service's meta.
  const allowed = entries.map(
    (entry) => bytes(entry.data.section) + bytes(entry.data.url) + bytes(entry.data.seo ?? null),
  );
  const beyond = (mean(ours) - mean(allowed)) / mean(theirs);
  console.log(
    `ratio without section, url and seo (${mean(allowed).toFixed(0)} bytes): ${beyond.toFixed(3)}× (target: at most 1.15×)`,
  );
  console.log('our entry by field, mean JSON bytes:');
  const html = mean(entries.map((entry) => bytes(entry.rendered?.html ?? '')));
  const fields = [...fieldBytes(entries.map((entry) => entry.data))].map(([key, sum]) => [
    key,
    sum / entries.length,
  ]);
  for (const [key, size] of [...fields, ['rendered.html', html]].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${String(key).padEnd(14)} ${size.toFixed(0)}`);
  }
  console.log('raw record by field, mean JSON bytes:');
  for (const [key, sum] of [...fieldBytes(records)].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${String(key).padEnd(14)} ${(sum / records.length).toFixed(0)}`);
  }
  const sample = entries[0];
  console.log('a raw record and our entry:');
  console.log(JSON.stringify(records.find((record) => String(record.id) === sample?.id)));
  console.log(JSON.stringify({ data: sample?.data, rendered: { html: sample?.rendered?.html } }));
} finally {
  await emulator.close();
}
