/**
 * What `siteContent()` adds to `astro dev` (the `dev` option): following the catalog
 * (follow-catalog.ts) and the dev toolbar app (toolbar-app.ts), both over the integration's project.
 */
import { fileURLToPath } from 'node:url';
import type { RefreshContentOptions } from 'astro';
import type { DevServerSettings } from '../../options/dev-server-options.js';
import type { WarnLogger } from '../../project/client-pool.js';
import type { Project } from '../../project/project.js';
import { CatalogFollower } from './follow-catalog.js';
import {
  ASK_EVENT,
  type DevSnapshot,
  REFRESH_EVENT,
  STATE_EVENT,
  TOOLBAR_APP_ID,
} from './toolbar-messages.js';

/** `addDevToolbarApp`'s argument (Astro's `DevToolbarAppEntry`). */
interface ToolbarAppEntry {
  id: string;
  name: string;
  icon: string;
  entrypoint: string;
}

/** The toolbar helpers of `astro:server:setup`. */
interface ToolbarChannel {
  send(event: string, payload: unknown): void;
  on(event: string, callback: (data: unknown) => void): void;
}

/** What `astro:server:setup` gives. */
export interface DevServerHooks {
  toolbar: ToolbarChannel;
  refreshContent: (options: RefreshContentOptions) => Promise<void>;
  logger: WarnLogger;
}

/** A database with a circular arrow: the app's button in the toolbar. */
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5">' +
  '<ellipse cx="10" cy="5" rx="7" ry="2.5"/><path d="M3 5v10c0 1.4 3.1 2.5 7 2.5M17 5v5"/>' +
  '<path d="M3 10c0 1.4 3.1 2.5 7 2.5"/><path d="M21 17a4 4 0 1 1-1.2-2.8M21 12.5v2.2h-2.2"/></svg>';

export class DevServer {
  readonly #settings: DevServerSettings;
  readonly #project: () => Project | undefined;
  readonly #follower: CatalogFollower;
  #toolbar: ToolbarChannel | undefined;
  /** Whether the command is `astro dev`: a build's own Vite server runs `astro:server:setup` too. */
  #dev = false;

  constructor(settings: DevServerSettings, project: () => Project | undefined) {
    this.#settings = settings;
    this.#project = project;
    this.#follower = new CatalogFollower(settings.followCatalog);
  }

  /** In `astro:config:setup`: notes the command, and adds the toolbar app to `astro dev` unless `dev.toolbar` is off. */
  setUp(command: string, addDevToolbarApp: (entry: ToolbarAppEntry) => void): void {
    this.#dev = command === 'dev';
    if (!this.#dev || !this.#settings.toolbar) return;
    addDevToolbarApp({
      id: TOOLBAR_APP_ID,
      name: 'Site Content',
      icon: ICON,
      entrypoint: fileURLToPath(new URL('./toolbar-app.js', import.meta.url)),
    });
  }

  /** In `astro:server:setup` of `astro dev`: starts following the catalog and answers the toolbar app. */
  start({ toolbar, refreshContent, logger }: DevServerHooks): void {
    const project = this.#project();
    if (!project || !this.#dev) return;
    if (this.#settings.toolbar) {
      this.#toolbar = toolbar;
      toolbar.on(ASK_EVENT, () => this.#sendState());
      toolbar.on(REFRESH_EVENT, () => {
        logger.info('toolbar: refreshing every collection');
        void this.#follower.refreshNow();
        this.#sendState();
      });
    }
    this.#follower.start({
      refreshContent,
      logger,
      // The loaders' client when they set no connection of their own: one bound and back-off gate.
      client: () => project.client('siteContent'),
      onUpdate: () => this.#sendState(),
    });
    if (this.#settings.followCatalog !== false) {
      logger.info(
        `following the catalog: its changes are read every ${this.#settings.followCatalog / 1000} s ` +
          '(dev.followCatalog sets this)',
      );
    }
  }

  /** In `astro:server:done`: no more reads. */
  stop(): void {
    this.#follower.stop();
    this.#toolbar = undefined;
  }

  /** What the toolbar app shows. */
  snapshot(): DevSnapshot | undefined {
    const project = this.#project();
    if (!project) return undefined;
    const { requests } = project;
    return {
      requests: {
        total: requests.total,
        retries: requests.retries,
        byOperation: requests.byOperation(),
        recent: requests.recent(),
      },
      syncs: project.lastSyncs.list(),
      follow: this.#follower.snapshot(),
    };
  }

  #sendState(): void {
    const state = this.#toolbar && this.snapshot();
    if (state) this.#toolbar?.send(STATE_EVENT, state);
  }
}
