/**
 * Hostile-payload corpus: each odd body the service (or something in front of it) might send gives
 * the right typed value or a named error — never an unhandled rejection, never the key in output.
 */

import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  DEFAULTS,
  HttpStatusError,
  isResponseTooLargeError,
  NetworkError,
  RecordValidationError,
  ResponseFormatError,
  ResponseTooLargeError,
  WriteRejectedError,
} from '../src/index.js';
import { ACTING, assertNoKey, catchError, renderings, testClient, useTestClient } from './helpers/client.js';
import { wireModification, wireProduct } from './helpers/fixtures.js';
import { type Reply, TEST_KEY, useScriptServer } from './helpers/server.js';

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
    name: 'impossible ISO 8601 date (not rolled over into March)',
    op: 'products',
    reply: { body: product({ dt: '2025-02-30' }) },
    error: RecordValidationError,
    match: { path: 'dt' },
  },
  {
    name: 'ISO 8601 leap day and a time on it',
    op: 'products',
    reply: { body: product({ dt: '2024-02-29T23:30:00+02:00' }) },
    value: (v) => expect(first(v).dt).toEqual(new Date('2024-02-29T21:30:00Z')),
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

/** Terminal sequences a hostile service might hide in any text it sends. */
const TERMINAL_ATTACK = '\u001b]0;owned\u0007\u001b[2J\r\nbuild ok\u009b31m\u202e';

describe('service text in messages: inert and short', () => {
  /** Each way `err` is shown, none with an acting character or the key, none longer than `max`. */
  const expectShownInert = (err: unknown, max: number) => {
    for (const text of [(err as Error).message, String(err)]) {
      expect(ACTING.test(text)).toBe(false);
      expect(text.length).toBeLessThan(max);
      assertNoKey(text);
    }
  };

  it('an error body with terminal sequences and a megabyte of message: escaped, cut, key masked', async () => {
    const message = `${TERMINAL_ATTACK} key=${TEST_KEY} ${'x'.repeat(1024 * 1024)}`;
    server.script('goods/Get', { status: 500, json: [{ error: `E\u001b[5m${TEST_KEY}`, message }] });
    const err = (await catchError(testClient(server, { retries: 0 }).products.list())) as HttpStatusError;
    expect(err).toBeInstanceOf(HttpStatusError);
    expectShownInert(err, 1000);
    expect(err.message).toContain('\\u001b]0;owned\\u0007');
    expect(err.serviceMessage?.length).toBeLessThanOrEqual(201);
    expect(err.serviceMessage?.endsWith('…')).toBe(true);
    expect(err.serviceCode).toBe('E\u001b[5m***');
  });

  it('a rejected write quoting terminal sequences', async () => {
    server.script('goods/Write', { json: [{ message: TERMINAL_ATTACK }] });
    const err = await catchError(client.products.create({ zag: 'x' }));
    expect(err).toBeInstanceOf(WriteRejectedError);
    expectShownInert(err, 1000);
    expect((err as WriteRejectedError).serviceMessage).toBe(TERMINAL_ATTACK);
  });

  it('an unusable body with terminal sequences in its preview', async () => {
    server.script('goods/Get', { body: `<html>${TERMINAL_ATTACK}</html>` });
    const err = await catchError(testClient(server, { retries: 0 }).products.list());
    expect(err).toBeInstanceOf(ResponseFormatError);
    expectShownInert(err, 1000);
    expect((err as ResponseFormatError).bodyPreview).toContain(TERMINAL_ATTACK);
  });

  it('an invalid record: its id as sent is shown escaped and cut, the field keeps it whole', async () => {
    const id = `${TERMINAL_ATTACK}${'9'.repeat(10_000)}`;
    server.script('goods/Get', { body: product({ id }) });
    const err = (await catchError(client.products.list())) as RecordValidationError;
    expect(err).toBeInstanceOf(RecordValidationError);
    expectShownInert(err, 1000);
    expect(err.message).toContain('record \\u001b]0;owned');
    expect(err.recordId).toBe(id);
  });

  it('a record with thousands of bad fields: the message lists five, counts the rest', async () => {
    const sku = Array.from({ length: 2000 }, (_, i) => ({ id: String(i + 1), price: '1', color: 'red' }));
    server.script('goods/Get', { body: product({ sku }) });
    const err = (await catchError(client.products.list())) as RecordValidationError;
    expect(err.issues).toHaveLength(2000);
    expect(err.message).toContain('; and 1995 more');
    expect(err.message.split('sku.').length - 1).toBe(5);
    expectShownInert(err, 2000);
  });
});

const MiB = 1024 * 1024;

/**
 * Streams `totalBytes` of JSON-looking text in 1 MiB chunks (one buffer, reused), waiting for the
 * socket to drain between chunks, and stops when the client goes away. `sent` counts what was written.
 */
function streamHuge(totalBytes: number) {
  const progress = { sent: 0, finished: false };
  const chunk = Buffer.alloc(MiB, '"xxxxxxxxxxxxxxx",');
  const handler = (_req: unknown, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('[');
    // One wait for the close, not one per chunk: each `once` left behind a listener until the end.
    const closed = once(res, 'close');
    void (async () => {
      while (progress.sent < totalBytes && !res.destroyed) {
        progress.sent += chunk.length;
        if (!res.write(chunk)) {
          await Promise.race([once(res, 'drain'), closed]);
        }
      }
      progress.finished = progress.sent >= totalBytes;
      if (!res.destroyed) res.end('""]');
    })();
    return undefined;
  };
  return { progress, handler };
}

/** Highest RSS seen while `work` runs, sampled every 5 ms, minus the RSS before it. */
async function rssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe('response size cap (maxResponseBytes)', () => {
  it('a 300 MiB body streamed chunk by chunk is cut at the default cap with a ResponseTooLargeError', async () => {
    const huge = streamHuge(300 * MiB);
    server.script('goods/Get', huge.handler);
    const { result: err, growth } = await rssGrowth(() => catchError(client.products.list()));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(isResponseTooLargeError(err)).toBe(true);
    expect(err).toMatchObject({
      operation: 'goods/Get',
      code: 'response_too_large',
      status: 200,
      limitBytes: DEFAULTS.maxResponseBytes,
      measuredBy: 'stream',
    });
    expect((err as ResponseTooLargeError).url).toContain('key=***');
    for (const text of renderings(err)) assertNoKey(text);
    // The client hung up: the server never got to write the whole body…
    expect(huge.progress.finished).toBe(false);
    expect(huge.progress.sent).toBeLessThan(200 * MiB);
    // …and the client never held much more than the cap (measured: the cap + about 15 MiB; reading
    // 300 MiB whole took over 1 GB, and copying each read into a growing buffer the cap + 80 MiB).
    expect(growth).toBeLessThan(DEFAULTS.maxResponseBytes + 48 * MiB);
  });

  it('is not retried', async () => {
    server.script('goods/Get', { body: product() });
    const small = testClient(server, { maxResponseBytes: 100, retries: 3 });
    try {
      const err = await catchError(small.products.list());
      expect(err).toBeInstanceOf(ResponseTooLargeError);
      expect(server.requestsTo('goods/Get')).toHaveLength(1);
    } finally {
      await small.close();
    }
  });

  it('a Content-Length over the cap fails before the body is read', async () => {
    // Announces 200 MiB, sends 10 bytes, then holds the connection: reading would hang until the timeout.
    server.script('goods/Get', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MiB) });
      res.write('[{"id":"1"');
      return undefined;
    });
    const small = testClient(server, { maxResponseBytes: 10 * MiB, timeoutMs: 60_000 });
    try {
      const err = await catchError(small.products.list());
      expect(err).toBeInstanceOf(ResponseTooLargeError);
      expect(err).toMatchObject({ limitBytes: 10 * MiB, measuredBy: 'content-length', status: 200 });
      expect((err as Error).message).toContain(
        `it announces ${200 * MiB} bytes, over the limit of ${10 * MiB} bytes`,
      );
    } finally {
      await small.close();
    }
  });

  it('a body of exactly the cap is read; one byte more is refused, counted while streaming', async () => {
    const body = product();
    const bytes = Buffer.byteLength(body);
    // Chunked (no Content-Length): only the count while reading can catch it.
    const chunked = (text: string) => (_req: unknown, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(text.slice(0, 10));
      res.end(text.slice(10));
      return undefined;
    };
    const atCap = testClient(server, { maxResponseBytes: bytes });
    try {
      server.script('goods/Get', chunked(body));
      expect((await atCap.products.list()).map((p) => p.id)).toEqual([12]);
      server.script('goods/Get', chunked(`${body} `));
      const err = await catchError(atCap.products.list());
      expect(err).toMatchObject({ name: 'ResponseTooLargeError', limitBytes: bytes, measuredBy: 'stream' });
    } finally {
      await atCap.close();
    }
  });

  it('an error status with an oversized body is refused the same way, with its status', async () => {
    server.script('goods/Get', { status: 502, body: 'x'.repeat(5000) });
    const small = testClient(server, { maxResponseBytes: 4096 });
    try {
      const err = await catchError(small.products.list());
      expect(err).toMatchObject({ name: 'ResponseTooLargeError', status: 502, operation: 'goods/Get' });
    } finally {
      await small.close();
    }
  });

  it('maxResponseBytes is checked eagerly', () => {
    expect(() => testClient(server, { maxResponseBytes: 0 })).toThrow(/maxResponseBytes/);
    expect(() => testClient(server, { maxResponseBytes: 2 ** 40 })).toThrow(
      /maxResponseBytes: must be at most/,
    );
  });
});

