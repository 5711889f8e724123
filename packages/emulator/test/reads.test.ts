import { describe, expect, it } from 'vitest';
import { call, startTestEmulator, useTestEmulator } from './helpers/index.js';

// Demo seed on a fresh database: sections 1..14 (2 = phones, 4 = audio, 9 = headphones,
// 12 = blog, 13 = news), products 1..33 (1..5 in phones), articles 1..6 blog, 7..12 news.
describe('read operations and the wire shape', () => {
  const emu = useTestEmulator();

  const get = async (op: string, query: Record<string, string | number>) => {
    const res = await call(emu, op, { query: { sid: 1, ...query } });
    expect(res.status, `${op} ${JSON.stringify(query)}`).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return res.json;
  };
  const ids = (records: { id: string }[]) => records.map((r) => Number(r.id));

  it('goods/Get: numbers quoted except catid, dt as Unix seconds in a string, derived sku and cattx', async () => {
    const [product] = await get('goods/Get', { id: 1 });
    expect(product).toEqual({
      id: '1',
      catid: 2,
      cattx: 'phones',
      dt: expect.stringMatching(/^\d{10}$/),
      zag: 'Aurora X1',
      stxt: expect.any(String),
      txt: expect.stringContaining('<ul>'),
      vendor: 'Aurora Mobile',
      shw: '1',
      sku: [
        { id: '1', price: '699', color: '#1c1c1e' },
        { id: '2', price: '799', color: '#1c1c1e' },
        { id: '3', price: '699', color: '#2f5d9e' },
      ],
      img: [
        {
          id: '1',
          path: '/img/goods/aurora-x1/',
          image: 'photo-1.svg',
          image_small: 'photo-1-small.svg',
          image_big: 'photo-1-big.svg',
        },
        {
          id: '2',
          path: '/img/goods/aurora-x1/',
          image: 'photo-2.svg',
          image_small: 'photo-2-small.svg',
          image_big: 'photo-2-big.svg',
        },
      ],
    });
    expect(new Date(Number(product.dt) * 1000).getUTCFullYear()).toBe(2025);
  });

  it('goods/Get: whole catalog in ascending id order, no paging', async () => {
    const all = await get('goods/Get', {});
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(ids(all)).toEqual([...ids(all)].sort((a, b) => a - b));
    expect(all.every((p: { catid: unknown }) => typeof p.catid === 'number')).toBe(true);
  });

  it('goods/Get filters alone and combined (AND); no match is []', async () => {
    expect(ids(await get('goods/Get', { catid: 2 }))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(await get('goods/Get', { cattx: 'phones' }))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(await get('goods/Get', { id: 3, catid: 2 }))).toEqual([3]);
    expect(ids(await get('goods/Get', { id: 3, cattx: 'phones', catid: 2 }))).toEqual([3]);
    expect(await get('goods/Get', { id: 3, catid: 4 })).toEqual([]);
    expect(await get('goods/Get', { id: 3, cattx: 'audio' })).toEqual([]);
    expect(await get('goods/Get', { cattx: 'no-such-section' })).toEqual([]);
    expect(await get('goods/Get', { id: 99_999 })).toEqual([]);
  });

  it('goods/SkuGet: modification shape with sku = articul; filters id and articul', async () => {
    const mods = await get('goods/SkuGet', { goods_id: 1 });
    expect(ids(mods)).toEqual([1, 2, 3]);
    expect(mods[0]).toEqual({
      id: '1',
      goods_id: '1',
      price: '699',
      price_old: '749',
      articul: 'AUR-X1-128-BLK',
      stxt: 'Midnight, 128 GB',
      shw: '1',
      sf: '1',
      sku: 'AUR-X1-128-BLK',
      color: '#1c1c1e',
    });
    expect(ids(await get('goods/SkuGet', { goods_id: 1, id: 2 }))).toEqual([2]);
    expect(ids(await get('goods/SkuGet', { goods_id: 1, articul: 'AUR-X1-128-BLU' }))).toEqual([3]);
    expect(await get('goods/SkuGet', { goods_id: 1, id: 2, articul: 'AUR-X1-128-BLU' })).toEqual([]);
    expect(await get('goods/SkuGet', { goods_id: 2, id: 1 })).toEqual([]);
    expect(await get('goods/SkuGet', { goods_id: 99_999 })).toEqual([]);
  });

  it('dir/Get: url is / + the chain of tx from the root; filters id and tx', async () => {
    const all = await get('dir/Get', {});
    expect(ids(all)).toEqual([...ids(all)].sort((a, b) => a - b));
    const byTx = new Map(all.map((s: { tx: string; url: string }) => [s.tx, s]));
    expect(byTx.get('catalog')).toMatchObject({ par: '', url: '/catalog' });
    expect(byTx.get('headphones')).toEqual({
      id: '9',
      tx: 'headphones',
      par: 'audio',
      zag: 'Headphones',
      txt: expect.any(String),
      url: '/catalog/audio/headphones',
      rlv: '50',
      shw: '1',
      tp: 'catalog',
    });
    expect(await get('dir/Get', { tx: 'phones' })).toMatchObject([{ id: '2', url: '/catalog/phones' }]);
    expect(await get('dir/Get', { id: 2 })).toMatchObject([{ tx: 'phones' }]);
    expect(await get('dir/Get', { id: 2, tx: 'audio' })).toEqual([]);
    expect(await get('dir/Get', { id: 99_999 })).toEqual([]);
  });

  it('article/Get: carries catid, url = section url + / + id; filters alone and combined', async () => {
    const [article] = await get('article/Get', { id: 1 });
    expect(article).toEqual({
      id: '1',
      catid: '12',
      zag: 'How to choose noise-cancelling headphones',
      stxt: expect.any(String),
      txt: expect.stringContaining('<img'),
      url: '/blog/1',
      shw: '1',
      dt: expect.stringMatching(/^\d{10}$/),
    });
    expect(ids(await get('article/Get', { catid: 12 }))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(await get('article/Get', { cattx: 'news' }))).toEqual([7, 8, 9, 10, 11, 12]);
    expect(ids(await get('article/Get', { cattx: 'news', id: 8 }))).toEqual([8]);
    expect(await get('article/Get', { cattx: 'blog', id: 8 })).toEqual([]);
    expect(await get('article/Get', { catid: 12, cattx: 'news' })).toEqual([]);
    expect((await get('article/Get', {})).length).toBeGreaterThanOrEqual(10);
  });

  it('meta/Get: one record for a set page, [] for a page never set', async () => {
    expect(await get('meta/Get', { md: 'goods', id: 1 })).toEqual([
      {
        id: '1',
        md: 'goods',
        ttl: 'Aurora X1 — buy online | Lumen & Oak',
        dsc: expect.any(String),
        kwd: expect.any(String),
        og_title: expect.any(String),
        og_image: '/img/goods/aurora-x1/photo-1.svg',
      },
    ]);
    expect(await get('meta/Get', { md: 'dir', id: 2 })).toHaveLength(1);
    expect(await get('meta/Get', { md: 'blog', id: 1 })).toHaveLength(1);
    expect(await get('meta/Get', { md: 'news', id: 7 })).toHaveLength(1);
    expect(await get('meta/Get', { md: 'goods', id: 6 })).toEqual([]);
    expect(await get('meta/Get', { md: 'blog', id: 99_999 })).toEqual([]);
  });

  it('site/DomainDefault and DomainAll: real domain first; paidtill dd.mm.yyyy; technical domain listed', async () => {
    expect(await get('site/DomainDefault', {})).toEqual([{ domain: 'shop.example' }]);
    expect(await get('site/DomainAll', {})).toEqual([
      {
        domain: 'shop.example',
        active: '1',
        ns: ['ns1.example-dns.net', 'ns2.example-dns.net'],
        paidtill: '14.03.2036',
      },
      {
        domain: '1.sites.test',
        active: '1',
        ns: ['ns1.sites.test', 'ns2.sites.test'],
        paidtill: '01.01.2030',
      },
    ]);
  });

  it('a site without domains falls back to <sid>.<technical domain>', async () => {
    const res = await call(emu, 'site/DomainDefault', { query: { sid: 2 } });
    expect(res.json).toEqual([{ domain: '2.sites.test' }]);
    const all = await call(emu, 'site/DomainAll', { query: { sid: 2 } });
    expect(all.json).toEqual([
      { domain: '2.sites.test', active: '1', ns: ['ns1.sites.test', 'ns2.sites.test'], paidtill: '' },
    ]);
  });

  it('an empty site answers [] to every list', async () => {
    for (const op of ['goods/Get', 'dir/Get', 'article/Get']) {
      expect((await call(emu, op, { query: { sid: 2 } })).json).toEqual([]);
    }
  });
});

describe('technical domain setting', () => {
  it('uses technicalDomain for the fallback', async () => {
    const emu = await startTestEmulator({ seed: 'none', technicalDomain: 'example.net' });
    try {
      expect((await call(emu, 'site/DomainDefault', { query: { sid: 1 } })).json).toEqual([
        { domain: '1.example.net' },
      ]);
    } finally {
      await emu.close();
    }
  });
});
