/**
 * Loopback servers for the change-detection tests: a proxy in front of the emulator that can fail an
 * operation or answer from an earlier body (a lagging replica), and a site that records what it is
 * sent (purges, build hooks) and answers as the purge endpoint does.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.keepAliveTimeout = 100;
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function entryBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The operation of a service URL (`goods/Get`) and its query without the key. */
const requestKey = (url: string) => {
  const u = new URL(url, 'http://x');
  u.searchParams.delete('key');
  return { op: u.pathname.replace(/^\/v1\//, ''), key: `${u.pathname}?${u.searchParams}` };
};

export interface ServiceProxy {
  url: string;
  /** Operations (`goods/Get`) the proxy answers 503, until cleared. */
  failing: Set<string>;
  /**
   * The next `times` requests whose key-free URL `matches` get the body that URL got before (as a
   * replica that has not seen the latest write would answer).
   */
  lag(matches: (url: string) => boolean, times: number): void;
  /** Requests seen, key-free (`/v1/goods/Get?sid=1&id=3`). */
  seen: string[];
  close(): Promise<void>;
}

export async function startServiceProxy(target: string): Promise<ServiceProxy> {
  const earlier = new Map<string, string>();
  const lags: { matches: (url: string) => boolean; times: number }[] = [];
  const proxy: Omit<ServiceProxy, 'url' | 'close'> = {
    failing: new Set(),
    seen: [],
    lag: (matches, times) => lags.push({ matches, times }),
  };
  const server = createServer(async (req, res) => {
    const { op, key } = requestKey(req.url ?? '/');
    proxy.seen.push(key);
    const body = await entryBody(req);
    if (proxy.failing.has(op)) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end('[{"message":"Service unavailable","error":"unavailable"}]');
      return;
    }
    const lagging = lags.find((l) => l.times > 0 && l.matches(key) && earlier.has(key));
    if (lagging) {
      lagging.times--;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(earlier.get(key));
      return;
    }
    const answer = await fetch(new URL(req.url ?? '/', target), {
      method: req.method ?? 'GET',
      headers: { 'content-type': req.headers['content-type'] ?? 'text/plain' },
      ...(req.method === 'POST' ? { body } : {}),
    });
    const text = await answer.text();
    if (answer.status === 200 && req.method === 'GET') earlier.set(key, text);
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(text);
  });
  const url = await listen(server);
  return Object.assign(proxy, { url, close: () => close(server) });
}

export interface RecordedPost {
  path: string;
  authorization: string | undefined;
  body: string;
}

export interface RecordingSite {
  url: string;
  posts: RecordedPost[];
  /** Purge bodies received (parsed). */
  purges(): { products?: string[]; sections?: string[]; articles?: string[] }[];
  /** Status of the next answers (200 by default). */
  status: number;
  close(): Promise<void>;
}

/** A site that answers every POST as the purge endpoint does (`{"ok":true,"purged":[…]}`) and records it. */
export async function startRecordingSite(): Promise<RecordingSite> {
  const site: Omit<RecordingSite, 'url' | 'close'> = {
    posts: [],
    status: 200,
    purges: () => site.posts.filter((p) => p.path === '/_sitecontent/purge').map((p) => JSON.parse(p.body)),
  };
  const server = createServer(async (req, res) => {
    const body = await entryBody(req);
    site.posts.push({ path: req.url ?? '/', authorization: req.headers.authorization, body });
    res.writeHead(site.status, { 'content-type': 'application/json' });
    if (site.status !== 200) return res.end('{"ok":false,"error":"down for maintenance"}');
    const named = body ? (JSON.parse(body) as Record<string, string[]>) : {};
    const tags = Object.entries(named).flatMap(([kind, ids]) => ids.map((id) => `sitecontent:${kind}:${id}`));
    res.end(JSON.stringify({ ok: true, purged: tags }));
  });
  const url = await listen(server);
  return Object.assign(site, { url, close: () => close(server) });
}
