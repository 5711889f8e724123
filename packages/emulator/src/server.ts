import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseSync } from 'node:sqlite';
import { type KeyMap, KeyRing } from './auth.js';
import { openDatabase } from './db/open.js';
import { Store } from './db/store.js';
import { answerPhoto, isPhotoRequest } from './demo-photos.js';
import { type FaultOptions, Faults } from './faults.js';
import { RequestHandler } from './request-handler.js';
import { seedDemo } from './seed/demo.js';
import { type SeedDomain, setDomains } from './seed/domains.js';
import { type SyntheticOptions, seedSynthetic } from './seed/synthetic.js';
import { createStats, type EmulatorStats, resetStats } from './stats.js';
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
   * Requests served at once; the rest queue in order, so latency climbs under more load (with
   * `faults.latencyMs` a request holds its worker for the whole delay). @default unlimited
   */
  capacity?: number;
  /** `'reference'` sends trailing commas and a repeated key like the reference payloads. @default undefined */
  quirks?: 'reference';
  /**
   * The domains of the seeded site, replacing the seed's (any `paidtill` and `active`; the first, or
   * the one marked `default`, is the main domain). @default the seed's (the demo: `shop.example`)
   */
  domains?: readonly SeedDomain[];
  /** Technical domain for `<sid>.<technicalDomain>`. @default 'sites.test' */
  technicalDomain?: string;
  /** Request body limit in bytes. @default 1 MiB */
  bodyLimit?: number;
  /**
   * Gets one line per answered request: operation, status, milliseconds, body bytes and the path with
   * `key=***` (what `serve --verbose` prints). @default none
   */
  requestLog?: (line: string) => void;
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
  if (options.domains) setDomains(db, sid, options.domains);

  const stats = createStats();
  const handler = new RequestHandler({
    store,
    stats,
    keyRing: new KeyRing(keys),
    faults: new Faults(options.faults),
    workers: new Workers(capacity, stats),
    quirks: options.quirks === 'reference',
    technicalDomain: options.technicalDomain ?? 'sites.test',
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    requestLog: options.requestLog,
  });
  const server = createServer((req, res) => {
    // The demo photos are the shop's site's files, beside the interface (demo-photos.ts).
    const answer = isPhotoRequest(req.url) ? answerPhoto(req, res) : handler.handle(req, res);
    answer.catch((error: unknown) => {
      process.stderr.write(`sitecontent-emulator: ${String(error)}\n`);
      res.destroy();
    });
  });
  // Clients stop reusing a socket some margin before the announced keep-alive ends, so the hint must
  // outlast that margin or every connection serves one request; Node keeps the socket a little past it.
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
