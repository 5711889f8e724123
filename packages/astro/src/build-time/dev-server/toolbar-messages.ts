/**
 * What the dev toolbar app and the dev server say to each other (Astro's `toolbar.send/on` over
 * Vite's HMR socket). Types and names only: the app's browser module imports this file too.
 */
import type { CollectionSync } from '../../project/collection-syncs.js';
import type { RecentRequest } from '../../project/request-tally.js';
import type { FollowSnapshot } from './follow-catalog.js';

export const TOOLBAR_APP_ID = 'sitecontent';

/** Server → app: a `DevSnapshot`. */
export const STATE_EVENT = 'sitecontent:dev-state';
/** App → server: send the state now (the app opened, or it is open and wants it fresh). */
export const ASK_EVENT = 'sitecontent:dev-state-ask';
/** App → server: refresh every collection now. */
export const REFRESH_EVENT = 'sitecontent:dev-refresh-now';

/** Everything the app shows; no URL and no setting, so never the key. */
export interface DevSnapshot {
  requests: {
    total: number;
    retries: number;
    /** Attempts by operation and status: `{ 'goods/Get': { 200: 3 } }`. */
    byOperation: Record<string, Record<number, number>>;
    /** The last attempts, newest first. */
    recent: RecentRequest[];
  };
  syncs: CollectionSync[];
  follow: FollowSnapshot;
}
