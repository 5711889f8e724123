/**
 * `siteContent()`: the Astro integration. It declares the `astro:env` schema, shares one client
 * (and so one concurrency bound and one back-off gate) with every loader of the project, sets
 * `site` from `site/DomainDefault` when the user has not, allows the site's domain for `<Image>`
 * and, in dev, mounts the refresh endpoint. With `metaWriteBack`, it plans (and with
 * `SITECONTENT_WRITE=1` writes) the pages' meta at `astro:build:done` (meta-write-back.ts).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { z } from 'zod';
import {
  DEFAULT_CONCURRENCY,
  readEnv,
  registerIntegration,
  releaseIntegration,
  resolveConnection,
  type SharedSettings,
  sharedClient,
} from './connection.js';
import {
  type MetaWriteBackOption,
  metaWriteBackOptionSchema,
  runBuildMetaWriteBack,
} from './meta-write-back.js';
import { validateOptions } from './options.js';
import { createRefreshHandler, DEFAULT_REFRESH_PATH, REFRESH_TOKEN_ENV } from './refresh-endpoint.js';

export interface SiteContentOptions {
  /** Service root. @default `SITECONTENT_BASE_URL` */
  baseUrl?: string;
  /** Site number. @default `SITECONTENT_SID` */
  sid?: number;
  /** API key. Prefer the `SITECONTENT_API_KEY` environment variable (`.env`) over code. @default `SITECONTENT_API_KEY` */
  apiKey?: string;
  /**
   * Requests in flight at once across every collection (one shared bound; the client lowers it
   * adaptively on 429/503). @default 32 (the client's own default is 16; see the README)
   */
  concurrency?: number;
  /** Per-request timeout in ms. @default the client's (30000) */
  timeoutMs?: number;
  /** Retries of a failed idempotent request. @default the client's (4) */
  retries?: number;
  /** How `param` is encoded in POST bodies. @default 'form-brackets' */
  paramEncoding?: 'form-brackets' | 'form-json' | 'json';
  /** Set Astro's `site` to `https://` + `site/DomainDefault` when the config has none. @default true */
  setSite?: boolean;
  /** Add the site's domain to `image.remotePatterns` so `<Image>` can optimise product photos. @default true */
  remoteImages?: boolean;
  /** Dev refresh endpoint path, or `false` to disable it. Needs `SITECONTENT_REFRESH_TOKEN`. @default '/_sitecontent/refresh' */
  refreshEndpoint?: string | false;
  /**
   * Build-time meta write-back: at the end of `astro build`, compute the desired meta of the pages
   * from the loaded entries, log the plan and write it when `SITECONTENT_WRITE=1`. @default off
   */
  metaWriteBack?: MetaWriteBackOption;
}

export const siteContentDefaults = {
  concurrency: DEFAULT_CONCURRENCY,
  setSite: true,
  remoteImages: true,
  refreshEndpoint: DEFAULT_REFRESH_PATH,
} satisfies SiteContentOptions;

export const siteContentOptionsSchema = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  sid: z.number().int().positive().optional(),
  apiKey: z.string().min(1, 'must not be empty').optional(),
  concurrency: z.number().int().min(1).max(256).optional(),
  timeoutMs: z.number().int().positive().optional(),
  retries: z.number().int().min(0).max(10).optional(),
  paramEncoding: z.enum(['form-brackets', 'form-json', 'json']).optional(),
  setSite: z.boolean().optional(),
  remoteImages: z.boolean().optional(),
  refreshEndpoint: z.union([z.literal(false), z.string().startsWith('/', 'must start with /')]).optional(),
  metaWriteBack: metaWriteBackOptionSchema.optional(),
});

// The env schema is written as the plain objects `envField.string()` / `envField.number()` return:
// importing `astro/config` here would pull Vite into every page bundle that imports this package.
const ENV_NAMES = [
  'SITECONTENT_BASE_URL',
  'SITECONTENT_API_KEY',
  'SITECONTENT_SID',
  REFRESH_TOKEN_ENV,
] as const;
const DOMAIN_TIMEOUT_MS = 15_000;

