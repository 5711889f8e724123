import { describe, expect, it } from 'vitest';
import { testClient, useTestClient } from './helpers/client.js';
import {
  created,
  ok,
  wireArticle,
  wireDomain,
  wireMeta,
  wireModification,
  wireProduct,
  wireSection,
} from './helpers/fixtures.js';
import { TEST_KEY, useScriptServer } from './helpers/server.js';

const server = useScriptServer();
const client = useTestClient(server);

function lastQuery(op: string): Record<string, string> {
  const req = server.requestsTo(op).at(-1);
  if (!req) throw new Error(`no request to ${op}`);
  return Object.fromEntries(req.query);
}

function lastBody(op: string): Record<string, string> {
  const req = server.requestsTo(op).at(-1);
  if (!req) throw new Error(`no request to ${op}`);
  expect(req.method).toBe('POST');
  expect(Object.fromEntries(req.query)).toEqual({ key: TEST_KEY });
  return Object.fromEntries(new URLSearchParams(req.body));
}

describe('read operations', () => {
  it('goods/Get without and with each filter', async () => {
    server.script('goods/Get', { json: [wireProduct] });
    const [p] = await client.products.list();
    expect(p).toMatchObject({
      id: 12,
      catid: 3,
      cattx: 'phones',
      zag: 'Phone X',
      shw: true,
      sku: [{ id: 101, price: 199.9, color: '#ffaa00' }],
    });
    expect(p?.dt).toEqual(new Date(1_700_000_000_000));
    expect(p?.img[0]?.urls).toEqual({
      image: 'https://shop.example/upload/goods/12/a.jpg',
      small: 'https://shop.example/upload/goods/12/a_s.jpg',
      big: 'https://shop.example/upload/goods/12/a_b.jpg',
    });
    expect(lastQuery('goods/Get')).toEqual({ key: TEST_KEY, sid: '7' });
    await client.products.list({ id: 12 });
    expect(lastQuery('goods/Get')).toEqual({ key: TEST_KEY, sid: '7', id: '12' });
    await client.products.list({ catid: 3 });
    expect(lastQuery('goods/Get')).toEqual({ key: TEST_KEY, sid: '7', catid: '3' });
    server.script('goods/Get', { json: [{ ...wireProduct, cattx: 'phones & more' }] });
    await client.products.list({ cattx: 'phones & more' });
    expect(lastQuery('goods/Get')).toEqual({ key: TEST_KEY, sid: '7', cattx: 'phones & more' });
    expect(server.requestsTo('goods/Get').every((r) => r.method === 'GET' && r.body === '')).toBe(true);
  });

  it('goods/SkuGet with goodsId, id and articul', async () => {
    server.script('goods/SkuGet', { json: [wireModification] });
    const mods = await client.modifications.list({ goodsId: 12 });
    expect(mods).toEqual([
      {
        id: 101,
        goods_id: 12,
        price: 199.9,
        price_old: 249,
        articul: 'PX-1',
        stxt: 'Black',
        shw: true,
        sf: false,
        sku: 'PX-1',
        color: '#000000',
      },
    ]);
    expect(lastQuery('goods/SkuGet')).toEqual({ key: TEST_KEY, sid: '7', goods_id: '12' });
    await client.modifications.list({ goodsId: 12, id: 101 });
    expect(lastQuery('goods/SkuGet')).toEqual({ key: TEST_KEY, sid: '7', goods_id: '12', id: '101' });
    await client.modifications.list({ goodsId: 12, articul: 'PX-1' });
    expect(lastQuery('goods/SkuGet')).toEqual({ key: TEST_KEY, sid: '7', goods_id: '12', articul: 'PX-1' });
  });

  it('dir/Get with id and tx', async () => {
    server.script('dir/Get', { json: [wireSection] });
    expect(await client.sections.list()).toEqual([
      {
        id: 3,
        tx: 'phones',
        par: 'catalog',
        zag: 'Phones',
        txt: '<p>All phones</p>',
        url: '/catalog/phones',
        rlv: 10,
        shw: true,
        tp: 'catalog',
      },
    ]);
    await client.sections.list({ id: 3 });
    expect(lastQuery('dir/Get')).toEqual({ key: TEST_KEY, sid: '7', id: '3' });
    await client.sections.list({ tx: 'phones' });
    expect(lastQuery('dir/Get')).toEqual({ key: TEST_KEY, sid: '7', tx: 'phones' });
  });

  it('article/Get with id, catid and cattx', async () => {
    server.script('article/Get', { json: [wireArticle] });
    const [a] = await client.articles.list();
    expect(a).toMatchObject({ id: 40, catid: 8, zag: 'News', url: '/blog/40', shw: true });
    expect(a?.dt).toEqual(new Date(1_700_000_000_000));
    await client.articles.list({ id: 40 });
    expect(lastQuery('article/Get')).toEqual({ key: TEST_KEY, sid: '7', id: '40' });
    await client.articles.list({ catid: 8 });
    expect(lastQuery('article/Get')).toEqual({ key: TEST_KEY, sid: '7', catid: '8' });
    await client.articles.list({ cattx: 'blog' });
    expect(lastQuery('article/Get')).toEqual({ key: TEST_KEY, sid: '7', cattx: 'blog' });
  });

  it('meta/Get returns the record, or undefined for []', async () => {
    server.script('meta/Get', { json: [wireMeta] }, { json: [] });
    expect(await client.meta.get('goods', 12)).toEqual({ ...wireMeta, id: 12 });
    expect(lastQuery('meta/Get')).toEqual({ key: TEST_KEY, sid: '7', id: '12', md: 'goods' });
    expect(await client.meta.get('dir', 99)).toBeUndefined();
  });

  it('site/DomainDefault and site/DomainAll', async () => {
    server.script('site/DomainDefault', { json: [{ domain: '7.sites.test' }] });
    expect(await client.site.defaultDomain()).toBe('7.sites.test');
    expect(lastQuery('site/DomainDefault')).toEqual({ key: TEST_KEY, sid: '7' });
    server.script('site/DomainAll', {
      json: [wireDomain, { domain: '7.sites.test', active: 0, ns: [], paidtill: '' }],
    });
    expect(await client.site.domains()).toEqual([
      {
        domain: 'shop.example',
        active: true,
        ns: ['ns1.host.test', 'ns2.host.test'],
        paidtill: new Date(Date.UTC(2030, 11, 31)),
      },
      { domain: '7.sites.test', active: false, ns: [], paidtill: null },
    ]);
  });

  it('asks site/DomainDefault once for image URLs when no siteOrigin is set', async () => {
    const c = testClient(server, { siteOrigin: undefined });
    server.script('goods/Get', { json: [wireProduct] });
    server.script('site/DomainDefault', { json: [{ domain: '7.sites.test' }] });
    const [first] = await c.products.list();
    await c.products.list();
    expect(first?.img[0]?.urls.big).toBe('https://7.sites.test/upload/goods/12/a_b.jpg');
    expect(server.requestsTo('site/DomainDefault')).toHaveLength(1);
    await c.close();
  });
});