describe('tolerant parser limits', () => {
  it('deeply nested brackets under the size limit are refused quickly, without the tolerant parser', async () => {
    // About 1,000,000 characters, 500,000 deep, with a trailing comma so strict parsing fails.
    const depth = 500_000;
    const body = `${'['.repeat(depth)}1,${']'.repeat(depth)}`;
    expect(body.length).toBeLessThan(1024 * 1024);
    server.script('goods/Get', { body });
    const { result: err, growth } = await rssGrowth(() => catchError(client.products.list()));
    expect(err).toBeInstanceOf(ResponseFormatError);
    expect(err).toMatchObject({ operation: 'goods/Get', unparseable: true });
    expect((err as Error).message).toContain('nested deeper than 64 levels');
    // JSON5 on this body grows by about 150 MiB; refused, it costs a few MiB.
    expect(growth).toBeLessThan(64 * MiB);
  });

  it('a body over 1 MiB that only the tolerant parser could read is refused', async () => {
    const many = Array.from({ length: 4000 }, (_, i) => ({ ...wireProduct, id: String(i + 1) }));
    const body = `${JSON.stringify(many).slice(0, -1)},]`;
    expect(body.length).toBeGreaterThan(1024 * 1024);
    server.script('goods/Get', { body });
    const err = await catchError(client.products.list());
    expect(err).toBeInstanceOf(ResponseFormatError);
    expect((err as Error).message).toContain('too long for the tolerant parser');
  });

  it('a valid body over 1 MiB is read by the strict parser as before', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => ({ ...wireProduct, id: String(i + 1) }));
    server.script('goods/Get', { json: many });
    expect(await client.products.list()).toHaveLength(2500);
  });

  it("a refused body's reason never quotes V8's cut of the body (only the masked preview shows it)", async () => {
    // Strict parsing fails on the first character; V8's message would quote the body's start.
    server.script('goods/Get', { body: `x${'['.repeat(70)}` });
    const err = await catchError(client.products.list());
    expect(err).toMatchObject({ name: 'ResponseFormatError', unparseable: true });
    expect((err as Error).message).not.toMatch(/not valid JSON|Unexpected token/);
  });
});

