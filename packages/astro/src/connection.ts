/**
 * One shared client per integration (issue 4: "one shared HTTP client, concurrency bound and
 * rate-limit state per integration, used by all collections at once").
 *
 * Astro imports `astro.config.mjs` and `src/content.config.ts` through different module graphs, so a
 * module-level variable would not be shared between the integration and the loaders. The registry
 * therefore lives on `globalThis` under a `Symbol.for` key, keyed by the project root (`config.root`,
 * which both the integration hook and the loader context see). The API key is only ever held in
 * this in-memory registry: never in the Astro config (whose JSON Astro stores in the data store's
 * meta), never in entries.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { createClient, type SiteContentClient } from '@sitecontent/client';
import { SiteContentConnectionError } from './errors.js';
import type { ConnectionOptions } from './options.js';

/** Settings an integration shares with its loaders (after validation and env lookup). */
export interface SharedSettings {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  sid?: number | undefined;
  /** Concurrency bound of the shared client, across every collection. */
  concurrency: number;
  timeoutMs?: number | undefined;
  retries?: number | undefined;
  paramEncoding?: 'form-brackets' | 'form-json' | 'json' | undefined;
  /** Origin of `config.site` once known (live loaders use it for canonical URLs). */
  siteOrigin?: string | undefined;
  /** Environment values read at config time (`process.env` over `.env` files). */
  env: Readonly<Record<string, string | undefined>>;
}

/** Minimal logger shape (Astro's integration logger fits). */
export interface WarnLogger {
  warn(message: string): void;
  info(message: string): void;
}

/** An entry as a loader left it in Astro's data store (what `getCollection()` returns, minus `body`). */
export interface LoadedEntry {
  id: string;
  /** Name of the collection the entry belongs to. */
  collection: string;
  data: Record<string, unknown>;
}

/** Entries of one collection after its loader ran in this process (build-time write-back input). */
export interface LoadedCollection {
  /** Loader kind: `products`, `sections`, `articles`, `modifications` or `domains`. */
  kind: string;
  entries: readonly LoadedEntry[];
}

interface RegistryEntry {
  settings: SharedSettings;
  clients: Map<string, SiteContentClient>;
  logger: WarnLogger | undefined;
  /** Collections loaded since the integration registered (one build), by collection name. */
  loaded: Map<string, LoadedCollection>;
}

/** What one sync shares among the loaders that use the same client (see {@link beginSync}). */
interface SyncState {
  /** Loads of this client running now. */
  active: number;
  /** In-flight or settled results by name, dropped when the last running load ends. */
  memo: Map<string, Promise<unknown>>;
}

interface Registry {
  byRoot: Map<string, RegistryEntry>;
  /** Per shared client: the sync in progress, if any. */
  syncs?: WeakMap<SiteContentClient, SyncState>;
  latest: RegistryEntry | undefined;
  /** Clients of loaders used without the integration, keyed by connection. */
  standalone: RegistryEntry;
}

/**
 * Default concurrency of the loaders' shared client, with or without the integration: 32, twice the
 * client's own default (16). A build is a bulk read of one request per page (`meta/Get`), where
 * latency, not the service, is the limit: at 16 in flight the time is bounded below by requests ×
 * latency ÷ 16. The service stays protected: the client halves its limit on 429/503 (adaptive
 * concurrency) and all collections share one bound and one back-off gate.
 */
export const DEFAULT_CONCURRENCY = 32;
const REGISTRY_KEY = Symbol.for('@sitecontent/astro/registry');

function registry(): Registry {
  const g = globalThis as { [REGISTRY_KEY]?: Registry };
  g[REGISTRY_KEY] ??= {
    byRoot: new Map(),
    latest: undefined,
    standalone: {
      settings: { concurrency: DEFAULT_CONCURRENCY, env: {} },
      clients: new Map(),
      logger: undefined,
      loaded: new Map(),
    },
  };
  return g[REGISTRY_KEY];
}

