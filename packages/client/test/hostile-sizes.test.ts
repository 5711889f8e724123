/**
 * Bodies too big to hold: the size cap cuts a stream before memory grows, and the tolerant parser
 * refuses what would cost it far more than the body's size.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isSiteContentError, ResponseFormatError, ResponseTooLargeError } from '../src/index.js';
import { DEFAULTS } from '../src/options.js';
import { assertNoKey, catchError, renderings, testClient, useTestClient } from './helpers/client.js';
import { productBody, wireProduct } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

const server = useScriptServer();
const client = useTestClient(server);

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

// First, so that the size cap's memory is measured in a process that has read big bodies before
// (as a build has), not one paying for its first call's one-time setup (some 20 MiB over fetch).
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

describe('response size cap (maxResponseBytes)', () => {
  it('a 300 MiB body streamed chunk by chunk is cut at the default cap with a ResponseTooLargeError', async () => {
    const huge = streamHuge(300 * MiB);
    server.script('goods/Get', huge.handler);
    const { result: err, growth } = await rssGrowth(() => catchError(client.products.list()));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(isSiteContentError(err, 'response_too_large')).toBe(true);
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
    server.script('goods/Get', { body: productBody() });
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
    const body = productBody();
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
