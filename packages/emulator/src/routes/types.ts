import type { Store } from '../db/store.js';
import type { WireObject } from '../wire/encode.js';
import type { RequestParams } from '../wire/params.js';

export interface RouteContext {
  /** The site, already checked against the key. */
  sid: number;
  params: RequestParams;
  store: Store;
  technicalDomain: string;
}

export interface Route {
  /** Operation name as counted in stats, e.g. `goods/Get`. */
  operation: string;
  method: 'GET' | 'POST';
  handle(ctx: RouteContext): WireObject[];
}

/** Spec, General rules 5 and 6: `[{"message":"Ok"}]`, plus `id` for creates. */
export const ok = (): WireObject[] => [{ message: 'Ok' }];
export const created = (id: number): WireObject[] => [{ message: 'Ok', id: String(id) }];
