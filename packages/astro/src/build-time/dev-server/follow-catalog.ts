/**
 * `astro dev` follows the catalog: every few seconds the change detector reads the catalog (one
 * `dir/Get`, one `goods/Get` per section, one `article/Get`: docs' "Keeping the site fresh" guide)
 * and the collections whose records changed are refreshed (`refreshContent`, as the refresh
 * endpoint does), with one log line per change. Only while a dev server runs: started in
 * `astro:server:setup`, stopped in `astro:server:done`; `astro build` never starts it.
 */
import type { SiteContentClient } from '@sitecontent/client';
import { type Change, type ChangeState, detectChanges } from '@sitecontent/client/changes';
import type { RefreshContentOptions } from 'astro';
import { LOADER_NAMES } from '../../loader-names.js';
import type { WarnLogger } from '../../project/client-pool.js';
import { type KeptStaleReport, REFRESH_REPORT_KEY } from '../../project/refresh-report.js';

/** The loaders a change of each kind refreshes: a section's address is in its products' and articles' URLs. */
const LOADERS_BY_KIND: Readonly<Record<Change['kind'], readonly string[]>> = {
  product: ['products', 'modifications'],
  section: ['sections', 'products', 'articles'],
  article: ['articles'],
};

/** The changes the toolbar lists, newest first. */
const SEEN_KEPT = 30;

/** `product 12 changed`: how a log line and the toolbar name a change. */
export const changeName = (change: Pick<Change, 'kind' | 'id' | 'type'>): string =>
  `${change.kind} ${change.id} ${change.type}`;

/** The loader names (`sitecontent-products`, …) that show the changed records, each once. */
export function loadersFor(changes: readonly Pick<Change, 'kind'>[]): string[] {
  const names = new Set<string>();
  for (const change of changes) for (const kind of LOADERS_BY_KIND[change.kind]) names.add(kind);
  return [...names].map((kind) => LOADER_NAMES[kind] as string);
}

/** A change the follower saw, as the toolbar lists it. */
export interface SeenChange {
  name: string;
  at: number;
  /** Refreshed: the collections showing it were refreshed; pending: not yet (the refresh failed or runs). */
  refreshed: boolean;
}

/** What the toolbar shows of the follower. */
export interface FollowSnapshot {
  /** The interval in ms, or `false` when the dev server does not follow the catalog. */
  everyMs: number | false;
  /** A read or refresh is running now. */
  busy: boolean;
  lastRead?: {
    at: number;
    ms: number;
    requests: number;
    products: number;
    sections: number;
    articles: number;
  };
  /** Why following stopped or the last read failed (the service's error, key masked). */
  problem?: string;
  seen: SeenChange[];
  pending: string[];
  /** The last refresh: of the changed collections, or of all of them (the toolbar's button). */
  lastRefresh?: { at: number; loaders: string[]; all: boolean; ok: boolean; message?: string };
}

/** What the follower needs of the dev server and the project. */
export interface FollowHooks {
  refreshContent: (options: RefreshContentOptions) => Promise<void>;
  logger: WarnLogger;
  /** The project's client (the loaders' connection); throws when the connection is not configured. */
  client: () => SiteContentClient;
  /** Called after each read or refresh (the toolbar pushes its state). */
  onUpdate?: () => void;
}

export class CatalogFollower {
  readonly #everyMs: number | false;
  #hooks: FollowHooks | undefined;
  #state: ChangeState | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #abort: AbortController | undefined;
  /** Reads and refreshes run one at a time, in the order asked. */
  #queue: Promise<void> = Promise.resolve();
  #busy = false;
  #seen: SeenChange[] = [];
  #lastRead: FollowSnapshot['lastRead'];
  #lastRefresh: FollowSnapshot['lastRefresh'];
  #problem: string | undefined;

  /** @param everyMs the interval, or `false`: no reads of its own (the button still refreshes). */
  constructor(everyMs: number | false) {
    this.#everyMs = everyMs;
  }

