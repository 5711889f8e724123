/**
 * The site's domain at config time (`site/DomainDefault`), for `site` and `image.remotePatterns`.
 * The last answer is kept in Astro's cache dir: the service being down must not change the Astro
 * config, because a different `site` makes Astro wipe the data store, and keep-stale would have
 * nothing left to keep.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { SiteContentClient } from '@sitecontent/client';
import { DOMAIN_FILE, domainIn } from '../project/remembered-domain.js';

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
