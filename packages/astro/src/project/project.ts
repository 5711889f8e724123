/**
 * One Astro project as the package sees it: the integration's settings, the clients, the sync in
 * progress, the build record for the meta write-back and the collections that kept stale entries.
 * The integration opens it at `astro:config:setup` and closes it at the end of the build or the dev
 * server (open-projects.ts); loaders look it up by `config.root`.
 */
import type { SiteContentClient } from '@sitecontent/client';
import type { UrlStyle } from '../entries/page-url.js';
import type { OnDemandState } from '../live/on-demand-state.js';
import type { ConnectionOptions } from '../options/loader-shapes.js';
import type { PageFacts } from '../sitemap/page-facts.js';
import { BuildRecord } from './build-record.js';
import { ClientPool, type WarnLogger } from './client-pool.js';
import { resolveConnection } from './connection.js';
import type { ProjectSettings } from './project-settings.js';
import { type SyncScope, Syncs } from './sync-scope.js';

/** A request's time for one lookup, retries included, and the retries it may make. */
export interface RequestBudget {
  timeoutMs: number;
  retries: number;
}

export class Project {
  /** Where retries and other project-wide notices go: the integration's logger, else the first loader's. */
  logger: WarnLogger | undefined;
  /**
   * Origin of `config.site` (the live loaders' canonical URLs): from the final config, or in a
   * production server from the requests the on-demand middleware sees.
   */
  siteOrigin: string | undefined;
  /** How page URLs end (`trailingSlash`, `build.format`), once Astro's config is final (live loaders). */
  urlStyle: UrlStyle | undefined;
  #settings: ProjectSettings;
  readonly #clients: ClientPool;
  readonly #syncs = new Syncs();
  #buildRecord: BuildRecord | undefined;
  readonly #keptStale = new Set<string>();
  /**
   * What its pages rendered on demand share across requests, made by the first live loader,
   * middleware or purge that asks (`onDemandOf()`, live/on-demand-state.ts): a build that renders
   * nothing on demand does not load that code.
   */
  onDemand: OnDemandState | undefined;
  /**
   * The facts of the pages its last build loaded, for `sitemapFacts()`: `@astrojs/sitemap` writes
   * after the integration's last hook, so they outlive `close()` (open-projects.ts, `keepPageFacts`).
   */
  pageFacts: PageFacts | undefined;

  /**
   * @param fromIntegration whether `siteContent()` opened it (and read `.env`), or loaders used
   * without the integration did.
   */
  constructor(
    settings: ProjectSettings,
    logger: WarnLogger | undefined,
    readonly fromIntegration: boolean,
  ) {
    this.#settings = settings;
    this.logger = logger;
    this.#clients = new ClientPool(
      (message) => this.logger?.warn(message),
      () => this.#settings.fallbackSiteOrigin?.(),
    );
  }

  get settings(): ProjectSettings {
    return this.#settings;
  }

  /**
   * Takes the environment as read again (a dev server restarted for a changed `.env`) and returns the
   * names of the variables that changed. Clients of the old connection stay until the project closes.
   */
  rereadEnv(env: ProjectSettings['env'], names: readonly string[]): string[] {
    const changed = names.filter((name) => env[name] !== this.#settings.env[name]);
    this.#settings = { ...this.#settings, env };
    return changed;
  }

  /**
   * The client of `collection`'s connection (its own options over the project's); one per
   * connection. With a `budget` (a page rendered on demand), no call outlasts `timeoutMs` with
   * its retries, instead of a build's patient timeout and retries.
   */
  client(collection: string, options: ConnectionOptions = {}, budget?: RequestBudget): SiteContentClient {
    const resolved = resolveConnection(collection, options, this.#settings, this.fromIntegration);
    if (!budget) return this.#clients.client(resolved);
    const { timeoutMs, retries } = budget;
    return this.#clients.client({
      ...resolved,
      timeoutMs: Math.min(resolved.timeoutMs ?? timeoutMs, timeoutMs),
      retries: Math.min(resolved.retries ?? retries, retries),
      maxRetryTimeMs: timeoutMs,
    });
  }

  /** Starts one loader's part of the sync of `client` (call synchronously when the load starts). */
  beginSync(client: SiteContentClient): SyncScope {
    return this.#syncs.begin(client);
  }

  /** Keeps the loaded entries of this build for the meta write-back, from now until `close()`. */
  startBuildRecord(): void {
    this.#buildRecord = new BuildRecord();
  }

  /** The build's loaded entries, when the project keeps them (a write-back is configured). */
  get buildRecord(): BuildRecord | undefined {
    return this.#buildRecord;
  }

  /** Notes that `collection` kept its previous entries in this build. */
  noteKeptStale(collection: string): void {
    this.#keptStale.add(collection);
  }

  /** The collections noted since the last call, in the order noted. */
  takeKeptStale(): string[] {
    const collections = [...this.#keptStale];
    this.#keptStale.clear();
    return collections;
  }

  /** Closes the clients and forgets the build's record; a later load opens new clients. */
  async close(): Promise<void> {
    this.#buildRecord = undefined;
    this.#keptStale.clear();
    await this.#clients.close();
  }
}
