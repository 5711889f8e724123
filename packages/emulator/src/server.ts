import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { type KeyMap, KeyRing } from './auth.js';
import { openDatabase } from './db/open.js';
import { Store } from './db/store.js';
import { ApiError } from './errors.js';
import { type FaultDecision, type FaultOptions, Faults } from './faults.js';
import { readId } from './fields.js';
import { ROUTES, type Route } from './routes/index.js';
import { seedDemo } from './seed/demo.js';
import { type SyntheticOptions, seedSynthetic } from './seed/synthetic.js';
import { createStats, type EmulatorStats, resetStats } from './stats.js';
import type { WireValue } from './wire/encode.js';
import { parseParams } from './wire/params.js';
import { serializeQuirks } from './wire/quirks.js';
import { Workers } from './workers.js';

/** What to put into an empty site at start. */
export type SeedOption = 'demo' | 'none' | { synthetic: Partial<SyntheticOptions> };

export interface EmulatorOptions {
  /** Interface to bind. @default '127.0.0.1' */
  host?: string;
  /** Port; 0 picks a free one. @default 0 */
  port?: number;
  /** SQLite file. @default ':memory:' */
  db?: string;
  /** Seed for the first key's first site, applied only when that site is empty. @default 'demo' */
  seed?: SeedOption;
  /** API key → sites it may use. @default one random key for sid 1 */
  keys?: KeyMap;
  /** Injected faults (latency, 503, 429, resets, truncation). @default none */
  faults?: FaultOptions;
  /**
   * Requests served at once; the rest wait in a FIFO queue, so latency climbs when a client sends
   * more (with `faults.latencyMs`, each served request holds its worker for the whole delay).
   * @default unlimited
   */
  capacity?: number;
  /** `'reference'` sends trailing commas and a repeated key like the reference payloads. @default undefined */
  quirks?: 'reference';
  /** Technical domain for `<sid>.<technicalDomain>`. @default 'sites.test' */
  technicalDomain?: string;
  /** Request body limit in bytes. @default 1 MiB */
  bodyLimit?: number;
}

export interface Emulator {
  /** `http://HOST:PORT`, the `baseUrl` for a client (operations are under `/v1/`). */
  url: string;
  host: string;
  port: number;
  /** First site of the first key (the seeded one). */
  sid: number;
  /** First key. */
  key: string;
  keys: KeyMap;
  stats: EmulatorStats;
  /** The database, for tests that change data behind the API. */
  db: DatabaseSync;
  store: Store;
  exec(sql: string): void;
  resetStats(): void;
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const DEFAULT_BODY_LIMIT = 1024 * 1024;
const KEEP_ALIVE_MS = 5_000;

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? '127.0.0.1';
  const keys: KeyMap = options.keys ?? { [randomBytes(16).toString('hex')]: [1] };
  const [firstKey, firstSids] = Object.entries(keys)[0] ?? [];
  if (firstKey === undefined || !firstSids?.length)
    throw new Error('startEmulator: keys must map a key to sids');
  const sid = firstSids[0]!;
  const capacity = options.capacity;
  if (capacity !== undefined && !(Number.isSafeInteger(capacity) && capacity >= 1)) {
    throw new Error(`startEmulator: capacity must be a whole number ≥ 1, got ${capacity}`);
  }
  const db = openDatabase(options.db ?? ':memory:');
  const store = new Store(db);
  applySeed(db, store, sid, options.seed ?? 'demo');

