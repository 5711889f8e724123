/**
 * `siteContent()`: declares the `astro:env` schema, opens the project whose clients the loaders
 * share, sets `site` from `site/DomainDefault`, allows the site's domain for `<Image>`, mounts the dev
 * refresh endpoint, follows the catalog and adds a toolbar app in `astro dev` and, with `metaWriteBack`,
 * plans and writes the pages' meta at the end.
 */

import { fileURLToPath } from 'node:url';
import { DEBUG_ENV, PREVIEW_SECRET_ENV, userSecretProblems } from '@sitecontent/client/internal';
import type { AstroIntegration } from 'astro';
import { readUrlStyle } from '../../entries/page-url.js';
import { resolveSiteContentOptions, type SiteContentOptions } from '../../options/integration-options.js';
import { keepPageFacts, openProject, pageFactsWanted } from '../../project/open-projects.js';
import { collectPageFacts } from '../../project/page-facts.js';
import type { Project } from '../../project/project.js';
import { makeProjectSettings } from '../../project/project-settings.js';
import { DevServer } from '../dev-server/dev-server.js';
import { REFETCH_META_ENV } from '../load-run/meta-lookup.js';
import type { OutputLayout } from '../seo-check/page-file.js';
import { seoCheckIntegration } from '../seo-check/seo-check-integration.js';
import { pageSearchImages } from '../sitemap-facts/page-images.js';
import { checkBuildDomains } from './domain-check.js';
import { readEnv } from './env-files.js';
import { runBuildMetaWriteBack } from './meta-write-back.js';
import { setUpOnDemand, type WriteUrlHistory } from './on-demand-setup.js';
import { PURGE_AFTER_WRITE_ENV } from './purge-written-meta.js';
import { mountRefreshEndpoint, REFRESH_TOKEN_ENV } from './refresh-endpoint.js';
import { rememberedOrigin } from './remembered-domain.js';
import { writeBuildSearchIndex } from './search-output.js';
import { applySiteDomain } from './site-domain.js';
import { sitemapIncludeCheck } from './sitemap-include-check.js';
import { staleBuildSummary } from './stale-build-summary.js';
import { readHistorySnapshot, writeHistorySnapshot, writeRedirectPages } from './static-redirects.js';
import { readUrlHistoryFile, writeUrlHistoryFile } from './url-history-file.js';

// The env schema is written as the plain objects `envField.string()` / `envField.number()` return:
// importing `astro/config` here would pull Vite into every page bundle that imports this package.
const ENV_NAMES = [
  DEBUG_ENV,
  PREVIEW_SECRET_ENV,
  'SITECONTENT_BASE_URL',
  'SITECONTENT_API_KEY',
  'SITECONTENT_SID',
  REFRESH_TOKEN_ENV,
  REFETCH_META_ENV,
  ...PURGE_AFTER_WRITE_ENV,
] as const;

/** What `siteContent()` declares in `astro:env`: the connection, the key secret. */
const ENV_SCHEMA = {
  SITECONTENT_API_KEY: { type: 'string', context: 'server', access: 'secret', optional: true },
  // Secret, though not confidential: a public value is inlined into every page's module graph, so a
  // different service URL (the embedded emulator's random port) would invalidate every page of an
  // incremental build.
  SITECONTENT_BASE_URL: { type: 'string', context: 'server', access: 'secret', optional: true },
  SITECONTENT_SID: { type: 'number', context: 'server', access: 'public', optional: true },
} as const;

