/**
 * `read().slices()`: the records of `records()` a slice at a time, the typing yielding to the event
 * loop between slices (so a caller's requests for the first ones go on), one typing for both.
 */
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Product, type RecordValidationError } from '../src/index.js';
import { SHORT_TYPING_SLICE_ROWS, TYPING_SLICE_ROWS } from '../src/resources/typing-pass.js';

const PRODUCTS = 700;
let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    db: ':memory:',
    seed: { synthetic: { products: PRODUCTS, sections: 4, articles: 0 } },
  });
});
afterAll(() => emu.close());

const connect = () => createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid, retryBaseDelayMs: 10 });

async function allSlices(slices: AsyncIterable<Product[]>): Promise<Product[][]> {
  const out: Product[][] = [];
  for await (const slice of slices) out.push(slice);
  return out;
}

describe('read().slices()', () => {
  it('gives the records of records(), in order, a slice at a time, with a turn of the event loop between', async () => {
    const client = connect();
    const answer = await client.products.read();
    expect(answer.rowCount).toBe(PRODUCTS);
    // A turn of the event loop counted while the slices are typed.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const turnAt: number[] = [];
    const slices: Product[][] = [];
    for await (const slice of answer.slices()) {
      turnAt.push(turns);
      slices.push(slice);
    }
    counting = false;
    // The first slice is short (the first requests wait on it); the others follow the loop's use.
    const lengths = slices.map((slice) => slice.length);
    expect(lengths[0]).toBe(SHORT_TYPING_SLICE_ROWS);
    for (const length of lengths.slice(1, -1))
      expect([SHORT_TYPING_SLICE_ROWS, TYPING_SLICE_ROWS]).toContain(length);
    expect(lengths.at(-1)).toBeLessThanOrEqual(TYPING_SLICE_ROWS);
    expect(lengths.length).toBeGreaterThanOrEqual(3);
    // Typed all at once, the slices would come in one turn; here other work had turns between.
    for (let i = 1; i < turnAt.length; i++) expect(turnAt[i]).toBeGreaterThan(turnAt[i - 1]!);
    const records = await answer.records();
    expect(slices.flat()).toEqual(records);
    expect(records).toEqual(await client.products.list());
    await client.close();
  });

  it('types once for both: an invalid record is reported once, and stops slices where it is, without a handler', async () => {
    const client = connect();
    const bad = TYPING_SLICE_ROWS + 10;
    const { id } = emu.db.prepare(`SELECT id FROM products ORDER BY id LIMIT 1 OFFSET ${bad}`).get() as {
      id: number;
    };
    emu.exec(`UPDATE products SET dt = 'not a date' WHERE id = ${id}`);
    try {
      const invalid: RecordValidationError[] = [];
      const answer = await client.products.read();
      const options = { onInvalidRecord: (error: RecordValidationError) => invalid.push(error) };
      const [records, slices] = await Promise.all([
        answer.records(options),
        allSlices(answer.slices(options)),
      ]);
      expect(invalid.map((error) => [error.recordId, error.path])).toEqual([[String(id), 'dt']]);
      expect(slices.flat()).toEqual(records);
      expect(records).toHaveLength(PRODUCTS - 1);

      const strict = await client.products.read();
      const given: Product[][] = [];
      await expect(
        (async () => {
          for await (const slice of strict.slices()) given.push(slice);
        })(),
      ).rejects.toMatchObject({ recordId: String(id), path: 'dt' });
      // The slices before the invalid record's were handed over first, and nothing after it.
      const handed = given.flat().length;
      expect(handed).toBeLessThanOrEqual(bad);
      expect(handed).toBeGreaterThan(bad - TYPING_SLICE_ROWS);
      await expect(strict.records()).rejects.toMatchObject({ recordId: String(id) });
    } finally {
      emu.exec(`UPDATE products SET dt = 1767225600 WHERE id = ${id}`);
      await client.close();
    }
  });
});
