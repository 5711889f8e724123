/**
 * Shared test builders for @sitecontent/astro: a loader context on Astro's real `MutableDataStore`,
 * a capturing logger, the emulator, and Astro fixture projects. One module, imported by every test.
 */
import { createHash } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Emulator, type EmulatorOptions, startEmulator } from '@sitecontent/emulator';
import type { LoaderContext } from 'astro/loaders';
import { afterAll, beforeAll } from 'vitest';
import type { z } from 'zod';
import { rememberedOrigin } from '../../src/integration/remembered-domain.js';
import { openProject } from '../../src/project/open-projects.js';

export * from './fixture.js';

import { createFixture, type Fixture, settleAstroWrites } from './fixture.js';

export * from './sync.js';

const require = createRequire(import.meta.url);
const astroDir = dirname(require.resolve('astro/package.json'));

/** Astro's own store class (not in the package's export map, so imported by file). */
interface AstroMutableDataStore {
  scopedStore(collection: string): LoaderContext['store'];
  metaStore(collection?: string): LoaderContext['meta'];
  values(collection: string): Array<{
    id: string;
    data: Record<string, unknown>;
    digest?: string | number;
    rendered?: { html: string };
  }>;
  get(
    collection: string,
    id: string,
  ):
    | { id: string; data: Record<string, unknown>; digest?: string | number; rendered?: { html: string } }
    | undefined;
  keys(collection: string): string[];
  has(collection: string, id: string): boolean;
  /** The store as Astro writes it to `data-store.json` (devalue). */
  toString(): string;
}

export async function createStore(): Promise<AstroMutableDataStore> {
  const mod = (await import(pathToFileURL(join(astroDir, 'dist/content/mutable-data-store.js')).href)) as {
    MutableDataStore: new () => AstroMutableDataStore;
  };
  return new mod.MutableDataStore();
}

export interface LogLine {
  level: 'info' | 'warn' | 'error' | 'debug';
  message: string;
}

export function createLogger() {
  const lines: LogLine[] = [];
  const log = (level: LogLine['level']) => (message: string) => {
    lines.push({ level, message });
  };
  const logger = {
    options: {},
    label: 'test',
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    debug: log('debug'),
    fork: () => logger,
  };
  return { logger, lines, text: () => lines.map((l) => `${l.level}: ${l.message}`).join('\n') };
}

/** Any of the package's collection loaders, as a test calls it with a `loaderContext`. */
export type AnyLoader = { schema: z.ZodType; load: (ctx: never) => Promise<void> };

export interface TestContext {
  ctx: LoaderContext;
  store: AstroMutableDataStore;
  logs: ReturnType<typeof createLogger>;
  /**
   * Since the last `reset()`: calls of `store.set` that wrote (returned true), `parseData` calls,
   * deletes, and writes to the collection's meta store (`set` and `delete`). Any write makes Astro
   * serialize the whole data store again at the end of the sync.
   */
  counts: { writes: number; parses: number; deletes: number; metaWrites: number };
  /** The meta store's keys written or deleted since the last `reset()`, in order. */
  metaKeysWritten: string[];
  reset(): void;
}

/**
 * A loader context as Astro's content layer builds it (`content-layer.js#getLoaderContext`), over a
 * real `MutableDataStore`, with `parseData` validating against `schema` as Astro does.
 */
