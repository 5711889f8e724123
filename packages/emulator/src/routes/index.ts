import { articleRoutes } from './article.js';
import { dirRoutes } from './dir.js';
import { goodsRoutes } from './goods.js';
import { metaRoutes } from './meta.js';
import { siteRoutes } from './site.js';
import { skuRoutes } from './sku.js';
import type { Route } from './types.js';

export type { Route, RouteContext } from './types.js';

/** The 17 operations of the spec, keyed by path below `/v1/`. */
export const ROUTES: ReadonlyMap<string, Route> = new Map(
  [...goodsRoutes, ...skuRoutes, ...dirRoutes, ...articleRoutes, ...metaRoutes, ...siteRoutes].map((r) => [
    r.operation,
    r,
  ]),
);