function rootKey(root: URL | string | undefined): string | undefined {
  if (root === undefined) return undefined;
  const href = typeof root === 'string' ? root : root.href;
  return href.endsWith('/') ? href : `${href}/`;
}

/** Registers (or replaces) an integration's settings for a project root. Returns the previous entry's clients closer. */
export function registerIntegration(
  root: URL,
  settings: SharedSettings,
  logger: WarnLogger | undefined,
): void {
  const reg = registry();
  const key = rootKey(root)!;
  const previous = reg.byRoot.get(key);
  const entry: RegistryEntry = {
    settings,
    clients: previous?.clients ?? new Map(),
    logger,
    loaded: new Map(),
  };
  // A restart with other settings must not reuse clients built for the old ones.
  const comparable = (x: SharedSettings) => JSON.stringify({ ...x, siteOrigin: undefined });
  if (previous && comparable(previous.settings) !== comparable(settings)) {
    void closeClients(previous);
    entry.clients = new Map();
  }
  reg.byRoot.set(key, entry);
  reg.latest = entry;
}

/** Closes and forgets the shared clients of a project root (build end, dev server stop). */
export async function releaseIntegration(root: URL): Promise<void> {
  const entry = registry().byRoot.get(rootKey(root)!);
  if (entry) await closeClients(entry);
}

async function closeClients(entry: RegistryEntry): Promise<void> {
  const clients = [...entry.clients.values()];
  entry.clients.clear();
  await Promise.allSettled(clients.map((c) => c.close()));
}

function entryFor(root: URL | string | undefined): RegistryEntry | undefined {
  const reg = registry();
  const key = rootKey(root);
  return (key && reg.byRoot.get(key)) || (reg.byRoot.size === 1 ? reg.latest : undefined);
}