describe('answers that do not fit the request', () => {
  const meta = (over: Record<string, unknown>) => ({
    id: '1',
    md: 'goods',
    ttl: 'Page one',
    dsc: '',
    kwd: '',
    og_title: '',
    og_image: '',
    ...over,
  });

  it("another page's meta (a cache that ignores the query string) is an error naming both ids", async () => {
    server.script('meta/Get', { json: [meta({})] });
    const err = await catchError(client.meta.get('goods', 3));
    expect(err).toBeInstanceOf(ResponseFormatError);
    expect(err).toMatchObject({ operation: 'meta/Get', unparseable: false });
    expect((err as Error).message).toContain(
      'a record with id "1" where the request asked for id="3": the service, or a cache in front of it, ignored the query',
    );
    server.script('meta/Get', { json: [meta({ id: '3', md: 'dir' })] });
    expect(((await catchError(client.meta.get('goods', 3))) as Error).message).toContain(
      'a record with md "dir" where the request asked for md="goods"',
    );
    server.script('meta/Get', { json: [meta({ id: '3' })] });
    expect(await client.meta.get('goods', 3)).toMatchObject({ id: 3, ttl: 'Page one' });
  });

  it("another product's modifications are an error, not modifications of this product", async () => {
    server.script('goods/SkuGet', { json: [wireModification] });
    const err = await catchError(client.modifications.list({ goodsId: 13 }));
    expect(err).toBeInstanceOf(ResponseFormatError);
    expect((err as Error).message).toContain(
      'a record with goods_id "12" where the request asked for goods_id="13"',
    );
  });

  it("the service's error shape with HTTP 200 is an error with its message, not an invalid record", async () => {
    server.script('goods/Get', { json: [{ message: 'Database unavailable', error: 'db_error' }] });
    const err = await catchError(client.products.list());
    expect(err).toBeInstanceOf(ResponseFormatError);
    expect((err as Error).message).toContain(
      'an error answered as a success: Database unavailable (db_error)',
    );
  });

  it('a field nested thousands of levels deep in valid JSON is an invalid record, not a stack overflow later', async () => {
    const depth = 5000;
    const body = product().replace('"zag":', `"junk":${'['.repeat(depth)}${']'.repeat(depth)},"zag":`);
    server.script('goods/Get', { body });
    const err = await catchError(client.products.list());
    expect(err).toBeInstanceOf(RecordValidationError);
    expect(err).toMatchObject({ path: 'junk', recordId: '12' });
    expect((err as Error).message).toContain('junk: nested deeper than 64 levels');
    // 60 levels are a record like any other (kept under its name by the loaders' `extra`).
    server.script('goods/Get', {
      body: product().replace('"zag":', `"junk":${'['.repeat(60)}${']'.repeat(60)},"zag":`),
    });
    expect(await client.products.list()).toHaveLength(1);
  });
});

