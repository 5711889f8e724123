/**
 * Old URLs of a built site (docs/architecture.md, "URL history"): each becomes a redirect to its
 * page's current URL. Astro takes `redirects` before the content sync, so the config gets those the
 * history knew when the build started (the history file and the last build's copy in the cache
 * folder), which adapters turn into their hosts' redirect files; those this build's sync found are
 * written as Astro's redirect page into a static output at the end, and reach the config next build.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { parseUrlHistory, redirectsOf, type UrlHistory } from '../../entries/url-history.js';
import { type OutputLayout, pageFileCandidates } from '../seo-check/page-file.js';

const SNAPSHOT = 'sitecontent-url-history.json';

/** The history the last build left in the cache folder; none, or unreadable (an older package's), is none. */
export function readHistorySnapshot(cacheDir: URL): UrlHistory | undefined {
  const file = fileURLToPath(new URL(SNAPSHOT, cacheDir));
  if (!existsSync(file)) return undefined;
  try {
    return parseUrlHistory(readFileSync(file, 'utf8'), SNAPSHOT);
  } catch {
    return undefined;
  }
}

export function writeHistorySnapshot(cacheDir: URL, history: UrlHistory): void {
  mkdirSync(fileURLToPath(cacheDir), { recursive: true });
  writeFileSync(new URL(SNAPSHOT, cacheDir), JSON.stringify(history));
}

/** Astro route paths have no trailing slash; the root stays `/`. */
const routePath = (url: string) => url.replace(/(.)\/+$/, '$1');

/** `history`'s redirects for Astro's `redirects`, leaving out the sources the site's config names. */
export function configRedirects(
  history: UrlHistory,
  own: Readonly<Record<string, unknown>>,
): Record<string, { status: 301; destination: string }> {
  const taken = new Set(Object.keys(own).map(routePath));
  const out: Record<string, { status: 301; destination: string }> = {};
  for (const [from, to] of redirectsOf(history)) {
    if (!taken.has(routePath(from))) out[routePath(from)] = { status: 301, destination: to };
  }
  return out;
}

/** Astro's redirect page (core/routing/3xx.js), so a static host answers an old URL the same way. */
function redirectPage(to: string, absolute: string): string {
  const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const rel = escaped(to);
  return `<!doctype html>\n<title>Redirecting to: ${rel}</title>\n<meta http-equiv="refresh" content="0;url=${rel}">\n<meta name="robots" content="noindex">\n<link rel="canonical" href="${escaped(absolute)}">\n<body>\n\t<a href="${rel}">Redirecting to <code>${rel}</code></a>\n</body>`;
}

/**
 * Writes a redirect page into `dir` for each redirect of `history` the config did not have, where
 * the build wrote no file; returns how many it wrote.
 */
export function writeRedirectPages(options: {
  dir: URL;
  history: UrlHistory;
  inConfig: ReadonlySet<string>;
  layout: OutputLayout;
  site: string | undefined;
  logger: AstroIntegrationLogger;
}): number {
  const { dir, history, inConfig, layout, site, logger } = options;
  const outDir = fileURLToPath(dir);
  let written = 0;
  for (const [from, to] of redirectsOf(history)) {
    if (inConfig.has(routePath(from))) continue;
    const [file] = pageFileCandidates(from, layout);
    if (file === undefined || existsSync(path.join(outDir, file))) continue;
    const target = path.join(outDir, ...file.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, redirectPage(to, site ? new URL(to, site).href : to));
    written++;
  }
  if (written > 0) {
    logger.info(
      `URL history: ${written} redirect pages for URLs this build found moved (host redirect files get them next build)`,
    );
  }
  return written;
}
