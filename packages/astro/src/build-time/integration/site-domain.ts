/**
 * The site's domain at config time, for `site` and `image.remotePatterns`. The last answer is kept
 * in Astro's cache dir: an outage must not change `site`, which would make Astro wipe the data store.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { SiteContentClient } from '@sitecontent/client';
import type { AstroConfig, AstroIntegrationLogger } from 'astro';
import { isSiteContentAstroError } from '../../errors/guards.js';
import { DOMAIN_FILE, domainIn } from './remembered-domain.js';

const DOMAIN_TIMEOUT_MS = 15_000;

export interface SiteDomain {
  /** The domain to use, if any. */
  domain: string | undefined;
  /** Why the service could not be asked (then `domain` is the one remembered, if any). */
  error?: unknown;
}

/** The domain from the service (remembered for next time), else the one remembered last time. */
export async function siteDomain(connect: () => SiteContentClient, cacheDir: URL): Promise<SiteDomain> {
  const cacheFile = new URL(DOMAIN_FILE, cacheDir);
  try {
    const client = connect();
    // `site.origin` rather than `site.defaultDomain`: the client keeps the answer for image URLs,
    // so the build's sync does not ask again.
    const origin = await client.site.origin({ refresh: true, timeoutMs: DOMAIN_TIMEOUT_MS });
    const domain = new URL(origin).host;
    await rememberDomain(cacheFile, domain);
    return { domain };
  } catch (error) {
    return { domain: await recallDomain(cacheFile), error };
  }
}

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
    return domainIn(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

export interface SiteDomainSetup {
  client: () => SiteContentClient;
  config: Pick<AstroConfig, 'site' | 'cacheDir'>;
  /** The `setSite` option: set `site` when the config has none. */
  setSite: boolean;
  /** The `remoteImages` option: allow the domain in `image.remotePatterns`. */
  remoteImages: boolean;
  updateConfig: (config: Record<string, unknown>) => unknown;
  logger: Pick<AstroIntegrationLogger, 'info' | 'warn'>;
}

/** Sets `site` and allows the site's domain for `<Image>`, as the options ask, at config time. */
export async function applySiteDomain(setup: SiteDomainSetup): Promise<void> {
  const { config, logger, updateConfig } = setup;
  const wantSite = setup.setSite && !config.site;
  if (!wantSite && !setup.remoteImages) return;
  const { domain, error } = await siteDomain(setup.client, config.cacheDir);
  if (isSiteContentAstroError(error, 'missing_connection') && !domain) {
    // A site whose pages are all on demand needs its connection only when serving: not a warning,
    // but what it costs and how to have it anyway.
    logger.info(
      `no connection settings at build time, so the site's domain is not read: ${wantSite ? '`site` stays unset (on-demand pages take their canonical origin from the service when served) and ' : ''}` +
        "the service's image domain is not added to image.remotePatterns (<Image> then leaves its photos " +
        'unoptimized). Fine for a site whose pages are all on demand; to have both, set ' +
        `${wantSite ? '`site` and ' : ''}image.remotePatterns in astro.config.mjs, or the connection settings at build time`,
    );
    return;
  }
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
    const from = error === undefined ? 'site/DomainDefault' : 'remembered from the last successful build';
    logger.info(`site set to https://${domain} (${from})`);
  }
  if (setup.remoteImages) {
    updateConfig({ image: { remotePatterns: [{ protocol: 'https', hostname: domain }] } });
  }
}