describe('what an HTTP error shows of the answer', () => {
  it("a redirect's target, key-masked, and that the client does not follow it", async () => {
    server.script('goods/Get', {
      status: 301,
      headers: { location: `https://new.example/v1/goods/Get?key=${TEST_KEY}&sid=7` },
      body: '',
    });
    const err = await catchError(client.products.list());
    expect(err).toBeInstanceOf(HttpStatusError);
    const message = (err as Error).message;
    expect(message).toContain(
      'redirected to "https://new.example/v1/goods/Get?key=***&sid=7", which the client does not follow',
    );
    for (const text of renderings(err)) assertNoKey(text);
  });

  it("a proxy's plain-text or HTML body (its title), and the Retry-After asked for", async () => {
    server.script('goods/Get', { status: 502, body: html502, headers: { 'content-type': 'text/html' } });
    expect(((await catchError(client.products.list())) as Error).message).toContain(
      'failed with HTTP 502: "502 Bad Gateway" (',
    );
    server.script('dir/Get', {
      status: 429,
      headers: { 'retry-after': '3600', 'content-type': 'text/plain' },
      body: 'quota exceeded\n',
    });
    // Its own client: a 429's Retry-After holds the whole client (the back-off gate).
    const limitedClient = testClient(server);
    try {
      const limited = (await catchError(limitedClient.sections.list())) as Error;
      expect(limited.message).toMatch(/failed with HTTP 429: "quota exceeded" \(.*\); Retry-After: 3600 s$/);
    } finally {
      await limitedClient.close();
    }
  });
});