  const stats = createStats();
  const app = new App({
    store,
    stats,
    keyRing: new KeyRing(keys),
    faults: new Faults(options.faults),
    workers: new Workers(capacity, stats),
    quirks: options.quirks === 'reference',
    technicalDomain: options.technicalDomain ?? 'sites.test',
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
  });
  const server = createServer((req, res) => {
    app.handle(req, res).catch((error: unknown) => {
      process.stderr.write(`sitecontent-emulator: ${String(error)}\n`);
      res.destroy();
    });
  });
  // Idle keep-alive sockets live 5 s (announced as `Keep-Alive: timeout=5`). Clients stop reusing a
  // socket some margin before the announced end (undici: 2 s by default, 1 s in the client), so a
  // 2 s hint made every connection serve one request. Node keeps the socket another
  // `keepAliveTimeoutBuffer` (1 s) past the hint, for requests already on their way.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // The headers deadline is longer than the keep-alive, so an idle kept-alive socket is closed by the
  // keep-alive timer, never cut by the headers timer while it waits for its next request.
  server.headersTimeout = KEEP_ALIVE_MS + 5_000;
  server.on('connection', () => {
    stats.connections++;
  });
  await listen(server, options.port ?? 0, host);
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    host,
    port,
    sid,
    key: firstKey,
    keys,
    stats,
    db,
    store,
    exec: (sql) => db.exec(sql),
    resetStats: () => resetStats(stats),
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          db.close();
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function applySeed(db: DatabaseSync, store: Store, sid: number, seed: SeedOption): void {
  if (seed === 'none' || !store.isSiteEmpty(sid)) return;
  if (seed === 'demo') seedDemo(db, sid);
  else seedSynthetic(db, sid, seed.synthetic);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

interface AppDeps {
  store: Store;
  stats: EmulatorStats;
  keyRing: KeyRing;
  faults: Faults;
  workers: Workers;
  quirks: boolean;
  technicalDomain: string;
  bodyLimit: number;
}

/** One request: route → faults → a free worker → delay → body → key → params → site → handler → (faulty) response. */
class App {
  readonly #d: AppDeps;

  constructor(deps: AppDeps) {
    this.#d = deps;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { stats, faults } = this.#d;
    stats.total++;
    const url = new URL(req.url ?? '/', 'http://emulator');
    const route = url.pathname.startsWith('/v1/') ? ROUTES.get(url.pathname.slice(4)) : undefined;
    if (!route) {
      req.resume();
      this.#send(res, 404, errorBody('not_found', `Unknown operation ${url.pathname}`));
      return;
    }
    stats.byOperation[route.operation] = (stats.byOperation[route.operation] ?? 0) + 1;

    // Decided on arrival: the n-th request keeps its fate however long it waits for a worker.
    const fate = faults.decide();
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const release = await this.#d.workers.acquire(gone.signal);
    if (!release) return;
    try {
      await this.#serve(req, res, route, url, fate);
    } finally {
      release();
    }
  }

  async #serve(
    req: IncomingMessage,
    res: ServerResponse,
    route: Route,
    url: URL,
    fate: FaultDecision,
  ): Promise<void> {
    const { stats, faults } = this.#d;
    if (fate.delayMs > 0) await sleep(fate.delayMs);
    const retryAfter = fate.throttle ? 1 : faults.rateLimited();
    if (retryAfter !== undefined) {
      stats.faults.rateLimited++;
      req.resume();
      this.#send(res, 429, errorBody('rate_limited', 'Too many requests'), {
        'Retry-After': String(retryAfter),
      });
      return;
    }
    if (fate.fail) {
      stats.faults.fail++;
      req.resume();
      this.#send(res, 503, errorBody('service_unavailable', 'Service temporarily unavailable'), {
        'Retry-After': '1',
      });
      return;
    }

    try {
      if (req.method !== route.method && !(route.method === 'GET' && req.method === 'HEAD')) {
        req.resume();
        throw new ApiError(405, 'method_not_allowed', `${route.operation} takes ${route.method}`);
      }
      const body = await readBody(req, this.#d.bodyLimit);
      const sites = this.#d.keyRing.lookup(url.searchParams.get('key'));
      if (!sites) throw new ApiError(401, 'unauthorized', 'Invalid API key');
      const params = parseParams(url.searchParams, body, req.headers['content-type'] ?? '');
      const sid = readId(params, 'sid', true);
      // Unknown sid and a sid this key may not use look the same: no leak of which sites exist.
      if (!sites.has(sid)) throw new ApiError(403, 'forbidden', 'This key may not access this site');
      const payload = route.handle({
        sid,
        params,
        store: this.#d.store,
        technicalDomain: this.#d.technicalDomain,
      });
      this.#send(res, 200, payload, {}, fate);
    } catch (error) {
      if (error instanceof ApiError) {
        const headers: Record<string, string> = error.status === 405 ? { Allow: route.method } : {};
        if (error.status === 413) headers.Connection = 'close';
        this.#send(res, error.status, errorBody(error.code, error.message), headers);
        return;
      }
      process.stderr.write(`sitecontent-emulator: ${route.operation}: ${String(error)}\n`);
      this.#send(res, 500, errorBody('internal_error', 'Internal error'));
    }
  }

  #send(
    res: ServerResponse,
    status: number,
    payload: WireValue,
    headers: Record<string, string> = {},
    fate?: FaultDecision,
  ): void {
    const { stats } = this.#d;
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    const text = this.#d.quirks ? serializeQuirks(payload) : JSON.stringify(payload);
    const bytes = Buffer.from(text, 'utf8');
    res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': String(bytes.length), ...headers });
    if (fate?.reset || fate?.truncate) {
      // Half the body, then the connection goes away while the client still expects the rest.
      const socket = res.socket;
      const part = bytes.subarray(0, Math.floor(bytes.length / 2));
      if (fate.reset) stats.faults.reset++;
      else stats.faults.truncate++;
      res.write(part, () => {
        if (fate.reset) socket?.resetAndDestroy();
        else socket?.end();
      });
      return;
    }
    res.end(bytes);
  }
}

function errorBody(code: string, message: string): WireValue {
  return [{ message, error: code }];
}

/** Bodies beyond the limit are still drained (up to this much) so the client can read the 413. */
const DRAIN_CAP = 64 * 1024 * 1024;

/** Reads the body as text; over `limit` bytes → 413 (see the README: bodies capped at 1 MiB). */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const refuse = () => {
      over = true;
      chunks.length = 0;
      reject(new ApiError(413, 'payload_too_large', `Request body exceeds ${limit} bytes`));
    };
    if (Number(req.headers['content-length'] ?? 0) > limit) refuse();
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > DRAIN_CAP) req.destroy();
        return;
      }
      if (size > limit) refuse();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}
