/** Bodies a proxy compressed or the service wrote in another charset: read, or refused with the reason. */
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isSiteContentError, ResponseFormatError } from '../src/index.js';
import { catchError, first, testClient, useTestClient } from './helpers/client.js';
import { wireProduct } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

const server = useScriptServer();
const client = useTestClient(server);

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
      expect(isSiteContentError(await catchError(small.products.list()), 'response_too_large')).toBe(true);
    } finally {
      await small.close();
    }
  });
});