describe('bodies in another encoding or charset than plain UTF-8', () => {
  /** Answers with `bytes` and `headers` as they are (a handler that writes itself). */
  const raw = (bytes: Buffer, headers: Record<string, string>) => (_req: unknown, res: ServerResponse) => {
    res.writeHead(200, { 'content-length': String(bytes.length), ...headers });
    res.end(bytes);
    return undefined;
  };
  const json = JSON.stringify([{ ...wireProduct, zag: 'Кофемашина «Утро»' }]);

  it('a body compressed by a proxy (gzip, deflate, br) is inflated', async () => {
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(json)],
      ['deflate', deflateSync(json)],
      ['br', brotliCompressSync(json)],
    ] as const) {
      server.script(
        'goods/Get',
        raw(bytes, { 'content-type': 'application/json', 'content-encoding': encoding }),
      );
      expect(first(await client.products.list()).zag, encoding).toBe('Кофемашина «Утро»');
    }
  });

  it('a body in the charset its Content-Type names is decoded as that charset', async () => {
    // windows-1251 bytes of the Cyrillic title (TextDecoder only decodes; the bytes are built by hand).
    const cp1251 = (text: string) =>
      Buffer.from(
        [...text].map((ch) => {
          const code = ch.codePointAt(0)!;
          if (code < 0x80) return code;
          if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
          return { '«': 0xab, '»': 0xbb }[ch] ?? 0x3f;
        }),
      );
    server.script(
      'goods/Get',
      raw(cp1251(json), { 'content-type': 'application/json; charset=windows-1251' }),
    );
    expect(first(await client.products.list()).zag).toBe('Кофемашина «Утро»');
  });

  it('an encoding or charset the client cannot read, or a body that does not inflate, is named', async () => {
    server.script('goods/Get', raw(Buffer.from(json), { 'content-encoding': 'compress' }));
    expect(((await catchError(client.products.list())) as Error).message).toContain(
      'Content-Encoding "compress" is not one the client can read (gzip, deflate, br)',
    );
    server.script('goods/Get', raw(Buffer.from(json), { 'content-encoding': 'gzip' }));
    const corrupt = await catchError(client.products.list());
    expect(corrupt).toBeInstanceOf(ResponseFormatError);
    expect((corrupt as Error).message).toContain('Content-Encoding gzip, but the body does not inflate');
    server.script(
      'goods/Get',
      raw(Buffer.from(json), { 'content-type': 'application/json; charset=X-Klingon' }),
    );
    expect(((await catchError(client.products.list())) as Error).message).toContain(
      'Content-Type names the charset "X-Klingon", which this runtime cannot decode',
    );
  });

  it('a compressed body is held to the size cap once inflated (a zip bomb)', async () => {
    const small = testClient(server, { maxResponseBytes: 1024 * 1024 });
    try {
      const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20));
      expect(bomb.length).toBeLessThan(100 * 1024);
      server.script(
        'goods/Get',
        raw(bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
      );
      expect(isResponseTooLargeError(await catchError(small.products.list()))).toBe(true);
    } finally {
      await small.close();
    }
  });
});

describe('messages that say what is wrong', () => {
  it('an id says whether it is negative, fractional or beyond 2^53', async () => {
    for (const [id, why] of [
      ['-1', 'negative'],
      ['1.5', 'fractional'],
      ['9007199254740993', 'beyond 2^53'],
    ] as const) {
      server.script('goods/Get', { body: product({ id }) });
      expect(((await catchError(client.products.list())) as Error).message, id).toContain(
        `is not a non-negative safe integer (${why})`,
      );
    }
  });

  it('site/DomainDefault answering [] says there is no domain, not that a field is missing', async () => {
    server.script('site/DomainDefault', { json: [] });
    const err = await catchError(client.site.defaultDomain());
    expect(err).toBeInstanceOf(ResponseFormatError);
    expect((err as Error).message).toContain('no domain in the answer (an empty list)');
  });
});

describe('fallbackSiteOrigin', () => {
  it('gives the image origin when site/DomainDefault fails, is kept for the calls after, and yields to an answer', async () => {
    let asked = 0;
    const lookupsBefore = server.requestsTo('site/DomainDefault').length;
    const c = testClient(server, {
      siteOrigin: undefined,
      fallbackSiteOrigin: () => {
        asked++;
        return 'https://remembered.example/some/path';
      },
    });
    try {
      server.script('site/DomainDefault', { status: 503, json: [{ message: 'down', error: 'unavailable' }] });
      server.script('goods/Get', { json: [wireProduct] });
      expect(first(await c.products.list()).img).toMatchObject([
        { urls: { image: 'https://remembered.example/upload/goods/12/a.jpg' } },
      ]);
      await c.products.list();
      expect(asked).toBe(1);
      expect(server.requestsTo('site/DomainDefault').length - lookupsBefore).toBe(1);
      // A refresh wants the service's own answer: its failure is not hidden by the fallback.
      expect(((await catchError(c.site.origin({ refresh: true }))) as Error).message).toMatch(
        /site\/DomainDefault failed with HTTP 503/,
      );
      // Asked again on refresh: an answer wins over the fallback.
      server.script('site/DomainDefault', { json: [{ domain: 'shop.example' }] });
      expect(await c.site.origin({ refresh: true })).toBe('https://shop.example');
    } finally {
      await c.close();
    }
    // No usable fallback: the lookup's own error.
    const none = testClient(server, { siteOrigin: undefined, fallbackSiteOrigin: () => 'not a url' });
    try {
      server.script('site/DomainDefault', { status: 503, json: [{ message: 'down', error: 'unavailable' }] });
      expect(((await catchError(none.products.list())) as Error).message).toMatch(
        /site\/DomainDefault failed with HTTP 503/,
      );
    } finally {
      await none.close();
    }
  });
});
