/** Which failures are retried, counted on the server: exact attempts, creates that may have landed. */
import { describe, expect, it } from 'vitest';
import {
  AuthError,
  createClient,
  HttpStatusError,
  NetworkError,
  type RequestEvent,
  type RetryEvent,
  WriteRejectedError,
} from '../src/index.js';
import { catchError, testClient } from './helpers/client.js';
import { ok, status, wireSection } from './helpers/fixtures.js';
import { closedPortUrl, TEST_KEY, useScriptServer } from './helpers/server.js';

const server = useScriptServer();

const sections = { json: [wireSection] };

describe('what is retried', () => {
  it('5xx, 408 and 429 until success, with exact attempt counts and onRetry events', async () => {
    const retries: RetryEvent[] = [];
    const requests: RequestEvent[] = [];
    const client = testClient(server, {
      retries: 4,
      onRetry: (e) => retries.push(e),
      onRequest: (e) => requests.push(e),
    });
    server.script('dir/Get', status(503), status(408), status(429), status(500), sections);
    expect(await client.sections.list()).toHaveLength(1);
    expect(server.requestsTo('dir/Get')).toHaveLength(5);
    expect(retries.map((r) => [r.attempt, r.reason])).toEqual([
      [1, 'HTTP 503'],
      [2, 'HTTP 408'],
      [3, 'HTTP 429'],
      [4, 'HTTP 500'],
    ]);
    // No Retry-After anywhere: each retry waits on its own, the client's other calls do not.
    expect(retries.map((r) => r.clientPaused)).toEqual([false, false, false, false]);
    expect(requests.map((r) => r.status)).toEqual([503, 408, 429, 500, 200]);
    await client.close();
  });

  it('gives up after `retries` and throws the last error', async () => {
    const retries: RetryEvent[] = [];
    const client = testClient(server, { retries: 2, onRetry: (e) => retries.push(e) });
    server.script('dir/Get', status(500));
    const err = await catchError(client.sections.list());
    expect(err).toBeInstanceOf(HttpStatusError);
    expect(server.requestsTo('dir/Get')).toHaveLength(3);
    // onRetry tells of the retries only: the last failure, with none left, is the call's error.
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
    await client.close();
  });

  it('network errors, truncated and unparseable bodies are retried', async () => {
    const client = testClient(server, { retries: 3 });
    server.script(
      'dir/Get',
      { destroy: true },
      { body: '[{"id":"3"', truncate: true },
      { body: '<html>busy</html>' },
      sections,
    );
    expect(await client.sections.list()).toHaveLength(1);
    expect(server.requestsTo('dir/Get')).toHaveLength(4);
    await client.close();
  });

  it.each([400, 401, 403, 404, 422])('HTTP %i (the caller’s fault) is not retried', async (s) => {
    const client = testClient(server, { retries: 4 });
    server.script('dir/Get', status(s));
    await catchError(client.sections.list());
    expect(server.requestsTo('dir/Get')).toHaveLength(1);
    await client.close();
  });

  it('a rejected write and a wrongly shaped body are not retried', async () => {
    const client = testClient(server, { retries: 4 });
    server.script('dir/Set', { json: [{ message: 'Locked' }] });
    await expect(client.sections.update(3, { zag: 'x' })).rejects.toBeInstanceOf(WriteRejectedError);
    server.script('dir/Get', { json: {} });
    await catchError(client.sections.list());
    expect(server.requests).toHaveLength(2);
    await client.close();
  });

  it('updates are retried (repeating them is safe)', async () => {
    const client = testClient(server, { retries: 4 });
    server.script('goods/Set', status(502), ok);
    await client.products.update(1, { zag: 'x' });
    expect(server.requestsTo('goods/Set')).toHaveLength(2);
    await client.close();
  });
});

describe('creates are never retried once the request may have reached the server', () => {
  const creates = [
    ['goods/Write', (c: ReturnType<typeof testClient>) => c.products.create({ zag: 'x' })],
    ['goods/SkuWrite', (c: ReturnType<typeof testClient>) => c.modifications.create(1, { price: 1 })],
    ['dir/Write', (c: ReturnType<typeof testClient>) => c.sections.create({ tx: 'x' })],
    ['article/Write', (c: ReturnType<typeof testClient>) => c.articles.create({ zag: 'x' })],
  ] as const;

  it.each(creates)(
    '%s: 500, 503 + Retry-After, reset and truncated answers get one attempt each',
    async (op, run) => {
      const client = testClient(server, { retries: 4 });
      for (const reply of [
        status(500),
        status(503, { 'retry-after': '0' }),
        { destroy: true },
        { body: '[{"message":"Ok","id":"5"', truncate: true },
      ]) {
        server.reset();
        server.script(op, reply);
        await catchError(run(client));
        expect(server.requestsTo(op)).toHaveLength(1);
      }
      await client.close();
    },
  );

  it('a create that never left (connection refused) is retried', async () => {
    const attempts: RequestEvent[] = [];
    const client = createClient({
      baseUrl: await closedPortUrl(),
      apiKey: TEST_KEY,
      sid: 1,
      retries: 2,
      retryBaseDelayMs: 1,
      onRequest: (e) => attempts.push(e),
    });
    const err = await catchError(client.products.create({ zag: 'x' }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(attempts).toHaveLength(3);
    await client.close();
  });
});

describe('auth errors are final', () => {
  it('401 is an AuthError after one attempt', async () => {
    const client = testClient(server, { retries: 4 });
    server.script('site/DomainAll', status(401));
    await expect(client.site.domains()).rejects.toBeInstanceOf(AuthError);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });
});

describe('answers that break HTTP/1.1', () => {
  it('a garbled chunk or status line is retried like a truncated body, and named when it stays', async () => {
    const { createServer } = await import('node:net');
    const good = JSON.stringify([wireSection]);
    const answers = [
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n',
      'HTXP/1.1 200 OK\r\n\r\n',
      `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(good)}\r\nConnection: close\r\n\r\n${good}`,
    ];
    let served = 0;
    const raw = createServer((socket) => {
      socket.once('data', () => {
        socket.end(answers[Math.min(served++, answers.length - 1)] ?? '');
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(raw.address() as { port: number }).port}`;
    const client = createClient({ baseUrl: url, apiKey: TEST_KEY, sid: 7, retries: 2, retryBaseDelayMs: 5 });
    try {
      expect(await client.sections.list()).toHaveLength(1);
      expect(served).toBe(3);
      served = 0;
      answers.pop();
      const once = createClient({ baseUrl: url, apiKey: TEST_KEY, sid: 7, retries: 0 });
      const err = await catchError(once.sections.list());
      await once.close();
      expect(err).toBeInstanceOf(NetworkError);
      expect(err).toMatchObject({ causeCode: 'HTTP_PARSER_ERROR' });
      expect((err as Error).message).toContain('Invalid character in chunk size');
    } finally {
      await client.close();
      raw.close();
    }
  });
});
