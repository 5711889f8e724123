/**
 * What the loaders of one sync share (`dir/Get`, the site origin), asked once per sync. Astro starts
 * every collection's `load()` together, so the loads of a sync overlap; when the last ends, the
 * shared results are dropped and the next sync fetches afresh.
 */
import type { SiteContentClient } from '@sitecontent/client';

/** One loader's part of a sync: results shared with the other loaders of the sync, and its end. */
export interface SyncScope {
  /** `fetch`'s result shared by this sync's loaders of one client; a failure is not kept. */
  once<T>(name: string, fetch: () => Promise<T>): Promise<T>;
  /** A value made by the first loader of the sync that asks, kept until the sync ends. */
  value<T>(name: string, create: () => T): T;
  /** Call once when the loader is done (also on failure). */
  end(): void;
}

interface SyncState {
  /** Loads of this client running now. */
  active: number;
  /** In-flight or settled results by name, dropped when the last running load ends. */
  results: Map<string, Promise<unknown>>;
  /** Shared values by name, dropped with the results. */
  values: Map<string, unknown>;
}

/** The syncs of one project, one per client. */
export class Syncs {
  readonly #byClient = new WeakMap<SiteContentClient, SyncState>();

  /** Starts one loader's part of the sync of `client` (call synchronously when the load starts). */
  begin(client: SiteContentClient): SyncScope {
    let state = this.#byClient.get(client);
    if (!state) {
      state = { active: 0, results: new Map(), values: new Map() };
      this.#byClient.set(client, state);
    }
    const s = state;
    s.active++;
    let ended = false;
    return {
      once<T>(name: string, fetch: () => Promise<T>): Promise<T> {
        let p = s.results.get(name) as Promise<T> | undefined;
        if (!p) {
          const started = fetch();
          p = started;
          s.results.set(name, started);
          // Also marks the rejection handled when no loader is waiting for it any more.
          started.catch(() => {
            if (s.results.get(name) === started) s.results.delete(name);
          });
        }
        return p;
      },
      value<T>(name: string, create: () => T): T {
        if (!s.values.has(name)) s.values.set(name, create());
        return s.values.get(name) as T;
      },
      end() {
        if (ended) return;
        ended = true;
        if (--s.active === 0) {
          s.results.clear();
          s.values.clear();
        }
      },
    };
  }
}