export function siteContent(options: SiteContentOptions = {}): AstroIntegration {
  const opts = resolveSiteContentOptions(options);
  let root: URL | undefined;
  let cacheDir: URL | undefined;
  let project: Project | undefined;
  let writeHistory: WriteUrlHistory | undefined;
  let output: { layout: OutputLayout; site: string | undefined } | undefined;
  const devServer = new DevServer(opts.dev, () => project);

  return {
    name: '@sitecontent/astro',
    hooks: {
      'astro:config:setup': async (hook) => {
        const { config, command, updateConfig, logger } = hook;
        root = config.root;
        cacheDir = config.cacheDir;
        const env = readEnv(config.root, command === 'dev' ? 'development' : 'production', ENV_NAMES);
        // Said at start; the purge endpoint, preview links and the purge after a meta write refuse it.
        for (const problem of userSecretProblems(env)) logger.warn(`${problem}; it is refused until then`);
        // Live loaders run in this process only where it serves pages.
        const serves = command === 'dev' || command === 'preview';
        const opened = openProject(
          config.root,
          makeProjectSettings(opts, env, () => (cacheDir ? rememberedOrigin(cacheDir) : undefined)),
          logger,
          serves,
        );
        project = opened;
        // Loaders keep a copy of their entries for the write-back or the sitemap's facts only when wanted.
        if (opts.metaWriteBack || (command === 'build' && (opts.search || pageFactsWanted())))
          opened.startBuildRecord();
        updateConfig({ env: { schema: ENV_SCHEMA } });
        devServer.setUp(command, hook.addDevToolbarApp);
        // Appended, so it runs after every listed integration (the sitemap's) has written its files.
        if (command === 'build' && opts.seoCheck !== 'off') {
          updateConfig({ integrations: [seoCheckIntegration(opts.seoCheck)] });
        }
        const known = [
          opts.urlHistoryFile ? readUrlHistoryFile(config.root, opts.urlHistoryFile) : undefined,
          readHistorySnapshot(config.cacheDir, config.root),
        ];
        for (const history of known) if (history) opened.noteUrlHistory(history);
        writeHistory = setUpOnDemand(hook, opts.onDemand, logger);
        // Appended too: it reads the sitemap index @astrojs/sitemap writes.
        const { sitemap } = opts.onDemand;
        if (command === 'build' && config.cache?.provider && sitemap && sitemap.include.length > 0) {
          updateConfig({ integrations: [sitemapIncludeCheck(sitemap.include)] });
        }
        // `astro preview` serves what the build wrote: nothing of the service is needed.
        if (command === 'preview') return;
        await applySiteDomain({
          client: () => opened.client('siteContent'),
          config,
          setSite: opts.setSite,
          remoteImages: opts.remoteImages,
          updateConfig,
          logger,
        });
      },
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
        output = {
          layout: { format: config.build.format, trailingSlash: config.trailingSlash, base: config.base },
          site: config.site,
        };
        project?.settleUrls(config.site, readUrlStyle(config));
      },
      'astro:server:setup': ({ server, toolbar, refreshContent, logger }) => {
        // Vite restarts the dev server when a `.env` file changes, which runs this hook again but not
        // `astro:config:setup`: read the files again, or a new key or token would wait for a restart.
        if (project && root) {
          const changed = project.rereadEnv(readEnv(root, 'development', ENV_NAMES), ENV_NAMES);
          if (changed.length > 0) logger.info(`.env read again: ${changed.join(', ')} changed`);
        }
        if (refreshContent) devServer.start({ toolbar, refreshContent, logger });
        if (opts.refreshEndpoint === false || !refreshContent) return;
        mountRefreshEndpoint(server.middlewares, {
          path: opts.refreshEndpoint,
          token: project?.settings.env[REFRESH_TOKEN_ENV],
          refreshContent,
          logger,
        });
      },
      // After the content sync, before the server is bundled: it answers gone pages by this history.
      'astro:build:start': async ({ logger }) => {
        if (project) writeHistory?.(project.urlHistory);
        // Once a build, never in `astro dev`: the main domain expiring, expired or inactive.
        if (project && opts.domainCheck !== false) {
          const opened = project;
          await checkBuildDomains(() => opened.client('siteContent'), opts.domainCheck, logger);
        }
      },
      'astro:server:done': async () => {
        devServer.stop();
        await project?.close();
      },
      'astro:build:done': async ({ logger, dir }) => {
        if (!project) return;
        // Before the SEO check (an integration appended after this one) reads the output. A site
        // with the on-demand middleware answers old URLs there instead, by the same history: a file
        // would shadow a page that moves back on demand.
        if (output && !writeHistory)
          writeRedirectPages({ ...output, dir, history: project.urlHistory, logger });
        if (cacheDir && root) writeHistorySnapshot(cacheDir, root, project.urlHistory);
        const staleSummary = staleBuildSummary(project.takeKeptStale());
        if (staleSummary !== undefined) logger.warn(staleSummary);
        if (opts.urlHistoryFile && root)
          writeUrlHistoryFile(root, opts.urlHistoryFile, project.urlHistory, logger);
        const record = project.buildRecord;
        try {
          // Before the SEO check and the sitemap read the output; from the entries the build recorded.
          if (opts.search && record && output) {
            await writeBuildSearchIndex({
              loadedEntries: (kind) => record.loadedEntries(kind),
              options: opts.search,
              outDir: fileURLToPath(dir),
              layout: output.layout,
              site: output.site,
              logger,
            });
          }
          // Before closing: the write-back uses the project's client (one bound, one back-off gate).
          if (opts.metaWriteBack && cacheDir) {
            await runBuildMetaWriteBack(project, cacheDir, opts.metaWriteBack, logger);
          }
        } finally {
          // Before the record ends: @astrojs/sitemap's hook, after this one, reads the facts.
          if (record && pageFactsWanted()) {
            const facts = collectPageFacts((kind) => record.loadedEntries(kind));
            const searchImages =
              output && pageSearchImages(fileURLToPath(dir), output.layout, facts.photos.keys());
            keepPageFacts({ ...facts, ...(searchImages ? { searchImages } : {}) });
          }
          // What the service was asked, in one line (SITECONTENT_DEBUG=1 shows each request).
          if (project.requests.total > 0) logger.info(project.requests.summary());
          await project.close();
        }
      },
    },
  };
}