describe('write operations (form-brackets)', () => {
  it('goods/Set, goods/Write, goods/Delete', async () => {
    server.script('goods/Set', ok);
    server.script('goods/Write', created(55));
    server.script('goods/Delete', ok);
    expect(await client.products.update(12, { zag: 'New title', shw: false })).toEqual({ message: 'Ok' });
    expect(lastBody('goods/Set')).toEqual({
      sid: '7',
      id: '12',
      'param[zag]': 'New title',
      'param[shw]': '0',
    });
    expect(await client.products.create({ zag: 'P', catid: 3, dt: new Date(1_700_000_000_000) })).toEqual({
      message: 'Ok',
      id: 55,
    });
    expect(lastBody('goods/Write')).toEqual({
      sid: '7',
      'param[zag]': 'P',
      'param[catid]': '3',
      'param[dt]': '1700000000',
    });
    expect(await client.products.delete(12)).toEqual({ message: 'Ok' });
    expect(lastBody('goods/Delete')).toEqual({ sid: '7', id: '12' });
  });

  it('goods/SkuSet and goods/SkuWrite', async () => {
    server.script('goods/SkuSet', ok);
    server.script('goods/SkuWrite', created('102'));
    await client.modifications.update(101, { price: 10.5, sf: true });
    expect(lastBody('goods/SkuSet')).toEqual({
      sid: '7',
      id: '101',
      'param[price]': '10.5',
      'param[sf]': '1',
    });
    expect(await client.modifications.create(12, { articul: 'PX-2', color: '#ABCDEF' })).toEqual({
      message: 'Ok',
      id: 102,
    });
    expect(lastBody('goods/SkuWrite')).toEqual({
      sid: '7',
      goods_id: '12',
      'param[articul]': 'PX-2',
      'param[color]': '#ABCDEF',
    });
  });

  it('dir/Set and dir/Write', async () => {
    server.script('dir/Set', ok);
    server.script('dir/Write', created(9));
    await client.sections.update(3, { zag: 'Phones', rlv: 5 });
    expect(lastBody('dir/Set')).toEqual({ sid: '7', id: '3', 'param[zag]': 'Phones', 'param[rlv]': '5' });
    expect(await client.sections.create({ tx: 'tablets', par: 'catalog' })).toEqual({ message: 'Ok', id: 9 });
    expect(lastBody('dir/Write')).toEqual({ sid: '7', 'param[tx]': 'tablets', 'param[par]': 'catalog' });
  });

  it('article/Update and article/Write', async () => {
    server.script('article/Update', ok);
    server.script('article/Write', created(41));
    await client.articles.update(40, { stxt: 'New teaser' });
    expect(lastBody('article/Update')).toEqual({ sid: '7', id: '40', 'param[stxt]': 'New teaser' });
    expect(await client.articles.create({ zag: 'Hello', catid: 8 })).toEqual({ message: 'Ok', id: 41 });
    expect(lastBody('article/Write')).toEqual({ sid: '7', 'param[zag]': 'Hello', 'param[catid]': '8' });
  });

  it('meta/Set', async () => {
    server.script('meta/Set', ok);
    await client.meta.update('goods', 12, { ttl: 'T', dsc: 'D' });
    expect(lastBody('meta/Set')).toEqual({
      sid: '7',
      id: '12',
      md: 'goods',
      'param[ttl]': 'T',
      'param[dsc]': 'D',
    });
  });
});
