/**
 * What follows a confirmed change: the purge of the pages that show it (through the site's purge
 * endpoint, as `sitecontent purge` sends it) and a static host's build hook. A build hook's URL is
 * its secret, so messages name its origin only.
 */

import { MAX_PURGE_NAMES } from '../purge/purge-body.js';
import { purgePages } from '../purge/purge-request.js';
import { failureDetail } from '../text/shown-text.js';
import type { ChangePages } from './change.js';

/** The site's purge endpoint: `SITECONTENT_SITE_URL` and `SITECONTENT_PURGE_TOKEN`. */
export interface PurgeSettings {
  siteUrl: string;
  token: string;
  /** The endpoint's path. @default '/_sitecontent/purge' */
  path?: string;
}

/** A section `tx` the purge body accepts (a section named otherwise has no tagged page to purge). */
const PURGEABLE_TX = /^[^\s,]{1,256}$/;

/**
 * Purges `pages`, at most {@link MAX_PURGE_NAMES} names of each kind a request; resolves with the
 * requests sent, rejects with the first `PurgeError`.
 */
export async function purgeChangedPages(settings: PurgeSettings, pages: ChangePages): Promise<number> {
  const sections = pages.sections.filter((tx) => PURGEABLE_TX.test(tx));
  const rounds = Math.ceil(
    Math.max(pages.products.length, pages.articles.length, sections.length) / MAX_PURGE_NAMES,
  );
  for (let r = 0; r < rounds; r++) {
    const slice = <T>(list: T[]) => list.slice(r * MAX_PURGE_NAMES, (r + 1) * MAX_PURGE_NAMES);
    await purgePages({
      siteUrl: settings.siteUrl,
      token: settings.token,
      targets: {
        products: slice(pages.products),
        articles: slice(pages.articles),
        sections: slice(sections),
      },
      ...(settings.path ? { path: settings.path } : {}),
    });
  }
  return rounds;
}

/** A build hook did not answer 2xx, or could not be reached. */
export class BuildHookError extends Error {
  override readonly name = 'BuildHookError';
  readonly code = 'build_hook_failed';
}

/** The hook's origin and a mark for its secret path: `https://api.netlify.com/…`. */
export const shownHook = (url: string): string => `${new URL(url).origin}/…`;

/** POSTs to a static host's build hook (Netlify, Vercel, Cloudflare Pages take an empty POST). */
export async function postBuildHook(url: string, timeoutMs = 30_000): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const detail = failureDetail(error).replaceAll(url, shownHook(url));
    throw new BuildHookError(`build hook at ${shownHook(url)} failed: ${detail}`, { cause: error });
  }
  await response.body?.cancel();
  if (response.status < 200 || response.status > 299) {
    throw new BuildHookError(`build hook at ${shownHook(url)} failed: HTTP ${response.status}`);
  }
}
