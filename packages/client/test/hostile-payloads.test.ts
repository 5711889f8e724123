/**
 * Hostile-payload corpus: each odd body the service (or something in front of it) might send gives
 * the right typed value or a named error — never an unhandled rejection, never the key in output.
 */
import { describe, expect, it } from 'vitest';
import { HttpStatusError, NetworkError, RecordValidationError, ResponseFormatError } from '../src/index.js';
import { assertNoKey, catchError, renderings, useTestClient } from './helpers/client.js';
import { wireModification, wireProduct } from './helpers/fixtures.js';
import { type Reply, useScriptServer } from './helpers/server.js';

const server = useScriptServer();
const client = useTestClient(server);

type Op = 'products' | 'modifications' | 'domains' | 'create';
const call = (op: Op): Promise<unknown> => {
  switch (op) {
    case 'products':
      return client.products.list();
    case 'modifications':
      return client.modifications.list({ goodsId: 12 });
    case 'domains':
      return client.site.domains();
    case 'create':
      return client.products.create({ zag: 'x' });
  }
};
const path: Record<Op, string> = {
  products: 'goods/Get',
  modifications: 'goods/SkuGet',
  domains: 'site/DomainAll',
  create: 'goods/Write',
};

const product = (over: Record<string, unknown> = {}) => JSON.stringify([{ ...wireProduct, ...over }]);
const mod = (over: Record<string, unknown>) => JSON.stringify([{ ...wireModification, ...over }]);
const html502 =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';

interface Case {
  name: string;
  op: Op;
  reply: Reply;
  value?: (v: unknown) => void;
  error?: new (...args: never[]) => Error;
  match?: Record<string, unknown>;
}

const first = (v: unknown) => (v as Record<string, unknown>[])[0] as Record<string, unknown>;