/** Reads `.env`, `.env.local`, `.env.<mode>`, `.env.<mode>.local` (later wins), then `process.env` on top. */
export function readEnv(
  root: URL,
  mode: string,
  names: readonly string[],
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = {};
  for (const file of ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`]) {
    let text: string;
    try {
      text = readFileSync(fileURLToPath(new URL(file, root)), 'utf8');
    } catch {
      continue;
    }
    Object.assign(merged, parseEnv(text));
  }
  const out: Record<string, string | undefined> = {};
  for (const name of names) {
    const value = process.env[name] ?? merged[name];
    out[name] = value === '' ? undefined : value;
  }
  return out;
}

export interface ResolvedConnection {
  baseUrl: string;
  apiKey: string;
  sid: number;
  concurrency: number;
}

/** Connection precedence: loader options > integration settings > environment (integration-read, then `process.env`). */
export function resolveConnection(
  collection: string,
  options: ConnectionOptions,
  root: URL | string | undefined,
): ResolvedConnection {
  const entry = entryFor(root);
  const settings = entry?.settings;
  const env = (name: string) => {
    const value = settings?.env[name] ?? process.env[name];
    return value === '' ? undefined : value;
  };
  const baseUrl = options.baseUrl ?? settings?.baseUrl ?? env('SITECONTENT_BASE_URL');
  const apiKey = options.apiKey ?? settings?.apiKey ?? env('SITECONTENT_API_KEY');
  const sidText = env('SITECONTENT_SID');
  const sid = options.sid ?? settings?.sid ?? (sidText === undefined ? undefined : Number(sidText));
  const missing: string[] = [];
  if (!baseUrl) missing.push('baseUrl');
  if (!apiKey) missing.push('apiKey');
  if (sid === undefined || !Number.isInteger(sid) || sid <= 0) missing.push('sid');
  if (missing.length > 0) throw new SiteContentConnectionError(collection, missing);
  return {
    baseUrl: baseUrl!,
    apiKey: apiKey!,
    sid: sid!,
    concurrency: settings?.concurrency ?? DEFAULT_CONCURRENCY,
  };
}

/**
 * The shared client for a connection: one per integration and connection (loaders that override the
 * connection get their own, shared among loaders with the same override).
 */
export function sharedClient(
  connection: ResolvedConnection,
  root: URL | string | undefined,
  logger?: WarnLogger,
): SiteContentClient {
  const reg = registry();
  const entry = entryFor(root) ?? reg.standalone;
  const keyHash = createHash('sha256').update(connection.apiKey).digest('hex').slice(0, 16);
  const cacheKey = `${connection.baseUrl}|${connection.sid}|${keyHash}|${connection.concurrency}`;
  let client = entry.clients.get(cacheKey);
  if (!client) {
    entry.logger ??= logger;
    const s = entry.settings;
    client = createClient({
      baseUrl: connection.baseUrl,
      apiKey: connection.apiKey,
      sid: connection.sid,
      concurrency: connection.concurrency,
      ...(s.timeoutMs === undefined ? {} : { timeoutMs: s.timeoutMs }),
      ...(s.retries === undefined ? {} : { retries: s.retries }),
      ...(s.paramEncoding === undefined ? {} : { paramEncoding: s.paramEncoding }),
      userAgent: '@sitecontent/astro',
      onRetry: (e) => {
        entry.logger?.warn(
          `${e.operation}: ${e.reason}; retry ${e.attempt} in ${Math.round(e.delayMs)} ms (all collections wait)`,
        );
      },
    });
    entry.clients.set(cacheKey, client);
  }
  return client;
}

/** One loader's part of a sync: results shared with the other loaders of the sync, and its end. */
export interface SyncScope {
  /**
   * The result of `fetch` shared by every loader of this sync that uses the same client: the first
   * caller starts it, the others await the same promise. A failure is not kept (a later caller
   * within the sync asks again); each caller applies its own failure policy.
   */
  shared<T>(name: string, fetch: () => Promise<T>): Promise<T>;
  /** Call once when the loader is done (also on failure). */
  end(): void;
}

/**
 * Starts one loader's part of a sync. A sync is the span in which loads of the same client run:
 * Astro starts every collection's `load()` together (and runs one sync at a time), so the loads
 * of one sync overlap; when the last of them ends, the shared results are dropped and the next
 * sync (`refreshContent` in dev, a second build in the same process) fetches afresh.
 */
export function beginSync(client: SiteContentClient): SyncScope {
  const reg = registry();
  reg.syncs ??= new WeakMap();
  let state = reg.syncs.get(client);
  if (!state) {
    state = { active: 0, memo: new Map() };
    reg.syncs.set(client, state);
  }
  const s = state;
  s.active++;
  let ended = false;
  return {
    shared<T>(name: string, fetch: () => Promise<T>): Promise<T> {
      let p = s.memo.get(name) as Promise<T> | undefined;
      if (!p) {
        const started = fetch();
        p = started;
        s.memo.set(name, started);
        // Also marks the rejection handled when no loader is waiting for it any more.
        started.catch(() => {
          if (s.memo.get(name) === started) s.memo.delete(name);
        });
      }
      return p;
    },
    end() {
      if (ended) return;
      ended = true;
      if (--s.active === 0) s.memo.clear();
    },
  };
}

/** Settings of the integration registered for `root`, if any (the loaders read `concurrency`). */
export function integrationSettings(root: URL | string | undefined): SharedSettings | undefined {
  return entryFor(root)?.settings;
}

/**
 * Remembers the entries a loader left in the store after its sync (also after keep-stale), for the
 * integration's `astro:build:done` hook. Only for a registered integration: loaders used without
 * it keep nothing.
 */
export function recordLoaded(
  root: URL | string | undefined,
  collection: string,
  kind: string,
  entries: readonly LoadedEntry[],
): void {
  const reg = registry();
  const entry = entryFor(root);
  if (!entry || entry === reg.standalone) return;
  entry.loaded.set(collection, { kind, entries });
}

/** Collections the loaders of the integration registered for `root` loaded in this process. */
export function loadedCollections(root: URL | string | undefined): ReadonlyMap<string, LoadedCollection> {
  return entryFor(root)?.loaded ?? new Map();
}
