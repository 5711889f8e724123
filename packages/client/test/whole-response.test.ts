/**
 * `requestWhole`, undici's dispatch with a handler that keeps the whole body: what the stream of
 * `pool.request()` used to do for the client (reassembly, the byte order mark, aborts at any point),
 * against a real server on loopback.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestWhole } from '../src/http/whole-response.js';
import { ResponseTooLargeError } from '../src/index.js';

type Route = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Route>();
let server: Server;
let origin: string;
let pool: Pool;

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await pool?.close();
  routes.clear();
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

const limit = (limitBytes = 1024 * 1024) => ({
  operation: 'goods/Get',
  url: '/v1/goods/Get?key=***',
  limitBytes,
});
const get = (path: string) => ({ method: 'GET' as const, path, headers: {}, body: null });

/** A chunked body written in pieces, each after a macrotask, so the client reads them separately. */
function inPieces(pieces: Buffer[]): Route {
  return async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    for (const piece of pieces) {
      res.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    res.end();
  };
}

describe('requestWhole', () => {
  it('joins a body read in many pieces, a character split between two of them included', async () => {
    pool = new Pool(origin, { connections: 1 });
    const text = JSON.stringify([{ name: 'Grüße, 東京 🚲' }]);
    const bytes = Buffer.from(text);
    const cut = bytes.indexOf(Buffer.from('東')) + 1; // inside the three bytes of 東
    routes.set('/pieces', inPieces([bytes.subarray(0, 3), bytes.subarray(3, cut), bytes.subarray(cut)]));
    const res = await requestWhole(pool, get('/pieces'), limit(), new AbortController().signal);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(text);
  });

  it('drops a UTF-8 byte order mark, in one read and split across reads', async () => {
    pool = new Pool(origin, { connections: 1 });
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[1]')]);
    routes.set('/bom', (_req, res) => res.writeHead(200, { 'content-length': body.length }).end(body));
    routes.set('/bom-split', inPieces([body.subarray(0, 2), body.subarray(2)]));
    const signal = new AbortController().signal;
    expect((await requestWhole(pool, get('/bom'), limit(), signal)).text).toBe('[1]');
    expect((await requestWhole(pool, get('/bom-split'), limit(), signal)).text).toBe('[1]');
  });

  it('an empty body is the empty string', async () => {
    pool = new Pool(origin, { connections: 1 });
    routes.set('/empty', (_req, res) => res.writeHead(204).end());
    const res = await requestWhole(pool, get('/empty'), limit(), new AbortController().signal);
    expect(res).toMatchObject({ status: 204, text: '' });
  });

  it('a body growing past the limit piece by piece is cut with a ResponseTooLargeError', async () => {
    pool = new Pool(origin, { connections: 1 });
    routes.set('/big', inPieces(Array.from({ length: 8 }, () => Buffer.alloc(400, 'x'))));
    const err = await requestWhole(pool, get('/big'), limit(1000), new AbortController().signal).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err).toMatchObject({ measuredBy: 'stream', limitBytes: 1000, status: 200 });
  });

  it('an abort while the request waits for a socket rejects at once, and the request is never sent', async () => {
    pool = new Pool(origin, { connections: 1 });
    let release: () => void = () => {};
    const seen: string[] = [];
    routes.set('/slow', (req, res) => {
      seen.push(req.url ?? '');
      release = () => res.writeHead(200).end('[]');
    });
    routes.set('/queued', (req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200).end('[]');
    });
    const first = requestWhole(pool, get('/slow'), limit(), new AbortController().signal);
    while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const controller = new AbortController();
    const queued = requestWhole(pool, get('/queued'), limit(), controller.signal);
    const reason = new Error('stop waiting');
    controller.abort(reason);
    await expect(queued).rejects.toBe(reason);
    release();
    expect((await first).text).toBe('[]');
    // The socket is free again and the aborted request was dropped, not sent late.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['/slow']);
  });

  it('an abort while the body arrives rejects with the reason and leaves no listener on the signal', async () => {
    pool = new Pool(origin, { connections: 1 });
    let wrote: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    routes.set('/stalls', (_req, res) => {
      res.writeHead(200);
      res.write('[{"id":');
      wrote();
    });
    const controller = new AbortController();
    let listeners = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listeners++;
      add(...args);
    }) as typeof add;
    controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      listeners--;
      remove(...args);
    }) as typeof remove;
    const pending = requestWhole(pool, get('/stalls'), limit(), controller.signal);
    await started;
    expect(listeners).toBe(1);
    const reason = new Error('enough');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(listeners).toBe(0);
  });

  it('a signal aborted before the call rejects without dispatching', async () => {
    pool = new Pool(origin, { connections: 1 });
    const seen: string[] = [];
    routes.set('/never', (req, res) => {
      seen.push(req.url ?? '');
      res.end('[]');
    });
    const reason = new Error('already');
    await expect(requestWhole(pool, get('/never'), limit(), AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(seen).toEqual([]);
  });
});

describe('writtenAt: when the request went onto a socket', () => {
  it('is after the wait for the pool’s one socket, so the latency counted is the exchange alone', async () => {
    routes.set('/slow', (_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'), 60);
    });
    routes.set('/fast', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    pool = new Pool(origin, { connections: 1 });
    const sent = performance.now();
    const signal = new AbortController().signal;
    const slow = requestWhole(pool, get('/slow'), limit(), signal);
    const fast = requestWhole(pool, get('/fast'), limit(), signal);
    const [first, second] = await Promise.all([slow, fast]);
    const answered = performance.now();
    expect(first.writtenAt).toBeGreaterThanOrEqual(sent);
    // The second waited behind the first on the only socket: written once the first was answered.
    expect(second.writtenAt! - sent).toBeGreaterThanOrEqual(55);
    expect(answered - second.writtenAt!).toBeLessThan(answered - sent - 50);
  });
});
