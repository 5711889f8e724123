/**
 * One shared client per project and connection (docs/architecture.md, "The shared client"): every
 * collection of a project goes through the same concurrency bound and back-off gate. Loaders that
 * override the connection get their own client, shared among loaders with the same override;
 * loaders used without the integration share clients of their own.
 */
import { createHash } from 'node:crypto';
import { createClient, type SiteContentClient } from '@sitecontent/client';
import type { ResolvedConnection } from './connection.js';
import { globalSlot, rootKey } from './global-slot.js';
import { type RegisteredProject, registeredProject, type WarnLogger } from './project-registry.js';
import { rememberedDomain } from './remembered-domain.js';
import { RetryLog } from './retry-log.js';

interface ClientPool {
  /** Digest of the settings the clients were built with: other settings retire them. */
  settingsDigest: string;
  clients: Map<string, SiteContentClient>;
  /** Where retries are reported: the integration's logger, else the first loader's. */
  logger: WarnLogger | undefined;
  /** The pool's retry warnings, a few lines however many retries (see RetryLog). */
  retries: RetryLog;
}

const pools = () => globalSlot('client-pools', () => new Map<string, ClientPool>());
const STANDALONE = 'standalone';

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

function poolFor(project: RegisteredProject | undefined): ClientPool {
  const key = project?.root ?? STANDALONE;
  // The site origin is learnt after the clients exist; it does not change how they connect.
  const settingsDigest = project
    ? digest(JSON.stringify({ ...project.settings, siteOrigin: undefined }))
    : '';
  let pool = pools().get(key);
  if (pool && pool.settingsDigest !== settingsDigest) {
    // A restart with other settings must not reuse clients built for the old ones.
    void closeAll(pool);
    pool = undefined;
  }
  if (!pool) {
    const created: ClientPool = {
      settingsDigest,
      clients: new Map(),
      logger: project?.logger,
      retries: new RetryLog((message) => created.logger?.warn(message)),
    };
    pool = created;
    pools().set(key, pool);
  } else if (project?.logger) {
    pool.logger = project.logger;
  }
  return pool;
}

/** The shared client for `connection` in the project of `root` (or the standalone pool). */
export function sharedClient(
  connection: ResolvedConnection,
  root: URL | string | undefined,
  logger?: WarnLogger,
): SiteContentClient {
  const project = registeredProject(root);
  const pool = poolFor(project);
  pool.logger ??= logger;
  const cacheKey = [
    connection.baseUrl,
    connection.sid,
    digest(connection.apiKey),
    connection.concurrency,
    connection.maxConcurrency,
    connection.adaptive,
  ].join('|');
  let client = pool.clients.get(cacheKey);
  if (!client) {
    const s = project?.settings;
    client = createClient({
      baseUrl: connection.baseUrl,
      apiKey: connection.apiKey,
      sid: connection.sid,
      concurrency: connection.concurrency,
      maxConcurrency: connection.maxConcurrency,
      adaptive: connection.adaptive,
      ...(s?.timeoutMs === undefined ? {} : { timeoutMs: s.timeoutMs }),
      ...(s?.maxResponseBytes === undefined ? {} : { maxResponseBytes: s.maxResponseBytes }),
      ...(s?.retries === undefined ? {} : { retries: s.retries }),
      ...(s?.paramEncoding === undefined ? {} : { paramEncoding: s.paramEncoding }),
      userAgent: '@sitecontent/astro',
      // The service down at sync time: image URLs on the domain the last successful lookup gave.
      fallbackSiteOrigin: () => {
        const domain = s?.cacheDir === undefined ? undefined : rememberedDomain(s.cacheDir);
        return domain === undefined ? undefined : `https://${domain}`;
      },
      onRetry: pool.retries.retry,
    });
    pool.clients.set(cacheKey, client);
  }
  return client;
}

/** Closes and forgets the shared clients of a project root (build end, dev server stop). */
export async function releaseSharedClients(root: URL): Promise<void> {
  const pool = pools().get(rootKey(root));
  if (pool) await closeAll(pool);
}

async function closeAll(pool: ClientPool): Promise<void> {
  const clients = [...pool.clients.values()];
  pool.clients.clear();
  await Promise.allSettled(clients.map((c) => c.close()));
}
