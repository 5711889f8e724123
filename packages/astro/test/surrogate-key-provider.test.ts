/**
 * The surrogate-key cache provider on its own: the headers of a cached page, the key budget, and
 * the purge it sends (to a small server recording it). test/varnish.test.ts runs it behind Varnish.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surrogateKeyCache } from '../src/index.js';
import surrogateKeyProvider from '../src/request-time/cache/surrogate-key-provider.js';

const purges: { method: string | undefined; keys: string | undefined; token: string | undefined }[] = [];
const server = createServer((req, res) => {
  purges.push({
    method: req.method,
    keys: req.headers['surrogate-key'] as string | undefined,
    token: req.headers['fastly-key'] as string | undefined,
  });
  res.writeHead(req.headers['fastly-key'] === 'fastly-secret' ? 200 : 401).end();
});
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/service/abc/purge`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const page = new Request('https://shop.example/catalog/phones/1');

describe('surrogateKeyCache', () => {
  it('a cached page: Surrogate-Control and Surrogate-Key for the CDN, Cache-Control for browsers', () => {
    const provider = surrogateKeyProvider(surrogateKeyCache().config);
    const headers = provider.setHeaders!(
      { maxAge: 300, swr: 60, tags: ['sitecontent', 'sitecontent:products:1'], lastModified: new Date(0) },
      page,
    );
    expect(Object.fromEntries(headers)).toEqual({
      'surrogate-control': 'max-age=300, stale-while-revalidate=60, stale-if-error=86400',
      'surrogate-key': 'sitecontent sitecontent:products:1 astro-path:/catalog/phones/1',
      'cache-control': 'public, max-age=0',
      'last-modified': 'Thu, 01 Jan 1970 00:00:00 GMT',
    });
  });

  it('more keys than maxKeyBytes: not kept by the CDN rather than kept unpurgeable', () => {
    const provider = surrogateKeyProvider({ maxKeyBytes: 100 });
    const tags = Array.from({ length: 10 }, (_, i) => `sitecontent:products:${i}`);
    const headers = provider.setHeaders!({ maxAge: 300, tags }, page);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('surrogate-key')).toBeNull();
  });

  it('purges by key as configured (Fastly: POST, Surrogate-Key, the token from its variable)', async () => {
    const options = {
      purge: { url, method: 'POST', keysHeader: 'Surrogate-Key', tokenEnv: 'TEST_FASTLY_TOKEN' },
    };
    const provider = surrogateKeyProvider(surrogateKeyCache(options).config);
    await expect(provider.invalidate({ tags: ['a'] })).rejects.toThrow(
      'surrogateKeyCache: TEST_FASTLY_TOKEN is not set',
    );
    process.env.TEST_FASTLY_TOKEN = 'fastly-secret';
    try {
      await provider.invalidate({ tags: ['sitecontent:products:1', 'sitecontent:sections:tv'], path: '/x' });
      expect(purges.at(-1)).toEqual({
        method: 'POST',
        keys: 'sitecontent:products:1 sitecontent:sections:tv astro-path:/x',
        token: 'fastly-secret',
      });
      process.env.TEST_FASTLY_TOKEN = 'other';
      const refused = await provider.invalidate({ tags: ['a'] }).catch((e: Error) => e.message);
      expect(refused).toBe(`surrogateKeyCache: POST ${new URL(url).origin} answered 401`);
      // A CDN that cannot be reached says why, not only `fetch failed`.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const unreachable = surrogateKeyProvider(surrogateKeyCache({ purge: { url: gone } }).config);
      const failure = await unreachable.invalidate({ tags: ['a'] }).catch((e: Error) => e.message);
      expect(failure).toMatch(
        /^surrogateKeyCache: PURGE http:\/\/127\.0\.0\.1:\d+ failed: fetch failed: connect ECONNREFUSED /,
      );
    } finally {
      delete process.env.TEST_FASTLY_TOKEN;
    }
  });

  it('checks its options when the config is written, naming the option', async () => {
    expect(() => surrogateKeyCache({ purge: { url: 'ftp://cdn' } })).toThrow(
      /^Invalid surrogateKeyCache\(\) options: purge\.url: /,
    );
    expect(() => surrogateKeyProvider({ staleIfError: -1 })).toThrow(/staleIfError: /);
    await expect(surrogateKeyProvider(undefined).invalidate({ tags: ['a'] })).rejects.toThrow(
      'set purge.url',
    );
  });
});
