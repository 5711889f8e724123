import { describe, expect, it } from 'vitest';
import { formComponent } from '../src/http/encode.js';
import { InvalidArgumentError, isSiteContentError } from '../src/index.js';
import { catchError, testClient } from './helpers/client.js';
import { created, ok } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

const server = useScriptServer((s) => {
  s.script('goods/Set', ok);
  s.script('goods/Write', created(1));
  s.script('meta/Set', ok);
  s.script('meta/Get', { json: [] });
});

const fields = { zag: 'New title & more', shw: true, dt: new Date(1_700_000_000_000) };

describe('paramEncoding', () => {
  it('form-brackets (default): param[field]=value, urlencoded', async () => {
    const client = testClient(server);
    await client.products.update(12, fields);
    const [req] = server.requestsTo('goods/Set');
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req?.body).toBe(
      'sid=7&id=12&param[zag]=New%20title%20%26%20more&param[shw]=1&param[dt]=1700000000',
    );
    await client.close();
  });

  it('form-json: param=<JSON text>', async () => {
    const client = testClient(server, { paramEncoding: 'form-json' });
    await client.meta.update('goods', 12, { ttl: 'Ü "quoted"' });
    const [req] = server.requestsTo('meta/Set');
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req?.body).toBe(`sid=7&id=12&md=goods&param=${encodeURIComponent('{"ttl":"Ü \\"quoted\\""}')}`);
    expect(JSON.parse(new URLSearchParams(req?.body).get('param') ?? '')).toEqual({ ttl: 'Ü "quoted"' });
    await client.close();
  });

  it('json: the whole body as JSON', async () => {
    const client = testClient(server, { paramEncoding: 'json' });
    await client.products.update(12, fields);
    await client.meta.update('goods', 12, { ttl: 'T' });
    const [set] = server.requestsTo('goods/Set');
    expect(set?.headers['content-type']).toBe('application/json');
    expect(set?.body).toBe('{"sid":7,"id":12,"param":{"zag":"New title & more","shw":1,"dt":1700000000}}');
    expect(server.requestsTo('meta/Set')[0]?.body).toBe('{"sid":7,"id":12,"md":"goods","param":{"ttl":"T"}}');
    await client.close();
  });

  it('the key stays in the query string for POSTs, never in the body', async () => {
    const client = testClient(server, { paramEncoding: 'json' });
    await client.products.create({ zag: 'x' });
    const [req] = server.requestsTo('goods/Write');
    expect(req?.query.get('key')).toBeTruthy();
    expect(req?.body).not.toContain(req?.query.get('key') ?? '???');
    await client.close();
  });
});

describe('query strings', () => {
  it('encode every value exactly as URLSearchParams does', () => {
    const samples = [
      ...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)),
      'goods',
      '12345',
      'a b&c=d/é*~!',
      'Grüße 東京 🚲',
      'lone \ud800 surrogate',
      '',
    ];
    for (const value of samples) {
      expect(formComponent(value)).toBe(new URLSearchParams([['', value]]).toString().slice(1));
    }
  });

  it('carry the key first and every parameter through to the server unchanged', async () => {
    const apiKey = 'k+y/=&é%20';
    const client = testClient(server, { apiKey });
    const md = 'a b&c=d/é*~!';
    await client.meta.get(md, 12);
    const [req] = server.requestsTo('meta/Get');
    expect([...(req?.query.entries() ?? [])]).toEqual([
      ['key', apiKey],
      ['sid', '7'],
      ['id', '12'],
      ['md', md],
    ]);
    await client.close();
  });
});

describe('param checks before sending', () => {
  it('an unknown field is an InvalidArgumentError and nothing is sent', async () => {
    const client = testClient(server);
    const err = await catchError(client.products.update(12, { price: 5 } as never));
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect(isSiteContentError(err, 'invalid_argument')).toBe(true);
    expect((err as Error).message).toContain('unknown field "price"');
    await expect(client.meta.update('goods', 1, {})).rejects.toThrow(/no fields/);
    await expect(client.modifications.update(1, { color: 'red' })).rejects.toThrow(/#rrggbb/);
    await expect(client.products.update(1.5, { zag: 'x' })).rejects.toThrow(InvalidArgumentError);
    await expect(client.products.update(1, { zag: { a: 1 } } as never)).rejects.toThrow(InvalidArgumentError);
    await expect(client.products.update(1, { dt: new Date('nope') })).rejects.toThrow(InvalidArgumentError);
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it('a misspelled list filter is an InvalidArgumentError, not a read of everything', async () => {
    const client = testClient(server);
    await expect(client.products.list({ catId: 3 } as never)).rejects.toThrow(
      'goods/Get: unknown filter(s) catId (known: id, catid, cattx)',
    );
    await expect(client.sections.list({ tx: 'a', par: 'b' } as never)).rejects.toThrow(
      /^dir\/Get: unknown filter\(s\) par \(known: /,
    );
    // The wire's spelling of a filter is named as unknown, with the caller's names.
    await expect(client.modifications.list({ goods_id: 1 } as never)).rejects.toThrow(
      'goods/SkuGet: unknown filter(s) goods_id (known: goodsId, id, articul)',
    );
    await expect(client.modifications.list({ goodsId: 1, artikul: 'A' } as never)).rejects.toThrow(
      'goods/SkuGet: unknown filter(s) artikul (known: goodsId, id, articul)',
    );
    // Not an object: a clear error, not a TypeError from inside.
    await expect(client.products.list(null as never)).rejects.toThrow(
      'goods/Get: the filter must be an object or left out',
    );
    await expect(client.modifications.list(undefined as never)).rejects.toThrow(
      'goods/SkuGet: the filter must be an object',
    );
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it('allowUnknownFields lets other keys through', async () => {
    const client = testClient(server, { allowUnknownFields: true });
    await client.products.update(12, { zag: 'a', seo_slug: 'x' } as never);
    expect(server.requestsTo('goods/Set')[0]?.body).toBe('sid=7&id=12&param[zag]=a&param[seo_slug]=x');
    await client.close();
  });
});
