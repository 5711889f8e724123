import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { bracketForm, call, startTestEmulator } from './helpers/index.js';

type Encoding = 'form-brackets' | 'form-json' | 'json' | 'query';

/** Sends a write in one of the encodings docs/interface.md lists (plus everything in the query string). */
function write(
  emu: Emulator,
  op: string,
  top: Record<string, string | number>,
  param: Record<string, string | number> | undefined,
  encoding: Encoding = 'form-brackets',
) {
  const withSid = { sid: 1, ...top };
  switch (encoding) {
    case 'form-brackets':
      return call(emu, op, { form: bracketForm(withSid, param ?? {}) });
    case 'form-json':
      return call(emu, op, { form: param ? { ...withSid, param: JSON.stringify(param) } : withSid });
    case 'json':
      return call(emu, op, { json: param ? { ...withSid, param } : withSid });
    case 'query':
      return call(emu, op, { method: 'POST', query: bracketForm(withSid, param ?? {}) });
  }
}

const read = async (emu: Emulator, op: string, query: Record<string, string | number>) =>
  (await call(emu, op, { query: { sid: 1, ...query } })).json;

describe('write operations', () => {
  let emu: Emulator;
  beforeEach(async () => {
    emu = await startTestEmulator();
  });
  afterEach(() => emu.close());

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

  it('dir/Write and dir/Set: every writable field; url follows the tree; tx unique; par must exist', async () => {
    const created = await write(
      emu,
      'dir/Write',
      {},
      {
        tx: 'tablets',
        par: 'catalog',
        zag: 'Tablets',
        txt: '<p>Tablets</p>',
        rlv: 55,
        shw: 1,
        tp: 'catalog',
      },
    );
    const id = Number(created.json[0].id);
    expect(await read(emu, 'dir/Get', { id })).toEqual([
      {
        id: String(id),
        tx: 'tablets',
        par: 'catalog',
        zag: 'Tablets',
        txt: '<p>Tablets</p>',
        url: '/catalog/tablets',
        rlv: '55',
        shw: '1',
        tp: 'catalog',
      },
    ]);
    const child = await write(emu, 'dir/Write', {}, { tx: 'e-readers', par: 'tablets', zag: 'E-readers' });
    expect(await read(emu, 'dir/Get', { tx: 'e-readers' })).toMatchObject([
      { url: '/catalog/tablets/e-readers' },
    ]);
    // Renaming a section carries its children along.
    expect((await write(emu, 'dir/Set', { id }, { tx: 'slates' })).json).toEqual([{ message: 'Ok' }]);
    expect(await read(emu, 'dir/Get', { id: Number(child.json[0].id) })).toMatchObject([
      { par: 'slates', url: '/catalog/slates/e-readers' },
    ]);

    const duplicate = await write(emu, 'dir/Write', {}, { tx: 'phones' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json[0]).toMatchObject({
      error: 'invalid_param',
      message: expect.stringContaining('param[tx]'),
    });
    const renameClash = await write(emu, 'dir/Set', { id }, { tx: 'phones' });
    expect(renameClash.status).toBe(400);
    const orphan = await write(emu, 'dir/Write', {}, { tx: 'lost', par: 'nowhere' });
    expect(orphan.status).toBe(400);
    expect(orphan.json[0].message).toContain('param[par]');
    const cycle = await write(emu, 'dir/Set', { id }, { par: 'e-readers' });
    expect(cycle.status).toBe(400);
    expect((await write(emu, 'dir/Set', { id: 99_999 }, { zag: 'x' })).status).toBe(404);
    expect((await write(emu, 'dir/Write', {}, { zag: 'No tx' })).json[0].message).toContain('param[tx]');
  });

  it('a section address may be of any script, as the demo shop’s `café` is; not of spaces or slashes', async () => {
    const created = await write(emu, 'dir/Write', {}, { tx: 'кофе', par: 'catalog', zag: 'Кофе' });
    expect(created.status).toBe(200);
    expect(await read(emu, 'dir/Get', { tx: 'кофе' })).toMatchObject([{ url: '/catalog/кофе' }]);
    // A combining mark (e + U+0301) is part of a letter.
    expect((await write(emu, 'dir/Write', {}, { tx: 'cafe\u0301-2' })).status).toBe(200);
    for (const tx of ['a b', 'a/b', '-lead', '']) {
      expect((await write(emu, 'dir/Write', {}, { tx })).status, tx).toBe(400);
    }
  });

  it('article/Write and article/Update: every writable field', async () => {
    const created = await write(
      emu,
      'article/Write',
      {},
      { catid: 13, zag: 'Opening', stxt: 'Teaser', txt: '<p>Body</p>', shw: 0 },
    );
    const id = Number(created.json[0].id);
    expect(await read(emu, 'article/Get', { id })).toEqual([
      {
        id: String(id),
        catid: '13',
        zag: 'Opening',
        stxt: 'Teaser',
        txt: '<p>Body</p>',
        url: `/news/${id}`,
        shw: '0',
        dt: expect.stringMatching(/^\d+$/),
      },
    ]);
    expect((await write(emu, 'article/Update', { id }, { catid: 12, shw: 1 }, 'json')).json).toEqual([
      { message: 'Ok' },
    ]);
    expect(await read(emu, 'article/Get', { id })).toMatchObject([
      { catid: '12', url: `/blog/${id}`, shw: '1' },
    ]);
    expect((await write(emu, 'article/Update', { id: 99_999 }, { zag: 'x' })).status).toBe(404);
  });

  it('meta/Set upserts for (sid, md, id); only the given fields change', async () => {
    expect(await read(emu, 'meta/Get', { md: 'goods', id: 6 })).toEqual([]);
    const first = await write(
      emu,
      'meta/Set',
      { md: 'goods', id: 6 },
      { ttl: 'Title', dsc: 'Description', kwd: 'k', og_title: 'OG', og_image: '/x.svg' },
    );
    expect(first.json).toEqual([{ message: 'Ok' }]);
    expect(await read(emu, 'meta/Get', { md: 'goods', id: 6 })).toEqual([
      {
        id: '6',
        md: 'goods',
        ttl: 'Title',
        dsc: 'Description',
        kwd: 'k',
        og_title: 'OG',
        og_image: '/x.svg',
      },
    ]);
    await write(emu, 'meta/Set', { md: 'goods', id: 6 }, { ttl: 'New title' }, 'json');
    expect(await read(emu, 'meta/Get', { md: 'goods', id: 6 })).toMatchObject([
      { ttl: 'New title', dsc: 'Description' },
    ]);
    // Another module with the same id is another page.
    expect(await read(emu, 'meta/Get', { md: 'dir', id: 6 })).toMatchObject([{ md: 'dir' }]);
    expect(await read(emu, 'meta/Get', { md: 'news', id: 6 })).toEqual([]);
  });

  it('400 invalid_param names the parameter', async () => {
    const cases: [Promise<{ status: number; json: { message: string; error: string }[] }>, string][] = [
      [write(emu, 'goods/Set', { id: 1 }, { foo: 'x' }), 'param[foo]'],
      [write(emu, 'goods/Set', { id: 1 }, { sku: 'x' }), 'param[sku]'],
      [write(emu, 'goods/Set', { id: 1 }, { shw: 'yes' }), 'param[shw]'],
      [write(emu, 'goods/Set', { id: 1 }, { catid: 'abc' }), 'param[catid]'],
      [write(emu, 'goods/Set', { id: 'abc' }, { zag: 'x' }), 'id'],
      [write(emu, 'goods/Set', { id: 1 }, undefined), 'param'],
      [write(emu, 'goods/Set', {}, { zag: 'x' }), 'id'],
      [write(emu, 'goods/Write', {}, { vendor: 'x' }), 'param[zag]'],
      [write(emu, 'goods/SkuSet', { id: 1 }, { color: 'red' }), 'param[color]'],
      [write(emu, 'goods/SkuSet', { id: 1 }, { color: '#12345' }), 'param[color]'],
      [write(emu, 'goods/SkuSet', { id: 1 }, { price: '-1' }), 'param[price]'],
      [write(emu, 'goods/SkuWrite', {}, { price: 1 }), 'goods_id'],
      [write(emu, 'dir/Set', { id: 1 }, { rlv: 'high' }), 'param[rlv]'],
      [write(emu, 'dir/Write', {}, { tx: 'a/b' }), 'param[tx]'],
      [write(emu, 'article/Write', {}, { stxt: 'x' }), 'param[zag]'],
      [write(emu, 'article/Update', { id: 1 }, { url: '/x' }), 'param[url]'],
      [write(emu, 'meta/Set', { id: 1 }, { ttl: 'x' }), 'md'],
      [write(emu, 'meta/Set', { md: 'goods' }, { ttl: 'x' }), 'id'],
      [write(emu, 'meta/Set', { md: 'goods', id: 1 }, { title: 'x' }), 'param[title]'],
      [write(emu, 'goods/Set', { sid: 'one', id: 1 }, { zag: 'x' }), 'sid'],
      [call(emu, 'goods/Get', { query: { sid: 1, id: 'x' } }), 'id'],
      [call(emu, 'goods/Get', { query: { sid: 1, catid: '2a' } }), 'catid'],
      [call(emu, 'goods/SkuGet', { query: { sid: 1 } }), 'goods_id'],
      [call(emu, 'meta/Get', { query: { sid: 1, md: 'goods' } }), 'id'],
      [call(emu, 'meta/Get', { query: { sid: 1, id: 1 } }), 'md'],
      [call(emu, 'goods/Get', { query: {} }), 'sid'],
      [call(emu, 'goods/Set', { form: { sid: 1, id: 1, param: '{not json' } }), 'param'],
      [call(emu, 'goods/Set', { form: { sid: 1, id: 1, param: '[1,2]' } }), 'param'],
      [call(emu, 'goods/Set', { body: '{"sid":1,', contentType: 'application/json' }), 'body'],
    ];
    for (const [pending, name] of cases) {
      const res = await pending;
      expect(res.status, name).toBe(400);
      expect(res.json).toHaveLength(1);
      expect(res.json[0]?.error).toBe('invalid_param');
      expect(res.json[0]?.message).toContain(name);
    }
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
