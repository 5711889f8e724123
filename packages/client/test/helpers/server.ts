/**
 * A tiny scripted HTTP server for the client tests: each test says what a path answers (in order;
 * the last answer repeats) and reads back what the server received. Real sockets on 127.0.0.1:0.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export const TEST_KEY = 'canary-KEY-5f3a9c';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
  /** Requests open at the server when this one arrived, itself included. */
  inFlight: number;
}

/** A scripted answer; `raw` writes the body with a lying Content-Length and destroys the socket. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** JSON-encode this instead of `body`. */
  json?: unknown;
  delayMs?: number;
  /** Send headers + this partial body with `Content-Length` larger than sent, then destroy. */
  truncate?: boolean;
  /** Destroy the socket without any answer. */
  destroy?: boolean;
}

export type Handler = (
  req: RecordedRequest,
  res: ServerResponse,
) => Reply | undefined | Promise<Reply | undefined>;

export interface ScriptServer {
  url: string;
  requests: RecordedRequest[];
  /** Requests to `/v1/<op>`. */
  requestsTo(op: string): RecordedRequest[];
  /** Most requests ever open at the server at once. */
  maxInFlight: number;
  /** Most TCP connections ever open at once. */
  maxSockets: number;
  /** Resolves once no TCP connection is open (a closed client's sockets close a moment later). */
  idle(): Promise<void>;
  /** TCP connections accepted since the last reset. */
  connections: number;
  /** Answers for `/v1/<op>`, consumed in order; the last one repeats. */
  script(op: string, ...replies: (Reply | Handler)[]): void;
  reset(): void;
  close(): Promise<void>;
}

export interface ScriptServerOptions {
  /** How long idle sockets are kept, announced as `Keep-Alive: timeout=<s>`. @default 5000 */
  keepAliveTimeoutMs?: number;
}

/**
 * One script server for a test file: it listens before the file's tests and closes after them;
 * before each test it is reset and `setup` (if given) scripts the answers every test starts from.
 * `url` is set once the file's tests start.
 */
export function useScriptServer(
  setup?: (server: ScriptServer) => void,
  options: ScriptServerOptions = {},
): ScriptServer {
  const { server, listen } = scriptServer(options);
  beforeAll(listen);
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    setup?.(server);
  });
  return server;
}

function scriptServer(options: ScriptServerOptions): { server: ScriptServer; listen(): Promise<void> } {
  const scripts = new Map<string, (Reply | Handler)[]>();
  let inFlight = 0;
  let openSockets = 0;
  const state: ScriptServer = {
    url: '',
    requests: [],
    requestsTo: (op) => state.requests.filter((r) => r.path === `/v1/${op}`),
    maxInFlight: 0,
    maxSockets: 0,
    async idle() {
      while (openSockets > 0) await new Promise((r) => setTimeout(r, 2));
    },
    connections: 0,
    script(op, ...replies) {
      scripts.set(`/v1/${op}`, replies);
    },
    reset() {
      scripts.clear();
      state.requests.length = 0;
      state.maxInFlight = 0;
      state.maxSockets = openSockets;
      state.connections = 0;
    },
    close: async () => {},
  };

  const server = createServer(async (req, res) => {
    inFlight++;
    const arrivedWith = inFlight;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    // Counted until the answer is handed to the OS ('finish'), or the socket dies ('close').
    let done = false;
    const settle = () => {
      if (!done) {
        done = true;
        inFlight--;
      }
    };
    res.on('finish', settle);
    res.on('close', settle);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const rec: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: Date.now(),
      inFlight: arrivedWith,
    };
    state.requests.push(rec);
    const list = scripts.get(url.pathname);
    let step: Reply | Handler | undefined;
    if (list && list.length > 0) step = list.length > 1 ? list.shift() : list[0];
    const reply: Reply | undefined =
      typeof step === 'function'
        ? await step(rec, res)
        : (step ?? { status: 404, json: [{ message: 'no script', error: 'not_found' }] });
    if (!reply) return; // the handler answered itself
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.body ?? '');
    const headers = { 'content-type': 'application/json; charset=utf-8', ...reply.headers };
    if (reply.truncate) {
      res.writeHead(reply.status ?? 200, {
        ...headers,
        'content-length': String(Buffer.byteLength(body) + 100),
      });
      res.write(body);
      setTimeout(() => req.socket.destroy(), 5);
      return;
    }
    res.writeHead(reply.status ?? 200, headers);
    res.end(body);
  });
  server.on('connection', (socket) => {
    openSockets++;
    state.connections++;
    state.maxSockets = Math.max(state.maxSockets, openSockets);
    socket.on('close', () => {
      openSockets--;
    });
  });
  // Keep-alive well beyond the client's 1 s hint threshold, so sockets are reused; `close()` ends
  // idle sockets anyway, so runs still end promptly.
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 5_000;
  const listen = async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    state.url = `http://127.0.0.1:${port}`;
    state.close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
  };
  return { server: state, listen };
}

/**
 * A loopback URL nothing listens on: a port the system just gave out and took back. Not port 1,
 * which the `fetch` standard refuses to dial at all ("bad port") before any connection is tried.
 */
export async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Resolves once `cond` holds (checked every 5 ms); throws after `ms`. For "the server has seen …". */
export async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 5));
  }
}
