/**
 * On-demand sites (an Astro `cache` provider configured): the integration writes small modules
 * into its codegen folder — the middleware that gives pages of live entries their freshness, the
 * product sitemaps and the purge endpoint — each calling this package with the site's checked `onDemand` settings as JSON.
 * Written modules, not virtual ones: the server bundle imports them like the site's own files,
 * whether Vite bundles this package or leaves it in node_modules.
 */
import { writeFileSync } from 'node:fs';
import { PURGE_TOKEN_ENV } from '@sitecontent/client/internal';
import type { AstroIntegrationLogger, HookParameters } from 'astro';
import { urlStyleOf } from '../entries/page-url.js';
import type { OnDemandSettings, ProductSitemapSettings } from '../options/on-demand-options.js';
import { sitemapFilePattern } from '../product-sitemaps/file-paths.js';

type SetupHook = HookParameters<'astro:config:setup'>;

const header = '// Written by @sitecontent/astro at each build: edit siteContent({ onDemand }) instead.\n';

export function setUpOnDemand(
  hook: Pick<SetupHook, 'config' | 'createCodegenDir' | 'addMiddleware' | 'injectRoute'>,
  settings: OnDemandSettings,
  logger: AstroIntegrationLogger,
): void {
  if (!hook.config.cache?.provider) return;
  const dir = hook.createCodegenDir();
  const given = JSON.stringify(settings);
  // A production server runs no integration hook: the live loaders learn the URL style from here.
  const urlStyle = JSON.stringify(urlStyleOf(hook.config));
  const middleware = new URL('on-demand-middleware.mjs', dir);
  writeFileSync(
    middleware,
    `${header}import { onDemandMiddleware } from '@sitecontent/astro/on-demand';\nexport const onRequest = onDemandMiddleware(${given}, ${urlStyle});\n`,
  );
  hook.addMiddleware({ entrypoint: middleware, order: 'pre' });
  if (settings.sitemap !== false) injectSitemapRoutes(hook, dir, settings.sitemap, logger);
  if (settings.purgeEndpoint === false) return;
  const route = new URL('purge-endpoint.mjs', dir);
  writeFileSync(
    route,
    `${header}import { purgeHandler } from '@sitecontent/astro/on-demand';\nexport const prerender = false;\nexport const ALL = purgeHandler();\n`,
  );
  hook.injectRoute({ pattern: settings.purgeEndpoint, entrypoint: route, prerender: false });
  logger.info(`purge endpoint: POST ${settings.purgeEndpoint} (answers when ${PURGE_TOKEN_ENV} is set)`);
}

/**
 * The product sitemaps' two routes. Each module imports `astro:content` first: that loads the
 * site's live collections, whose products loader notes how product URLs are made (its
 * `productUrl`), before a sitemap is asked for on a server that has rendered no product yet.
 */
function injectSitemapRoutes(
  hook: Pick<SetupHook, 'injectRoute'>,
  dir: URL,
  settings: ProductSitemapSettings,
  logger: AstroIntegrationLogger,
): void {
  const given = JSON.stringify(settings);
  const routes = [
    { pattern: settings.index, file: 'product-sitemap-index.mjs', handler: 'productSitemapIndexHandler' },
    {
      pattern: sitemapFilePattern(settings.index),
      file: 'product-sitemap-file.mjs',
      handler: 'productSitemapFileHandler',
    },
  ];
  for (const { pattern, file, handler } of routes) {
    const route = new URL(file, dir);
    writeFileSync(
      route,
      `${header}import 'astro:content';\nimport { ${handler} } from '@sitecontent/astro/on-demand';\nexport const prerender = false;\nexport const GET = ${handler}(${given});\n`,
    );
    hook.injectRoute({ pattern, entrypoint: route, prerender: false });
  }
  logger.info(`product sitemaps: ${settings.index}`);
}
