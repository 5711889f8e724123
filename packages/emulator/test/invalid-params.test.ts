/** Every malformed parameter of a write or a read is a 400 invalid_param that names it. */
import { describe, expect, it } from 'vitest';
import { call, useFreshTestEmulator } from './helpers/index.js';
import { write } from './helpers/writes.js';

describe('write operations', () => {
  const emu = useFreshTestEmulator();

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
});