export function loaderContext(
  store: AstroMutableDataStore,
  collection: string,
  schema: z.ZodType,
  config: {
    root?: URL;
    site?: string;
    trailingSlash?: 'always' | 'never' | 'ignore';
    format?: 'directory' | 'file';
  } = {},
): TestContext {
  const logs = createLogger();
  const counts = { writes: 0, parses: 0, deletes: 0, metaWrites: 0 };
  const metaKeysWritten: string[] = [];
  const scoped = store.scopedStore(collection);
  const countedStore: LoaderContext['store'] = {
    ...scoped,
    set: (entry) => {
      const wrote = scoped.set(entry);
      if (wrote) counts.writes++;
      return wrote;
    },
    delete: (key) => {
      counts.deletes++;
      scoped.delete(key);
    },
  };
  const meta = store.metaStore(collection);
  const countedMeta: LoaderContext['meta'] = {
    ...meta,
    set: (key, value) => {
      counts.metaWrites++;
      metaKeysWritten.push(key);
      meta.set(key, value);
    },
    delete: (key) => {
      counts.metaWrites++;
      metaKeysWritten.push(key);
      meta.delete(key);
    },
  };
  const ctx = {
    collection,
    store: countedStore,
    meta: countedMeta,
    logger: logs.logger,
    // Astro's defaults where the test does not say, as Astro's resolved config always has them.
    config: {
      root: config.root ?? new URL('file:///tmp/sitecontent-test-root/'),
      site: config.site,
      trailingSlash: config.trailingSlash ?? 'ignore',
      build: { format: config.format ?? 'directory' },
    },
    parseData: async ({ data }: { id: string; data: Record<string, unknown> }) => {
      counts.parses++;
      return (await schema.parseAsync(data)) as Record<string, unknown>;
    },
    renderMarkdown: async () => {
      throw new Error('not used');
    },
    generateDigest: (data: Record<string, unknown> | string) =>
      createHash('sha1')
        .update(typeof data === 'string' ? data : JSON.stringify(data))
        .digest('hex'),
  } as unknown as LoaderContext;
  return {
    ctx,
    store,
    logs,
    counts,
    metaKeysWritten,
    reset: () => {
      metaKeysWritten.length = 0;
      counts.writes = 0;
      counts.parses = 0;
      counts.deletes = 0;
      counts.metaWrites = 0;
      logs.lines.length = 0;
    },
  };
}

export type { Emulator };

/** Starts the emulator (demo seed unless told otherwise). Close it in teardown. */
export function emulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ seed: 'demo', ...options });
}

let siteCounter = 0;

/**
 * Opens a project for a fresh root, as `siteContent()` does in
 * `astro:config:setup`, so loaders called with `config.root` = `root` share one client.
 */
export function useSite(
  target: { url: string; key: string; sid: number },
  settings: {
    concurrency?: number;
    retries?: number;
    timeoutMs?: number;
    metaMaxAge?: number;
    cacheDir?: string;
  } = {},
) {
  const root = new URL(`file:///tmp/sitecontent-test-${process.pid}-${++siteCounter}/`);
  const logs = createLogger();
  const project = openProject(
    root,
    {
      connection: { baseUrl: target.url, apiKey: target.key, sid: target.sid },
      // No ceiling: `concurrency` is the most requests in flight, as the tests count them.
      client: {
        concurrency: settings.concurrency ?? 16,
        ...(settings.retries === undefined ? {} : { retries: settings.retries }),
        ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
      },
      metaMaxAge: settings.metaMaxAge ?? 0,
      fallbackSiteOrigin: () => (settings.cacheDir ? rememberedOrigin(settings.cacheDir) : undefined),
      env: {},
    },
    logs.logger,
  );
  return { root, logs, release: () => project.close() };
}

/** Listens on 127.0.0.1 (a free port); `close()` also ends kept-alive connections. */
async function listenLocal(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Sends `req` on to `target` and hands its answer to `answer`; by default the answer goes back as it
 * came. A failed upstream request ends the client's connection.
 */
function forward(
  target: URL,
  req: IncomingMessage,
  res: ServerResponse,
  answer: (up: IncomingMessage) => void = (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  },
): void {
  const upstream = httpRequest(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    answer,
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

/** Answers with `status` and an HTML body, as a broken gateway does. */
function answerBrokenGateway(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'content-type': 'text/html' });
  res.end('<html><body>Bad gateway</body></html>');
}

/** A pass-through HTTP proxy that records the peak number of requests in flight at the server side. */
export async function countingProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const state = { inFlight: 0, peak: 0, total: 0, arrivals: [] as number[], limited: [] as number[] };
  const server = createServer((req, res) => {
    state.inFlight++;
    state.total++;
    state.peak = Math.max(state.peak, state.inFlight);
    state.arrivals.push(performance.now());
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        state.inFlight--;
      }
    };
    res.on('close', finish);
    forward(target, req, res, (up) => {
      if (up.statusCode === 429) state.limited.push(performance.now());
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
  });
  server.keepAliveTimeout = 1000;
  return { ...(await listenLocal(server)), state };
}

