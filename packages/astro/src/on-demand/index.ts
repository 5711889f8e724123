/**
 * `@sitecontent/astro/on-demand`: what the modules the integration writes for on-demand sites import
 * (integration/on-demand-setup.ts). Not for pages: they use `liveErrorResponse` from the main entry.
 */
export { purgeHandler } from '../integration/purge-endpoint.js';
export {
  productSitemapFileHandler,
  productSitemapIndexHandler,
} from '../integration/sitemap-endpoint.js';
export { onDemandMiddleware } from './middleware.js';
