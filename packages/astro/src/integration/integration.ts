/**
 * `siteContent()`: the Astro integration. It declares the `astro:env` schema, shares one client
 * (and so one concurrency bound and one back-off gate) with every loader of the project, sets
 * `site` from `site/DomainDefault` when the user has not, allows the site's domain for `<Image>`
 * and, in dev, mounts the refresh endpoint. With `metaWriteBack`, it plans (and with
 * `SITECONTENT_WRITE=1` writes) the pages' meta at `astro:build:done` (meta-write-back.ts).
 */
import type { AstroIntegration } from 'astro';
import { REFETCH_META_ENV } from '../load/meta-lookup.js';
import { resolveSiteContentOptions, type SiteContentOptions } from '../options/integration-options.js';
import { openProject } from '../project/open-projects.js';
import type { Project } from '../project/project.js';
import { projectSettingsOf } from '../project/project-settings.js';
import { readEnv } from './env-files.js';
import { runBuildMetaWriteBack } from './meta-write-back.js';
import { setUpOnDemand } from './on-demand-setup.js';
import { PURGE_AFTER_WRITE_ENV } from './purge-written-meta.js';
import { createRefreshHandler, REFRESH_TOKEN_ENV } from './refresh-endpoint.js';
import { siteDomain } from './site-domain.js';

// The env schema is written as the plain objects `envField.string()` / `envField.number()` return:
// importing `astro/config` here would pull Vite into every page bundle that imports this package.
const ENV_NAMES = [
  'SITECONTENT_BASE_URL',
  'SITECONTENT_API_KEY',
  'SITECONTENT_SID',
  REFRESH_TOKEN_ENV,
  REFETCH_META_ENV,
  ...PURGE_AFTER_WRITE_ENV,
] as const;

export function siteContent(options: SiteContentOptions = {}): AstroIntegration {
  const opts = resolveSiteContentOptions(options);
  let root: URL | undefined;
  let cacheDir: URL | undefined;
  let project: Project | undefined;

  return {
    name: '@sitecontent/astro',
    hooks: {
      'astro:config:setup': async (hook) => {
        const { config, command, updateConfig, logger } = hook;
        root = config.root;
        cacheDir = config.cacheDir;
        const env = readEnv(config.root, command === 'dev' ? 'development' : 'production', ENV_NAMES);
        const settings = projectSettingsOf(opts, env, config.cacheDir);
        // Live loaders run in this process only where it serves pages.
        const serves = command === 'dev' || command === 'preview';
        const opened = openProject(config.root, settings, logger, serves);
        project = opened;
        // Loaders keep a copy of their entries for the write-back only when there is one.
        if (opts.metaWriteBack) opened.startBuildRecord();
        updateConfig({
          env: {
            schema: {
              SITECONTENT_API_KEY: { type: 'string', context: 'server', access: 'secret', optional: true },
              // Secret, though not confidential: a public value is inlined into every page's module graph,
              // so a different service URL (the embedded emulator's random port) would invalidate every
              // page of an incremental build.
              SITECONTENT_BASE_URL: { type: 'string', context: 'server', access: 'secret', optional: true },
              SITECONTENT_SID: { type: 'number', context: 'server', access: 'public', optional: true },
            },
          },
        });
        setUpOnDemand(hook, opts.onDemand, logger);
        // `astro preview` serves what the build wrote: nothing of the service is needed.
        if (command === 'preview') return;
        const wantSite = opts.setSite && !config.site;
        if (!wantSite && !opts.remoteImages) return;
        const { domain, error } = await siteDomain(() => opened.client('siteContent'), config.cacheDir);
        if (error !== undefined) {
          logger.warn(
            `could not read the site's domain (site/DomainDefault): ${(error as Error).message}; ` +
              (domain
                ? `using ${domain} from the last successful build`
                : `${wantSite ? '`site` stays unset and ' : ''}remote images are not allowed automatically`),
          );
        }
        if (!domain) return;
        if (wantSite) {
          updateConfig({ site: `https://${domain}` });
          const from =
            error === undefined ? 'site/DomainDefault' : 'remembered from the last successful build';
          logger.info(`site set to https://${domain} (${from})`);
        }
        if (opts.remoteImages) {
          updateConfig({ image: { remotePatterns: [{ protocol: 'https', hostname: domain }] } });
        }
      },
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
        if (project && config.site) project.siteOrigin = new URL(config.site).origin;
      },
      'astro:server:setup': ({ server, refreshContent, logger }) => {
        // Vite restarts the dev server when a `.env` file changes, which runs this hook again but not
        // `astro:config:setup`: read the files again, or a new key or token would wait for a restart.
        if (project && root) {
          const changed = project.rereadEnv(readEnv(root, 'development', ENV_NAMES), ENV_NAMES);
          if (changed.length > 0) logger.info(`.env read again: ${changed.join(', ')} changed`);
        }
        if (opts.refreshEndpoint === false || !refreshContent) return;
        const token = project?.settings.env[REFRESH_TOKEN_ENV];
        if (!token) {
          logger.info(
            `refresh endpoint off: set ${REFRESH_TOKEN_ENV} to enable POST ${opts.refreshEndpoint}`,
          );
          return;
        }
        const handler = createRefreshHandler({ token, refreshContent, logger });
        const path = opts.refreshEndpoint;
        server.middlewares.use((req, res, next) => {
          const pathname = (req.url ?? '').split('?')[0];
          if (pathname !== path) {
            next();
            return;
          }
          handler(req, res).catch(next);
        });
        logger.info(`refresh endpoint: POST ${path}`);
      },
      'astro:server:done': async () => {
        await project?.close();
      },
      'astro:build:done': async ({ logger }) => {
        if (!project) return;
        const stale = project.takeKeptStale();
        if (stale.length > 0) {
          logger.warn(
            `this build shows the previous sync's entries of ${stale.join(', ')}: the service failed ` +
              "for them (see the warnings above); onError: 'fail' fails such a build instead",
          );
        }
        try {
          // Before releasing: the write-back uses the shared client (one bound, one back-off gate).
          if (opts.metaWriteBack && cacheDir) {
            await runBuildMetaWriteBack(project, cacheDir, opts.metaWriteBack, logger);
          }
        } finally {
          await project.close();
        }
      },
    },
  };
}