  /**
   * Starts reading (the first read at once: it is the base the next reads compare with, taken before
   * the dev server's first sync reads the catalog, so no edit falls between the two). The state of an
   * earlier start (a dev server restarted by Vite) is kept.
   */
  start(hooks: FollowHooks): void {
    this.stop();
    this.#hooks = hooks;
    this.#abort = new AbortController();
    if (this.#everyMs !== false) this.#schedule(0);
  }

  /** Stops reading; a read under way is abandoned, a refresh under way ends on its own. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#abort?.abort();
    this.#abort = undefined;
  }

  /** Refreshes every collection now (and reads the changes first, when following): the toolbar's button. */
  refreshNow(): Promise<void> {
    return this.#enqueue(async () => {
      const detected = this.#everyMs === false ? [] : await this.#read();
      await this.#refresh(Object.values(LOADER_NAMES), detected ?? [], true);
    });
  }

  snapshot(): FollowSnapshot {
    return {
      everyMs: this.#everyMs,
      busy: this.#busy,
      ...(this.#lastRead ? { lastRead: this.#lastRead } : {}),
      ...(this.#problem ? { problem: this.#problem } : {}),
      seen: this.#seen,
      pending: (this.#state?.pending ?? []).map(changeName),
      ...(this.#lastRefresh ? { lastRefresh: this.#lastRefresh } : {}),
    };
  }

  #schedule(ms: number): void {
    const abort = this.#abort;
    this.#timer = setTimeout(
      () => {
        const started = performance.now();
        void this.#enqueue(() => this.#cycle()).finally(() => {
          // Stopped meanwhile (or started again, with a timer of its own): no next read from here.
          if (this.#abort !== abort || !abort || abort.signal.aborted || this.#everyMs === false) return;
          this.#schedule(this.#everyMs - (performance.now() - started));
        });
      },
      Math.max(0, ms),
    );
    // The timer never holds a process open that is otherwise done.
    this.#timer.unref?.();
  }

  #enqueue(job: () => Promise<void>): Promise<void> {
    const run = async () => {
      this.#busy = true;
      try {
        await job();
      } catch (error) {
        this.#hooks?.logger.warn(`catalog: ${(error as Error).message}`);
      } finally {
        this.#busy = false;
        this.#hooks?.onUpdate?.();
      }
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue;
  }

  /** One read, and a refresh of the collections whose records changed. */
  async #cycle(): Promise<void> {
    const changes = await this.#read();
    if (changes && changes.length > 0) await this.#refresh(loadersFor(changes), changes, false);
  }

  /** Reads the changes since the last read (pending ones included); `undefined` when the read failed. */
  async #read(): Promise<Change[] | undefined> {
    const hooks = this.#hooks;
    const signal = this.#abort?.signal;
    if (!hooks || !signal || signal.aborted) return undefined;
    let client: SiteContentClient;
    try {
      client = hooks.client();
    } catch (error) {
      // Not configured: no read can succeed until the settings change (a restart reads them again).
      this.#report(`following the catalog is off: ${(error as Error).message}`);
      this.stop();
      return undefined;
    }
    const started = performance.now();
    const previous = this.#state;
    try {
      const detection = await detectChanges(client, previous, { signal });
      this.#state = { ...detection.state, pending: detection.changes };
      this.#lastRead = {
        at: Date.now(),
        ms: Math.round(performance.now() - started),
        requests: detection.requests,
        ...detection.counts,
      };
      if (this.#problem !== undefined) hooks.logger.info('catalog: the service answers again');
      this.#problem = undefined;
      const before = new Set((previous?.pending ?? []).map(changeName));
      for (const change of detection.changes) {
        const name = changeName(change);
        // A change still pending from the last read was logged then.
        if (before.has(name)) continue;
        hooks.logger.info(`catalog: ${name}; refreshing ${LOADERS_BY_KIND[change.kind].join(', ')}`);
        this.#seen.unshift({ name, at: Date.now(), refreshed: false });
      }
      this.#seen.length = Math.min(this.#seen.length, SEEN_KEPT);
      return detection.changes;
    } catch (error) {
      // Stopped mid-read: nothing to say. A failed read changes no state; the next one tries again.
      if (signal.aborted) return undefined;
      this.#report(`catalog: reading the changes failed, trying again: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Warns of a problem once, not at every read while it lasts. */
  #report(message: string): void {
    if (message !== this.#problem) this.#hooks?.logger.warn(message);
    this.#problem = message;
  }

  /**
   * Refreshes `loaders` (`everything`: every loader, every page's meta asked again); the changes stay
   * pending when the refresh failed or kept stale entries.
   */
  async #refresh(loaders: string[], changes: readonly Change[], everything: boolean): Promise<void> {
    const hooks = this.#hooks;
    if (!hooks) return;
    const keptStale: KeptStaleReport[] = [];
    let failure: string | undefined;
    try {
      await hooks.refreshContent({
        loaders,
        context: {
          source: 'sitecontent-follow-catalog',
          refetchMeta: everything,
          [REFRESH_REPORT_KEY]: keptStale,
        },
      });
      if (keptStale.length > 0) failure = keptStale.map((report) => report.message).join('; ');
    } catch (error) {
      failure = (error as Error).message;
    }
    this.#lastRefresh = {
      at: Date.now(),
      loaders,
      all: everything,
      ok: failure === undefined,
      ...(failure === undefined ? {} : { message: failure }),
    };
    if (failure !== undefined) {
      hooks.logger.warn(
        `catalog: the refresh failed; the changes stay pending for the next read: ${failure}`,
      );
      return;
    }
    const done = new Set(changes.map(changeName));
    if (this.#state) this.#state = { ...this.#state, pending: [] };
    for (const seen of this.#seen) if (done.has(seen.name)) seen.refreshed = true;
  }
}
