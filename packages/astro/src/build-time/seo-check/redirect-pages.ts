/**
 * The redirect pages of a build: Astro's for its `redirects` (which the URL history fills) and the
 * integration's for URLs the sync found moved (integration/static-redirects.ts). A sitemap URL, a
 * canonical or a link that names one sends visitors and crawlers through a hop: the SEO check fails it.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';

/** Larger files are pages: a redirect page is a few hundred bytes. */
const MAX_REDIRECT_PAGE = 2048;
const REFRESH = /<meta http-equiv="refresh" content="\d+;url=([^"]*)"/i;

/** Redirect pages of `files` (relative to `outDir`), each with the URL it sends to as written. */
export function readRedirectPages(outDir: string, files: readonly string[]): Map<string, string> {
  const redirects = new Map<string, string>();
  const buffer = Buffer.alloc(MAX_REDIRECT_PAGE);
  for (const file of files) {
    const full = path.join(outDir, ...file.split('/'));
    if (statSync(full).size > MAX_REDIRECT_PAGE) continue;
    const fd = openSync(full, 'r');
    try {
      const text = buffer.toString('utf8', 0, readSync(fd, buffer, 0, MAX_REDIRECT_PAGE, 0));
      const to = REFRESH.exec(text)?.[1];
      if (to !== undefined) redirects.set(file, to.replaceAll('&#38;', '&').replaceAll('&amp;', '&'));
    } finally {
      closeSync(fd);
    }
  }
  return redirects;
}

/** Where a page URL's file redirects to, when one of its candidate files is a redirect page. */
export function readRedirect(
  candidates: readonly string[],
  redirects: ReadonlyMap<string, string>,
): string | undefined {
  for (const file of candidates) {
    const to = redirects.get(file);
    if (to !== undefined) return to;
  }
  return undefined;
}
