import JSON5 from 'json5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, serializeQuirks } from '../src/index.js';
import { call, startTestEmulator } from './helpers/index.js';

describe('--quirks reference', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ seed: 'none', quirks: 'reference' });
    await call(emu, 'dir/Write', { form: { sid: 1, 'param[tx]': 'phones', 'param[zag]': 'Phones' } });
    await call(emu, 'goods/Write', {
      form: {
        sid: 1,
        'param[zag]': 'Aurora X1',
        'param[catid]': 1,
        'param[vendor]': 'Aurora',
        'param[dt]': 1_736_121_600,
      },
    });
    await call(emu, 'goods/SkuWrite', {
      form: { sid: 1, goods_id: 1, 'param[price]': 699, 'param[articul]': 'AX1', 'param[color]': '#1c1c1e' },
    });
    emu.exec(
      "INSERT INTO product_images (goods_id, path, image, image_small, image_big) VALUES (1, '/img/goods/ax1/', 'a.jpg', 'a_s.jpg', 'a_b.jpg')",
    );
  });
  afterAll(() => emu.close());

  it('goods/Get: trailing commas everywhere and image sent twice in the image object (exact text)', async () => {
    const res = await call(emu, 'goods/Get', { query: { sid: 1 } });
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      '[{"id":"1","catid":1,"cattx":"phones","dt":"1736121600","zag":"Aurora X1","stxt":"","txt":"","vendor":"Aurora","shw":"1",' +
        '"sku":[{"id":"1","price":"699","color":"#1c1c1e",},],' +
        '"img":[{"id":"1","path":"/img/goods/ax1/","image":"a.jpg","image":"a.jpg","image_small":"a_s.jpg","image_big":"a_b.jpg",},],},]',
    );
    // Not JSON, but a tolerant parser (repeated key: last wins) recovers the record.
    expect(() => JSON.parse(res.text)).toThrow();
    expect(JSON5.parse(res.text)[0].img[0]).toEqual({
      id: '1',
      path: '/img/goods/ax1/',
      image: 'a.jpg',
      image_small: 'a_s.jpg',
      image_big: 'a_b.jpg',
    });
  });

  it('writes, errors, empty lists and nested arrays (exact text)', async () => {
    expect((await call(emu, 'goods/Set', { form: { sid: 1, id: 1, 'param[shw]': 0 } })).text).toBe(
      '[{"message":"Ok",},]',
    );
    expect((await call(emu, 'goods/Write', { form: { sid: 1, 'param[zag]': 'B' } })).text).toBe(
      '[{"message":"Ok","id":"2",},]',
    );
    expect((await call(emu, 'meta/Get', { query: { sid: 1, md: 'goods', id: 1 } })).text).toBe('[]');
    expect((await call(emu, 'goods/Get', { key: 'bad', query: { sid: 1 } })).text).toBe(
      '[{"message":"Invalid API key","error":"unauthorized",},]',
    );
    expect((await call(emu, 'site/DomainAll', { query: { sid: 1 } })).text).toBe(
      '[{"domain":"1.sites.test","active":"1","ns":["ns1.sites.test","ns2.sites.test",],"paidtill":"",},]',
    );
    expect((await call(emu, 'dir/Get', { query: { sid: 1 } })).text).toBe(
      '[{"id":"1","tx":"phones","par":"","zag":"Phones","txt":"","url":"/phones","rlv":"0","shw":"1","tp":"",},]',
    );
  });

  it('is deterministic: the same data gives the same bytes', async () => {
    const a = await call(emu, 'goods/Get', { query: { sid: 1 } });
    const b = await call(emu, 'goods/Get', { query: { sid: 1 } });
    expect(a.text).toBe(b.text);
    expect(serializeQuirks({ a: [], b: {}, c: 'x"y' })).toBe('{"a":[],"b":{},"c":"x\\"y",}');
  });
});
