import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { KeyRing } from '../src/index.js';
import { call, KEY, OTHER_KEY, useTestEmulator } from './helpers/index.js';

const UNAUTHORIZED = '[{"message":"Invalid API key","error":"unauthorized"}]';

describe('keys, sites and limits', () => {
  const emu = useTestEmulator();

  it('missing or wrong key: 401 with the exact body, on reads and writes', async () => {
    for (const key of [null, '', 'wrong', `${KEY}x`, KEY.slice(0, -1)]) {
      const read = await call(emu, 'goods/Get', { key, query: { sid: 1 } });
      expect(read.status).toBe(401);
      expect(read.text).toBe(UNAUTHORIZED);
      const writeRes = await call(emu, 'goods/Set', { key, form: { sid: 1, id: 1, 'param[zag]': 'x' } });
      expect(writeRes.status).toBe(401);
      expect(writeRes.text).toBe(UNAUTHORIZED);
    }
  });

  it('the key is read from the query string only', async () => {
    const res = await call(emu, 'goods/Set', {
      key: null,
      form: { key: KEY, sid: 1, id: 1, 'param[zag]': 'x' },
    });
    expect(res.status).toBe(401);
  });

  it('a site the key may not use and an unknown site both get the same 403', async () => {
    const notAllowed = await call(emu, 'goods/Get', { key: OTHER_KEY, query: { sid: 1 } });
    const unknown = await call(emu, 'goods/Get', { query: { sid: 777 } });
    const writeOther = await call(emu, 'meta/Set', {
      key: OTHER_KEY,
      form: { sid: 1, md: 'goods', id: 1, 'param[ttl]': 'x' },
    });
    for (const res of [notAllowed, unknown, writeOther]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual([{ message: 'This key may not access this site', error: 'forbidden' }]);
    }
    expect(notAllowed.text).toBe(unknown.text);
    expect((await call(emu, 'goods/Get', { key: OTHER_KEY, query: { sid: 3 } })).status).toBe(200);
  });

  it('sid in the body counts for POST; a non-numeric sid is 400', async () => {
    expect(
      (await call(emu, 'meta/Set', { json: { sid: 2, md: 'goods', id: 1, param: { ttl: 'Site 2' } } }))
        .status,
    ).toBe(200);
    expect((await call(emu, 'meta/Get', { query: { sid: 2, md: 'goods', id: 1 } })).json[0].ttl).toBe(
      'Site 2',
    );
    expect((await call(emu, 'meta/Get', { query: { sid: 1, md: 'goods', id: 1 } })).json[0].ttl).not.toBe(
      'Site 2',
    );
    const bad = await call(emu, 'goods/Get', { query: { sid: '1; DROP TABLE products' } });
    expect(bad.status).toBe(400);
    expect(bad.json[0]).toMatchObject({ error: 'invalid_param', message: expect.stringContaining('sid') });
  });

  it('bodies over 1 MiB get 413 with a JSON error; 1 MiB exactly is read', async () => {
    const big = `sid=1&id=1&param[txt]=${'a'.repeat(1024 * 1024)}`;
    const res = await call(emu, 'goods/Set', { body: big, contentType: 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(413);
    expect(res.json).toEqual([{ message: 'Request body exceeds 1048576 bytes', error: 'payload_too_large' }]);
    const prefix = 'sid=1&id=1&param[txt]=';
    const exact = `${prefix}${'b'.repeat(1024 * 1024 - prefix.length)}`;
    const ok = await call(emu, 'goods/Set', {
      body: exact,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(ok.status).toBe(200);
    // Chunked upload without Content-Length is cut off as well.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(`${emu.url}/v1/goods/Set?key=${KEY}`, { method: 'POST' }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 20; i++) req.write('x'.repeat(100_000));
      req.end();
    });
    expect(chunked).toBe(413);
  });

  it('unknown operations are 404 and wrong methods 405, both as JSON', async () => {
    const unknown = await call(emu, 'goods/Nope', { query: { sid: 1 } });
    expect(unknown.status).toBe(404);
    expect(unknown.json[0].error).toBe('not_found');
    const outside = await fetch(`${emu.url}/`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual([{ message: 'Unknown operation /', error: 'not_found' }]);
    const wrongMethod = await call(emu, 'goods/Set', { method: 'GET', query: { sid: 1, id: 1 } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(wrongMethod.json[0].error).toBe('method_not_allowed');
  });

  it('every response outside quirks mode is valid JSON: an array of objects', async () => {
    const responses = await Promise.all([
      call(emu, 'goods/Get', { query: { sid: 1 } }),
      call(emu, 'goods/Get', { key: 'bad', query: { sid: 1 } }),
      call(emu, 'goods/Set', { form: { sid: 1, id: 1, 'param[bad]': 1 } }),
      call(emu, 'site/DomainAll', { query: { sid: 1 } }),
      call(emu, 'nothing/Here'),
    ]);
    for (const res of responses) {
      expect(() => JSON.parse(res.text)).not.toThrow();
      expect(Array.isArray(res.json)).toBe(true);
    }
  });

  it('stats count requests per operation and per status', async () => {
    const before = { ...emu.stats.byOperation };
    const total = emu.stats.total;
    await call(emu, 'dir/Get', { query: { sid: 1 } });
    await call(emu, 'dir/Get', { key: 'bad', query: { sid: 1 } });
    expect(emu.stats.byOperation['dir/Get']).toBe((before['dir/Get'] ?? 0) + 2);
    expect(emu.stats.total).toBe(total + 2);
    expect(emu.stats.byStatus[401]).toBeGreaterThan(0);
    emu.resetStats();
    expect(emu.stats.total).toBe(0);
  });
});

describe('KeyRing', () => {
  it('maps keys to their sites and rejects everything else', () => {
    const ring = new KeyRing({ a: [1, 2], b: [3] });
    expect([...(ring.lookup('a') ?? [])]).toEqual([1, 2]);
    expect([...(ring.lookup('b') ?? [])]).toEqual([3]);
    expect(ring.lookup('c')).toBeUndefined();
    expect(ring.lookup('')).toBeUndefined();
    expect(ring.lookup(null)).toBeUndefined();
  });
});
