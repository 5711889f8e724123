/**
 * What the loaders of one sync share: `dir/Get` and the site origin are asked once per sync, not
 * once per collection. A sync is the span in which loads of the same client run: Astro starts every
 * collection's `load()` together (and runs one sync at a time), so the loads of one sync overlap;
 * when the last of them ends, the shared results are dropped and the next sync (`refreshContent` in
 * dev, a second build in the same process) fetches afresh.
 */
import type { SiteContentClient } from '@sitecontent/client';
import { globalSlot } from './global-slot.js';

interface SyncState {
  /** Loads of this client running now. */
  active: number;
  /** In-flight or settled results by name, dropped when the last running load ends. */
  memo: Map<string, Promise<unknown>>;
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

const syncs = () => globalSlot('syncs', () => new WeakMap<SiteContentClient, SyncState>());

/** Starts one loader's part of the sync of `client` (call synchronously when the load starts). */
export function beginSync(client: SiteContentClient): SyncScope {
  let state = syncs().get(client);
  if (!state) {
    state = { active: 0, memo: new Map() };
    syncs().set(client, state);
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
