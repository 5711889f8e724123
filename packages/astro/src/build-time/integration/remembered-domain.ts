/** The domain the last `site/DomainDefault` gave, in Astro's cache dir: the fallback when the service is down. */
import { readFileSync } from 'node:fs';
import { isHostName } from '@sitecontent/client/internal';

export const DOMAIN_FILE = 'sitecontent-domain.json';

/** The remembered domain, read at once: the clients' fallback for image URLs during a sync. */
export function rememberedDomain(cacheDir: URL | string): string | undefined {
  try {
    return domainIn(readFileSync(new URL(DOMAIN_FILE, cacheDir), 'utf8'));
  } catch {
    return undefined;
  }
}

/** {@link rememberedDomain} as an origin (`https://<domain>`). */
export function rememberedOrigin(cacheDir: URL | string): string | undefined {
  const domain = rememberedDomain(cacheDir);
  return domain === undefined ? undefined : `https://${domain}`;
}

/** The domain in the remembered file's `text`, when it holds a valid one. */
export function domainIn(text: string): string | undefined {
  const parsed = JSON.parse(text) as { domain?: unknown };
  // The file is ours, but a domain becomes `site`: it passes the same rule as the service's answer.
  return typeof parsed.domain === 'string' && isHostName(parsed.domain) ? parsed.domain : undefined;
}
