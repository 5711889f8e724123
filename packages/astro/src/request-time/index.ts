/**
 * `@sitecontent/astro/on-demand`: what the modules the integration writes for on-demand sites import
 * (integration/on-demand-setup.ts). Not for pages: they use `liveErrorResponse` from the main entry.
 */

export {
  type ProductFeedHandlerOptions,
  productFeedHandler,
} from './endpoints/product-feed-route.js';
export {
  productSitemapFileHandler,
  productSitemapIndexHandler,
} from './endpoints/product-sitemap-routes.js';
export { purgeHandler } from './endpoints/purge-endpoint.js';
export { onDemandMiddleware } from './middleware.js';
