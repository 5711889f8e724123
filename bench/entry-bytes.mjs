// What a product entry costs in the data store, against the raw service record (bench/lib/entry-bytes.mjs;
// `npm run bench` reports the same in bench/report.md). Sizes only, no time: `npm run build:packages`
// first, then `node bench/entry-bytes.mjs [--products 1000]`.
import { parseArgs } from 'node:util';
import { measureEntryBytes } from './lib/entry-bytes.mjs';

const { values } = parseArgs({ options: { products: { type: 'string', default: '1000' } } });
const m = await measureEntryBytes(Number(values.products));
const pad = (text) => String(text).padEnd(14);
console.log(`product entries: ${m.entries} (of ${m.records} records)`);
console.log(`raw record (goods/Get row), mean JSON bytes: ${m.raw.toFixed(0)}`);
console.log(`our entry (data + rendered), mean JSON bytes: ${m.ours.toFixed(0)}`);
console.log(`ratio: ${m.ratio.toFixed(3)}×`);
console.log(
  `ratio without section, url and seo (${m.allowed.toFixed(0)} bytes): ${m.beyondRatio.toFixed(3)}× (target: at most ${m.target}×)`,
);
console.log('our entry by field, mean JSON bytes:');
for (const { field, bytes } of m.oursFields) console.log(`  ${pad(field)} ${bytes.toFixed(0)}`);
console.log('raw record by field, mean JSON bytes:');
for (const { field, bytes } of m.rawFields) console.log(`  ${pad(field)} ${bytes.toFixed(0)}`);
console.log('a raw record and our entry:');
console.log(JSON.stringify(m.sample.raw));
console.log(JSON.stringify(m.sample.ours));
