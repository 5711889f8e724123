/** One Astro project as the package sees it (docs/architecture.md, "The project"). */
import type { SiteContentClient } from '@sitecontent/client';
import { debugRequested, hostEnv } from '@sitecontent/client/internal';
import type { UrlStyle } from '../entries/page-url.js';
import {
  emptyUrlHistory,
  kindHistory,
  mergeUrlHistories,
  type PageUrls,
  type UrlHistory,
} from '../entries/url-history.js';
import type { ConnectionOptions } from '../options/loader-shapes.js';
import { BuildRecord } from './build-record.js';
import { ClientPool, type WarnLogger } from './client-pool.js';
import { CollectionSyncs } from './collection-syncs.js';
import { resolveConnection } from './connection.js';
import type { ProjectSettings } from './project-settings.js';
import type { RequestTally } from './request-tally.js';
import { type SyncScope, Syncs } from './sync-scope.js';

/** A request's time for one lookup, retries included, and the retries it may make. */
export interface RequestBudget {
  timeoutMs: number;
  retries: number;
}

/** A collection that kept its previous entries: why, and when they were made (unknown for a store older than that note). */
export interface KeptStale {
  reason: string;
  syncedAt: Date | undefined;
}

export class Project {
  #logger: WarnLogger | undefined;
  #siteOrigin: string | undefined;
  #urlStyle: UrlStyle | undefined;
  #settings: ProjectSettings;
  readonly #clients: ClientPool;
  readonly #syncs = new Syncs();
  #buildRecord: BuildRecord | undefined;
  readonly #keptStale = new Map<string, KeptStale>();
  readonly #lastSyncs = new CollectionSyncs();
  #urlHistory: UrlHistory = emptyUrlHistory();

  /** @param fromIntegration whether `siteContent()` opened it (and read `.env`). */
  constructor(
    settings: ProjectSettings,
    logger: WarnLogger | undefined,
    readonly fromIntegration: boolean,
  ) {
    this.#settings = settings;
    this.#logger = logger;
    this.#clients = new ClientPool(
      (message) => this.#logger?.warn(message),
      () => this.#settings.fallbackSiteOrigin?.(),
      () => this.#requestLog(),
    );
  }

  /**
   * Where clients write a line per request when `SITECONTENT_DEBUG` is on (the process environment
   * over the `.env` files the integration read): the project's logger, else the console, which is
   * all a production server has.
   */
  #requestLog(): ((line: string) => void) | undefined {
    if (!debugRequested({ processEnv: hostEnv(), files: this.#settings.env })) return undefined;
    return (line) => {
      if (this.#logger) this.#logger.info(line);
      else console.info(`[@sitecontent/astro] ${line}`);
    };
  }

  /** The requests of the project's clients so far, by operation and status. */
  get requests(): RequestTally {
    return this.#clients.requests;
  }

  /** Each collection's last sync in this process (the dev toolbar shows them). */
  get lastSyncs(): CollectionSyncs {
    return this.#lastSyncs;
  }

  get settings(): ProjectSettings {
    return this.#settings;
  }

  /** Where retries and other project-wide notices go: the integration's logger, else the first loader's. */
  get logger(): WarnLogger | undefined {
    return this.#logger;
  }

  /** Takes `logger` for project-wide notices when the project has none yet (loaders without the integration). */
  adoptLogger(logger: WarnLogger): void {
    this.#logger ??= logger;
  }

  /** Origin of `config.site` (the live loaders' canonical URLs), once Astro's config is final. */
  get siteOrigin(): string | undefined {
    return this.#siteOrigin;
  }

  /** How page URLs end (`trailingSlash`, `build.format`), once Astro's config is final. */
  get urlStyle(): UrlStyle | undefined {
    return this.#urlStyle;
  }

  /** Takes what the final Astro config says of the site's URLs (`astro:config:done`). */
  settleUrls(site: string | undefined, urlStyle: UrlStyle): void {
    this.#siteOrigin = site ? new URL(site).origin : undefined;
    this.#urlStyle = urlStyle;
  }

  /** Takes the environment read again and returns the names that changed; old clients stay till close. */
  rereadEnv(env: ProjectSettings['env'], names: readonly string[]): string[] {
    const changed = names.filter((name) => env[name] !== this.#settings.env[name]);
    this.#settings = { ...this.#settings, env };
    return changed;
  }

  /** The client of `collection`'s options over the project's; with a `budget` no call outlasts its `timeoutMs`. */
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

  /** Notes that `collection` kept its previous entries in this build, and why. */
  noteKeptStale(collection: string, kept: KeptStale): void {
    this.#keptStale.set(collection, kept);
  }

  /** The collections noted since the last call, in the order noted. */
  takeKeptStale(): ({ collection: string } & KeptStale)[] {
    const collections = [...this.#keptStale].map(([collection, kept]) => ({ collection, ...kept }));
    this.#keptStale.clear();
    return collections;
  }

  /** The URLs the site's pages had: from the history file, then as each load noted them. */
  get urlHistory(): UrlHistory {
    return this.#urlHistory;
  }

  /** Adds `history` (a file's, or the last build's) to what the project knows. */
  noteUrlHistory(history: UrlHistory): void {
    this.#urlHistory = mergeUrlHistories(this.#urlHistory, history);
  }

  /**
   * Takes `history` as the whole story of `kind`'s pages: a collection's after its load, made from
   * what the project knew, so a URL it forgot (an undo) is not merged back in.
   */
  settleUrlHistory(kind: string, history: UrlHistory): void {
    const prefix = `${kind}:`;
    const known = this.#urlHistory.pages;
    const others = Object.keys(known).filter((key) => !key.startsWith(prefix));
    const settled = kindHistory(history, kind).pages;
    // Histories are never changed in place, so one of a single kind is taken as it is (not copied).
    if (others.length === 0) {
      this.#urlHistory = { version: 1, pages: settled };
      return;
    }
    const pages: UrlHistory['pages'] = {};
    for (const key of others) pages[key] = known[key] as PageUrls;
    this.#urlHistory = { version: 1, pages: Object.assign(pages, settled) };
  }

  /** Closes the clients and forgets the build's record; a later load opens new clients. */
  async close(): Promise<void> {
    this.#buildRecord = undefined;
    this.#keptStale.clear();
    await this.#clients.close();
  }
}
