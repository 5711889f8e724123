/**
 * `read()`: a list whose records are typed only when asked for, with the digest of the body as sent,
 * so a caller tells an unchanged answer before it types a record.
 */
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, InvalidArgumentError, type RecordValidationError } from '../src/index.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, db: ':memory:', seed: 'demo' });
});
afterAll(() => emu.close());

const connect = () => createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid, retryBaseDelayMs: 10 });

describe('read(): the body digest before the records', () => {
  it('gives the same records as list(), typed once', async () => {
    const client = connect();
    const answer = await client.products.read({ cattx: 'phones' });
    const records = await answer.records();
    expect(records.length).toBeGreaterThan(0);
    expect(records).toEqual(await client.products.list({ cattx: 'phones' }));
    // Photos get their absolute URLs, as list() gives them.
    expect(records.some((p) => p.img.some((img) => img.urls.image.startsWith('https://')))).toBe(true);
    expect(await answer.records()).toBe(records);
    await client.close();
  });

  it('tells an unchanged answer by its digest, and a changed one', async () => {
    const client = connect();
    const first = await client.products.read();
    const again = await client.products.read();
    expect(first.bodyDigest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.bodyDigest).toBe(first.bodyDigest);
    // Another filter is another answer.
    expect((await client.products.read({ cattx: 'phones' })).bodyDigest).not.toBe(first.bodyDigest);
    emu.exec(`UPDATE products SET zag = zag || ' (changed)' WHERE id = 1`);
    expect((await client.products.read()).bodyDigest).not.toBe(first.bodyDigest);
    const sections = await client.sections.read();
    expect((await client.sections.read()).bodyDigest).toBe(sections.bodyDigest);
    emu.exec(`UPDATE sections SET zag = zag || ' (changed)' WHERE id = 1`);
    expect((await client.sections.read()).bodyDigest).not.toBe(sections.bodyDigest);
    await client.close();
  });

  it('reports invalid records when they are typed, not when the answer is read', async () => {
    const client = connect();
    emu.exec(`UPDATE products SET dt = 'not a date' WHERE id = 2`);
    try {
      const answer = await client.products.read();
      const invalid: RecordValidationError[] = [];
      const records = await answer.records({ onInvalidRecord: (error) => invalid.push(error) });
      expect(invalid.map((error) => [error.recordId, error.path])).toEqual([['2', 'dt']]);
      expect(records.some((p) => p.id === 2)).toBe(false);
      // Without a handler, the first invalid record fails the typing, as list() does.
      await expect((await client.products.read()).records()).rejects.toMatchObject({ recordId: '2' });
    } finally {
      emu.exec('UPDATE products SET dt = 1767225600 WHERE id = 2');
      await client.close();
    }
  });

  it('checks the filter before anything is sent', async () => {
    const client = connect();
    const before = emu.stats.total;
    await expect(client.products.read({ catId: 1 } as never)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(client.articles.read(null as never)).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(emu.stats.total).toBe(before);
    await client.close();
  });
});
