/**
 * With an Astro `cache` provider, the integration writes small modules into its codegen folder: the
 * server's settings (parsed once, on import), and the middleware, the product sitemaps, the preview
 * route and the purge endpoint, each importing those settings; and the URL history the middleware
 * answers gone pages by. Written, not virtual: the server bundle imports them whether or not Vite bundles this package.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PREVIEW_ROUTE_FOLDER, PREVIEW_SECRET_ENV, PURGE_TOKEN_ENV } from '@sitecontent/client/internal';
import type { AstroIntegrationLogger, HookParameters } from 'astro';
import { readUrlStyle } from '../../entries/page-url.js';
import type { UrlHistory } from '../../entries/url-history.js';
import type { OnDemandSettings, ProductSitemapSettings } from '../../options/on-demand-options.js';
import { sitemapFilePattern } from '../../options/sitemap-file-paths.js';

import { checksAtStart, ownsTheProcess, startCheckPlugin } from './start-check.js';

type SetupHook = HookParameters<'astro:config:setup'>;

const header = '// Written by @sitecontent/astro at each build: edit siteContent({ onDemand }) instead.\n';

/** The module holding the server's settings (options/serving-settings.ts), beside the others. */
const SETTINGS_MODULE = 'serving-settings.mjs';

/** Writes the URL history module the middleware imports. */
export type WriteUrlHistory = (history: UrlHistory) => void;

/** Sets up an on-demand site; returns how to write its URL history once the loaders have run. */
export function setUpOnDemand(
  hook: Pick<SetupHook, 'config' | 'createCodegenDir' | 'addMiddleware' | 'injectRoute' | 'updateConfig'>,
  settings: OnDemandSettings,
  logger: AstroIntegrationLogger,
): WriteUrlHistory | undefined {
  if (!hook.config.cache?.provider) return undefined;
  const dir = hook.createCodegenDir();
  const historyModule = new URL('url-history.mjs', dir);
  const writeHistory: WriteUrlHistory = (history) =>
    writeFileSync(historyModule, `${header}export default ${JSON.stringify(history)};\n`);
  // The loaders run after this hook: until they have, the server knows no page's past.
  writeHistory({ version: 1, pages: {} });
  // Parsed once, on import, by the schema that defines it; a production server runs no integration
  // hook, so the URL style travels with the settings.
  const serving = { onDemand: settings, urlStyle: readUrlStyle(hook.config) };
  writeFileSync(
    new URL(SETTINGS_MODULE, dir),
    `${header}import { servingSettings } from '@sitecontent/astro/on-demand';\nexport default servingSettings(${JSON.stringify(serving)});\n`,
  );
  const middleware = new URL('on-demand-middleware.mjs', dir);
  writeFileSync(
    middleware,
    `${header}import { onDemandMiddleware } from '@sitecontent/astro/on-demand';\nimport settings from './${SETTINGS_MODULE}';\nimport history from './url-history.mjs';\nexport const onRequest = onDemandMiddleware(settings, history);\n`,
  );
  hook.addMiddleware({ entrypoint: middleware, order: 'pre' });
  const adapter = hook.config.adapter?.name;
  if (checksAtStart(adapter))
    hook.updateConfig({
      vite: { plugins: [startCheckPlugin(dir, header, ownsTheProcess(adapter)) as never] },
    });
  const collections = liveCollectionsImport(hook.config.srcDir);
  if (settings.sitemap !== false) injectSitemapRoutes(hook, dir, collections, settings.sitemap, logger);
  injectPreviewRoute(hook, dir, collections, logger);
  if (settings.purgeEndpoint === false) return writeHistory;
  const route = new URL('purge-endpoint.mjs', dir);
  writeFileSync(
    route,
    `${header}import { purgeHandler } from '@sitecontent/astro/on-demand';\nexport const prerender = false;\nexport const ALL = purgeHandler();\n`,
  );
  hook.injectRoute({ pattern: settings.purgeEndpoint, entrypoint: route, prerender: false });
  logger.info(`purge endpoint: POST ${settings.purgeEndpoint} (answers when ${PURGE_TOKEN_ENV} is set)`);
  return writeHistory;
}

/** The site's live config file, where Astro looks for it; none when the site has no live collections. */
function liveConfigFile(srcDir: URL): string | undefined {
  const names = ['live.config.mjs', 'live.config.js', 'live.config.mts', 'live.config.ts'];
  const found = names.map((name) => new URL(name, srcDir)).find((url) => existsSync(url));
  return found && fileURLToPath(found);
}

/** How a route module imports the site's live collections. */
interface CollectionsImport {
  /** The import statement, `''` when the site has no live config. */
  line: string;
  /** What the module hands its handler: `collections`, or `undefined` without them. */
  name: string;
}

/** The import of `srcDir`'s live config, where Astro looks for it. */
function liveCollectionsImport(srcDir: URL): CollectionsImport {
  const liveConfig = liveConfigFile(srcDir);
  return liveConfig
    ? { line: `import { collections } from ${JSON.stringify(liveConfig)};\n`, name: 'collections' }
    : { line: '', name: 'undefined' };
}

/** The product sitemaps' two routes, each handed the site's live collections (the same loader objects). */
function injectSitemapRoutes(
  hook: Pick<SetupHook, 'injectRoute'>,
  dir: URL,
  collections: CollectionsImport,
  settings: ProductSitemapSettings,
  logger: AstroIntegrationLogger,
): void {
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
      `${header}${collections.line}import { ${handler} } from '@sitecontent/astro/on-demand';\nimport settings from './${SETTINGS_MODULE}';\nexport const prerender = false;\nexport const GET = ${handler}(settings, ${collections.name});\n`,
    );
    hook.injectRoute({ pattern, entrypoint: route, prerender: false });
  }
  logger.info(`product sitemaps: ${settings.index}`);
}

/**
 * The preview route `sitecontent preview-link` links to, handed the site's live collections: their
 * entries' URLs are where it redirects. Always there: without the secret it opens nothing.
 */
function injectPreviewRoute(
  hook: Pick<SetupHook, 'injectRoute'>,
  dir: URL,
  collections: CollectionsImport,
  logger: AstroIntegrationLogger,
): void {
  const route = new URL('preview-route.mjs', dir);
  writeFileSync(
    route,
    `${header}${collections.line}import { previewRouteHandler } from '@sitecontent/astro/on-demand';\nimport settings from './${SETTINGS_MODULE}';\nexport const prerender = false;\nexport const GET = previewRouteHandler(settings, ${collections.name});\n`,
  );
  hook.injectRoute({ pattern: `${PREVIEW_ROUTE_FOLDER}/[kind]/[id]`, entrypoint: route, prerender: false });
  logger.info(
    `preview links: ${PREVIEW_ROUTE_FOLDER}/<kind>/<id> (open pages when ${PREVIEW_SECRET_ENV} is set)`,
  );
}
