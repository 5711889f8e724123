/** `@sitecontent/astro/on-demand`: for the modules the integration writes; pages use the main entry. */

export { servingSettings } from '../options/serving-settings.js';
export { previewRouteHandler } from './endpoints/preview-route.js';
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
export { checkNodeAtStart } from './node-check.js';
export { checkConnectionAtStart } from './start-check.js';