async function rememberDomain(file: URL, domain: string): Promise<void> {
  try {
    await mkdir(new URL('.', file), { recursive: true });
    await writeFile(file, JSON.stringify({ domain }));
  } catch {
    // A read-only cache dir only loses the fallback.
  }
}

async function recallDomain(file: URL): Promise<string | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { domain?: unknown };
    return typeof parsed.domain === 'string' && parsed.domain ? parsed.domain : undefined;
  } catch {
    return undefined;
  }
}

export function siteContent(options: SiteContentOptions = {}): AstroIntegration {
  const opts = {
    ...siteContentDefaults,
    ...validateOptions('siteContent', siteContentOptionsSchema, options),
  };
  let root: URL | undefined;
  let settings: SharedSettings | undefined;

  return {
    name: '@sitecontent/astro',
    hooks: {
      'astro:config:setup': async ({ config, command, updateConfig, logger }) => {
        root = config.root;
        const env = readEnv(config.root, command === 'dev' ? 'development' : 'production', ENV_NAMES);
        settings = {
          baseUrl: opts.baseUrl,
          apiKey: opts.apiKey,
          sid: opts.sid,
          concurrency: opts.concurrency,
          timeoutMs: opts.timeoutMs,
          retries: opts.retries,
          paramEncoding: opts.paramEncoding,
          env,
        };
        registerIntegration(config.root, settings, logger);
        updateConfig({
          env: {
            schema: {
              SITECONTENT_API_KEY: { type: 'string', context: 'server', access: 'secret', optional: true },
              SITECONTENT_BASE_URL: { type: 'string', context: 'server', access: 'public', optional: true },
              SITECONTENT_SID: { type: 'number', context: 'server', access: 'public', optional: true },
            },
          },
        });
        const wantSite = opts.setSite && !config.site;
        if (!wantSite && !opts.remoteImages) return;
        let domain: string | undefined;
        const cacheFile = new URL('sitecontent-domain.json', config.cacheDir);
        try {
          const client = sharedClient(resolveConnection('siteContent', {}, config.root), config.root, logger);
          // `site.origin` rather than `site.defaultDomain`: the client keeps the answer for image URLs,
          // so the build's sync does not ask again.
          const origin = await client.site.origin({
            refresh: true,
            signal: AbortSignal.timeout(DOMAIN_TIMEOUT_MS),
          });
          domain = origin.replace(/^https:\/\//, '');
          await rememberDomain(cacheFile, domain);
        } catch (error) {
          // The service being down must not change the Astro config: a different `site` makes Astro
          // wipe the data store, and keep-stale would have nothing left to keep. Use the last domain.
          domain = await recallDomain(cacheFile);
          logger.warn(
            `could not read the site's domain (site/DomainDefault): ${(error as Error).message}; ` +
              (domain
                ? `using ${domain} from the last successful build`
                : `${wantSite ? '`site` stays unset and ' : ''}remote images are not allowed automatically`),
          );
          if (!domain) return;
        }
        if (wantSite) {
          updateConfig({ site: `https://${domain}` });
          logger.info(`site set to https://${domain} (site/DomainDefault)`);
        }
        if (opts.remoteImages) {
          updateConfig({ image: { remotePatterns: [{ protocol: 'https', hostname: domain }] } });
        }
      },
      'astro:config:done': ({ config }) => {
        if (settings && config.site) settings.siteOrigin = new URL(config.site).origin;
      },
      'astro:server:setup': ({ server, refreshContent, logger }) => {
        if (opts.refreshEndpoint === false || !refreshContent) return;
        const token = settings?.env[REFRESH_TOKEN_ENV];
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
        if (root) await releaseIntegration(root);
      },
      'astro:build:done': async ({ logger }) => {
        if (!root) return;
        try {
          // Before releasing: the write-back uses the shared client (one bound, one back-off gate).
          if (opts.metaWriteBack) await runBuildMetaWriteBack(root, opts.metaWriteBack, logger);
        } finally {
          await releaseIntegration(root);
        }
      },
    },
  };
}
