/**
 * Writes of products and their modifications: each encoding, every writable field, deletes that
 * cascade, and concurrent creates that lose nothing.
 */
import { describe, expect, it } from 'vitest';
import { useFreshTestEmulator } from './helpers/index.js';
import { type Encoding, read, write } from './helpers/writes.js';

describe('write operations', () => {
  const emu = useFreshTestEmulator();

  it.each<Encoding>(['form-brackets', 'form-json', 'json', 'query'])(
    'goods/Set accepts %s',
    async (encoding) => {
      const res = await write(emu, 'goods/Set', { id: 1 }, { zag: `Renamed ${encoding}`, shw: 0 }, encoding);
      expect(res.status).toBe(200);
      expect(res.json).toEqual([{ message: 'Ok' }]);
      const [product] = await read(emu, 'goods/Get', { id: 1 });
      expect(product).toMatchObject({ zag: `Renamed ${encoding}`, shw: '0', vendor: 'Aurora Mobile' });
    },
  );

  it('goods/Write creates with every writable field; goods/Set changes each of them', async () => {
    const created = await write(
      emu,
      'goods/Write',
      {},
      {
        catid: 9,
        zag: 'New headphones',
        stxt: 'Short',
        txt: '<p>Long</p>',
        vendor: 'Acme',
        shw: 1,
        dt: 1_700_000_000,
      },
    );
    expect(created.status).toBe(200);
    expect(created.json).toEqual([{ message: 'Ok', id: expect.stringMatching(/^\d+$/) }]);
    const id = Number(created.json[0].id);
    expect(await read(emu, 'goods/Get', { id })).toEqual([
      {
        id: String(id),
        catid: 9,
        cattx: 'headphones',
        dt: '1700000000',
        zag: 'New headphones',
        stxt: 'Short',
        txt: '<p>Long</p>',
        vendor: 'Acme',
        shw: '1',
        sku: [],
        img: [],
      },
    ]);
    const set = await write(
      emu,
      'goods/Set',
      { id },
      { catid: 10, dt: '2024-01-01T00:00:00Z', vendor: 'Globex' },
      'json',
    );
    expect(set.json).toEqual([{ message: 'Ok' }]);
    expect(await read(emu, 'goods/Get', { id })).toMatchObject([
      { catid: 10, cattx: 'speakers', dt: '1704067200', vendor: 'Globex' },
    ]);
  });

  it('goods/Delete removes the product, its modifications and its goods meta', async () => {
    expect(await read(emu, 'meta/Get', { md: 'goods', id: 1 })).toHaveLength(1);
    const res = await write(emu, 'goods/Delete', { id: 1 }, undefined);
    expect(res.json).toEqual([{ message: 'Ok' }]);
    expect(await read(emu, 'goods/Get', { id: 1 })).toEqual([]);
    expect(await read(emu, 'goods/SkuGet', { goods_id: 1 })).toEqual([]);
    expect(await read(emu, 'meta/Get', { md: 'goods', id: 1 })).toEqual([]);
    const row = emu.db.prepare('SELECT COUNT(*) AS n FROM modifications WHERE goods_id = 1').get() as {
      n: number;
    };
    expect(row.n).toBe(0);
    const again = await write(emu, 'goods/Delete', { id: 1 }, undefined);
    expect(again.status).toBe(404);
    expect(again.json).toEqual([{ message: 'Product 1 not found', error: 'not_found' }]);
  });

  it('goods/SkuWrite and SkuSet: every writable field; product sku follows', async () => {
    const created = await write(
      emu,
      'goods/SkuWrite',
      { goods_id: 2 },
      {
        price: 649.5,
        price_old: '699',
        articul: 'AUR-X1M-256-WHT',
        stxt: 'Frost 256 GB',
        shw: 1,
        sf: 0,
        color: '#ABCDEF',
      },
    );
    expect(created.status).toBe(200);
    const id = Number(created.json[0].id);
    expect(await read(emu, 'goods/SkuGet', { goods_id: 2, id })).toEqual([
      {
        id: String(id),
        goods_id: '2',
        price: '649.5',
        price_old: '699',
        articul: 'AUR-X1M-256-WHT',
        stxt: 'Frost 256 GB',
        shw: '1',
        sf: '0',
        sku: 'AUR-X1M-256-WHT',
        color: '#abcdef',
      },
    ]);
    expect((await write(emu, 'goods/SkuSet', { id }, { price: 600, color: '' }, 'form-json')).json).toEqual([
      { message: 'Ok' },
    ]);
    const [product] = await read(emu, 'goods/Get', { id: 2 });
    expect(product.sku.at(-1)).toEqual({ id: String(id), price: '600', color: '' });
    const none = await write(emu, 'goods/SkuSet', { id: 99_999 }, { price: 1 });
    expect(none.status).toBe(404);
    const orphan = await write(emu, 'goods/SkuWrite', { goods_id: 99_999 }, { price: 1 });
    expect(orphan.status).toBe(404);
    expect(orphan.json[0].error).toBe('not_found');
  });

  it('200 concurrent creates give 200 distinct ids and lose nothing', async () => {
    const before = (await read(emu, 'goods/Get', {})).length;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        write(
          emu,
          'goods/Write',
          {},
          { zag: `Concurrent ${i}`, catid: 2 },
          (['form-brackets', 'form-json', 'json'] as const)[i % 3],
        ),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const newIds = new Set(results.map((r) => Number(r.json[0].id)));
    expect(newIds.size).toBe(200);
    const all = await read(emu, 'goods/Get', {});
    expect(all.length).toBe(before + 200);
    const titles = new Set(all.map((p: { zag: string }) => p.zag));
    for (let i = 0; i < 200; i++) expect(titles.has(`Concurrent ${i}`)).toBe(true);
  });
});