/**
 * A proxy in front of the emulator that passes the first `passing` requests of one operation and
 * answers every later one with `status` (a service that breaks in the middle of a sync). `state`
 * counts the requests of that operation that arrived.
 */
export async function breakingProxy(targetUrl: string, operation: string, passing: number, status = 502) {
  const target = new URL(targetUrl);
  const state = { arrived: 0 };
  const server = createServer((req, res) => {
    if ((req.url ?? '').startsWith(`/v1/${operation}?`) && ++state.arrived > passing) {
      answerBrokenGateway(res, status);
      return;
    }
    forward(target, req, res);
  });
  return { ...(await listenLocal(server)), state };
}

/** A server that answers every request with `status` and an HTML body (a broken gateway). */
export async function failingServer(status = 502) {
  const server = createServer((_req, res) => answerBrokenGateway(res, status));
  return listenLocal(server);
}

/**
 * A proxy in front of the emulator that rewrites the records of one operation's answers, as a
 * service that sends what the emulator never would (unknown fields, duplicates, hostile values).
 */
export async function rewritingProxy(
  targetUrl: string,
  operation: string,
  rewrite: (rows: Record<string, unknown>[]) => Record<string, unknown>[],
) {
  const target = new URL(targetUrl);
  const server = createServer((req, res) => {
    forward(target, req, res, (up) => {
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        if ((req.url ?? '').startsWith(`/v1/${operation}?`) && up.statusCode === 200) {
          body = JSON.stringify(rewrite(JSON.parse(body) as Record<string, unknown>[]));
        }
        res.writeHead(up.statusCode ?? 502, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        res.end(body);
      });
    });
  });
  return listenLocal(server);
}

/** A proxy that adds fields (from `add`) to every record of one operation's answers. */
export function fieldAddingProxy(
  targetUrl: string,
  operation: string,
  add: (record: Record<string, unknown>) => Record<string, unknown>,
) {
  return rewritingProxy(targetUrl, operation, (rows) => rows.map((row) => ({ ...row, ...add(row) })));
}

/**
 * A fixture project whose `.env` connects it to an emulator of its own that accepts only `key`, both
 * started before and removed after the tests of the calling `describe` block.
 */
export function fixtureWithEmulator(files: Record<string, string>, key: string) {
  const site = {} as { emu: Emulator; fx: Fixture };
  beforeAll(async () => {
    site.emu = await emulator({ keys: { [key]: [1] } });
    site.fx = createFixture({
      ...files,
      '.env': `SITECONTENT_API_KEY=${key}\nSITECONTENT_BASE_URL=${site.emu.url}\nSITECONTENT_SID=1\n`,
    });
  });
  afterAll(async () => {
    await site.emu?.close();
    await settleAstroWrites();
    site.fx?.remove();
  });
  return site;
}

/**
 * A site's purge endpoint as the write-back calls it: records each request's `Authorization`
 * header and JSON body, and answers as `@sitecontent/astro`'s endpoint does (the tags purged).
 */
export async function purgeRecorder() {
  const requests: { authorization: string | undefined; body: Record<string, string[]> }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string[]>;
      requests.push({ authorization: req.headers.authorization, body });
      const purged = Object.entries(body).flatMap(([kind, ids]) =>
        kind === 'tags' ? ids : ids.map((id) => `sitecontent:${kind}:${id}`),
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, purged }));
    });
  });
  return { ...(await listenLocal(server)), requests };
}