const cases: Case[] = [
  {
    name: 'trailing comma in the array',
    op: 'products',
    reply: { body: `[${product().slice(1, -1)},]` },
    value: (v) => expect(first(v).id).toBe(12),
  },
  {
    name: 'trailing comma in an object',
    op: 'modifications',
    reply: {
      body: '[{"id":"1","goods_id":"12","price":"5","articul":"A","stxt":"","shw":"1","sf":"1","sku":"","color":"",}]',
    },
    value: (v) => expect(first(v)).toMatchObject({ id: 1, price: 5, shw: true, sf: true }),
  },
  {
    name: 'trailing commas nested (sku and img arrays)',
    op: 'products',
    reply: { body: product().replace('"#FFAA00"}]', '"#FFAA00"},]').replace('"a_b.jpg"}]', '"a_b.jpg",},]') },
    value: (v) => expect(first(v).sku).toHaveLength(1),
  },
  {
    name: 'repeated key: the last value wins',
    op: 'products',
    reply: { body: product().replace('"image":"a.jpg"', '"image":"old.jpg","image":"a.jpg"') },
    value: (v) => expect((first(v).img as { image: string }[])[0]?.image).toBe('a.jpg'),
  },
  {
    name: 'repeated key together with a trailing comma (tolerant path)',
    op: 'modifications',
    reply: { body: mod({}).replace('"price":"199.90"', '"price":"1","price":"2"').replace('}]', ',}]') },
    value: (v) => expect(first(v).price).toBe(2),
  },
  {
    name: 'quoted numbers',
    op: 'modifications',
    reply: { body: mod({ price: '10.50', price_old: '0' }) },
    value: (v) => expect(first(v)).toMatchObject({ price: 10.5, price_old: 0, id: 101 }),
  },
  {
    name: 'unquoted numbers',
    op: 'modifications',
    reply: { body: mod({ id: 101, goods_id: 12, price: 10.5, price_old: 11 }) },
    value: (v) => expect(first(v)).toMatchObject({ id: 101, goods_id: 12, price: 10.5, price_old: 11 }),
  },
  {
    name: 'catid unquoted next to quoted ids',
    op: 'products',
    reply: { body: product({ catid: 3, id: '12' }) },
    value: (v) => expect(first(v)).toMatchObject({ catid: 3, id: 12 }),
  },
  {
    name: 'flags as strings and as numbers',
    op: 'modifications',
    reply: { body: mod({ shw: '0', sf: 1 }) },
    value: (v) => expect(first(v)).toMatchObject({ shw: false, sf: true }),
  },
  {
    name: 'a flag that is neither 1 nor 0',
    op: 'modifications',
    reply: { body: mod({ shw: 'yes' }) },
    error: RecordValidationError,
    match: { path: 'shw', recordId: '101' },
  },
  {
    name: 'empty body',
    op: 'products',
    reply: { body: '' },
    error: ResponseFormatError,
    match: { status: 200, bodyPreview: '' },
  },
  {
    name: 'HTML 502 page',
    op: 'products',
    reply: { status: 502, body: html502, headers: { 'content-type': 'text/html' } },
    error: HttpStatusError,
    match: { status: 502, serviceCode: undefined },
  },
  {
    name: 'HTML page with 200',
    op: 'products',
    reply: { body: html502, headers: { 'content-type': 'text/html' } },
    error: ResponseFormatError,
    match: { status: 200, bodyPreview: html502.slice(0, 200) },
  },
  { name: '{} instead of an array', op: 'products', reply: { body: '{}' }, error: ResponseFormatError },
  { name: 'null instead of an array', op: 'domains', reply: { body: 'null' }, error: ResponseFormatError },
  {
    name: 'a string instead of an array',
    op: 'domains',
    reply: { body: '"Ok"' },
    error: ResponseFormatError,
  },
  {
    name: 'truncated body: Content-Length larger than sent, then the socket closes',
    op: 'products',
    reply: { body: product().slice(0, 40), truncate: true },
    error: NetworkError,
  },
  {
    name: 'socket destroyed before any answer',
    op: 'products',
    reply: { destroy: true },
    error: NetworkError,
  },
  {
    name: 'JSON cut off mid-record (complete HTTP message)',
    op: 'products',
    reply: { body: product().slice(0, 60) },
    error: ResponseFormatError,
    match: { unparseable: true },
  },
  {
    name: 'wrong content type (text/html) with a valid JSON body',
    op: 'products',
    reply: { body: product(), headers: { 'content-type': 'text/html' } },
    value: (v) => expect(first(v).zag).toBe('Phone X'),
  },
  {
    name: 'no content type at all',
    op: 'modifications',
    reply: { body: mod({}), headers: { 'content-type': 'application/octet-stream' } },
    value: (v) => expect(first(v).id).toBe(101),
  },
  {
    name: 'bad colour in a product sku',
    op: 'products',
    reply: { body: product({ sku: [{ id: '1', price: '1', color: 'red' }] }) },
    error: RecordValidationError,
    match: { path: 'sku.0.color', recordId: '12', operation: 'goods/Get' },
  },
  {
    name: 'short hex colour',
    op: 'modifications',
    reply: { body: mod({ color: '#abc' }) },
    error: RecordValidationError,
    match: { path: 'color' },
  },
  {
    name: 'upper-case colour is accepted and normalised',
    op: 'modifications',
    reply: { body: mod({ color: '#ABCDEF' }) },
    value: (v) => expect(first(v).color).toBe('#abcdef'),
  },
  {
    name: 'bad date',
    op: 'products',
    reply: { body: product({ dt: 'yesterday' }) },
    error: RecordValidationError,
    match: { path: 'dt' },
  },
  {
    name: 'impossible dd.mm.yyyy date',
    op: 'products',
    reply: { body: product({ dt: '31.02.2024' }) },
    error: RecordValidationError,
  },
  {
    name: 'dt as ISO 8601, dd.mm.yyyy and unquoted seconds',
    op: 'products',
    reply: {
      body: JSON.stringify([
        { ...wireProduct, dt: '2024-03-01T10:00:00Z' },
        { ...wireProduct, id: '13', dt: '01.03.2024' },
        { ...wireProduct, id: '14', dt: 1_700_000_000 },
      ]),
    },
    value: (v) =>
      expect((v as { dt: Date }[]).map((p) => p.dt.toISOString())).toEqual([
        '2024-03-01T10:00:00.000Z',
        '2024-03-01T00:00:00.000Z',
        '2023-11-14T22:13:20.000Z',
      ]),
  },
  {
    name: 'paidtill in another format',
    op: 'domains',
    reply: { json: [{ domain: 'a.test', active: '1', ns: [], paidtill: '2030-12-31' }] },
    error: RecordValidationError,
    match: { path: 'paidtill' },
  },
  {
    name: 'quoted id beyond 2^53',
    op: 'products',
    reply: { body: product({ id: '9007199254740993' }) },
    error: RecordValidationError,
    match: { path: 'id', recordId: '9007199254740993' },
  },
  {
    name: 'unquoted id beyond 2^53',
    op: 'modifications',
    reply: { body: mod({}).replace('"id":"101"', '"id":9007199254740993') },
    error: RecordValidationError,
    match: { path: 'id' },
  },
  {
    name: 'a price beyond 2^53 is kept as the nearest number',
    op: 'modifications',
    reply: { body: mod({ price: '90071992547409930' }) },
    value: (v) => expect(first(v).price).toBe(Number('90071992547409930')),
  },
  {
    name: 'Infinity from the tolerant parser is refused',
    op: 'modifications',
    reply: { body: mod({}).replace('"price":"199.90"', '"price":Infinity').replace('}]', ',}]') },
    error: RecordValidationError,
    match: { path: 'price' },
  },
  {
    name: 'emoji and right-to-left text kept verbatim',
    op: 'products',
    reply: { body: product({ zag: 'Телефон 📱 — هاتف ذكي', stxt: '\u202Eabc\u202C' }) },
    value: (v) => expect(first(v)).toMatchObject({ zag: 'Телефон 📱 — هاتف ذكي', stxt: '\u202Eabc\u202C' }),
  },
  {
    name: 'txt carrying scripts is kept verbatim (sanitizing is the Astro package’s job)',
    op: 'products',
    reply: {
      body: product({ txt: '<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:y()">b</a>' }),
    },
    value: (v) =>
      expect(first(v).txt).toBe(
        '<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:y()">b</a>',
      ),
  },
  {
    name: 'unknown extra fields are kept',
    op: 'products',
    reply: { body: product({ seo_slug: 'phone-x', extra: { a: 1 } }) },
    value: (v) => expect(first(v)).toMatchObject({ seo_slug: 'phone-x', extra: { a: 1 } }),
  },
  {
    name: 'a record without id',
    op: 'modifications',
    reply: { body: mod({ id: undefined }) },
    error: RecordValidationError,
    match: { recordId: undefined, path: 'id' },
  },
  {
    name: 'an array inside the array',
    op: 'products',
    reply: { body: '[[1,2]]' },
    error: RecordValidationError,
  },
  { name: 'empty array', op: 'products', reply: { body: '[]' }, value: (v) => expect(v).toEqual([]) },
  {
    name: 'create answering Ok without id',
    op: 'create',
    reply: { json: [{ message: 'Ok' }] },
    error: RecordValidationError,
    match: { path: 'id' },
  },
  {
    name: 'create answering an empty array',
    op: 'create',
    reply: { json: [] },
    error: RecordValidationError,
  },
];

describe('hostile payloads', () => {
  it('has at least 25 cases', () => expect(cases.length).toBeGreaterThanOrEqual(25));

  it.each(cases)('$name', async (c) => {
    server.script(path[c.op], c.reply);
    if (c.value) {
      c.value(await call(c.op));
      return;
    }
    const err = await catchError(call(c.op));
    expect(err).toBeInstanceOf(c.error);
    if (c.match) expect(err).toMatchObject(c.match);
    expect((err as { operation: string }).operation).toBe(path[c.op]);
    for (const text of renderings(err)) assertNoKey(text);
  });

  it('onInvalidRecord reports and skips invalid records', async () => {
    server.script('goods/SkuGet', {
      body: JSON.stringify([
        wireModification,
        { ...wireModification, id: '102', color: 'blue' },
        { ...wireModification, id: '103' },
      ]),
    });
    const bad: RecordValidationError[] = [];
    const mods = await client.modifications.list({ goodsId: 12 }, { onInvalidRecord: (e) => bad.push(e) });
    expect(mods.map((m) => m.id)).toEqual([101, 103]);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ recordId: '102', path: 'color', operation: 'goods/SkuGet' });
    expect(bad[0]?.message).toContain('record 102');
  });
});
