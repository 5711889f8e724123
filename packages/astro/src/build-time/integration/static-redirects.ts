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

/**
 * The history the last build of the project at `root` left in the cache folder. A cache folder
 * may be shared by several projects (one `node_modules/.astro`): another project's is none, as is
 * an unreadable one (an older package's).
 */
export function readHistorySnapshot(cacheDir: URL, root: URL): UrlHistory | undefined {
  const file = fileURLToPath(new URL(SNAPSHOT, cacheDir));
  if (!existsSync(file)) return undefined;
  try {
    const { root: owner, history } = JSON.parse(readFileSync(file, 'utf8')) as {
      root?: unknown;
      history?: unknown;
    };
    if (owner !== fileURLToPath(root)) return undefined;
    return parseUrlHistory(JSON.stringify(history), SNAPSHOT);
  } catch {
    return undefined;
  }
}

export function writeHistorySnapshot(cacheDir: URL, root: URL, history: UrlHistory): void {
  mkdirSync(fileURLToPath(cacheDir), { recursive: true });
  writeFileSync(new URL(SNAPSHOT, cacheDir), JSON.stringify({ root: fileURLToPath(root), history }));
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

/** Redirects of the config whose source is a page's URL again after this build's sync (a section renamed back). */
function redirectsRetaken(history: UrlHistory, inConfig: ReadonlySet<string>): string[] {
  const current = new Set(
    Object.values(history.pages)
      .filter((page) => !page.gone)
      .map((page) => routePath(page.urls.at(-1) as string)),
  );
  return [...inConfig].filter((from) => current.has(from));
}

/** Astro's redirect page (core/routing/3xx.js), so a static host answers an old URL the same way. */
function redirectPage(to: string, absolute: string): string {
  const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const rel = escaped(to);
  return `<!doctype html>\n<title>Redirecting to: ${rel}</title>\n<meta http-equiv="refresh" content="0;url=${rel}">\n<meta name="robots" content="noindex">\n<link rel="canonical" href="${escaped(absolute)}">\n<body>\n\t<a href="${rel}">Redirecting to <code>${rel}</code></a>\n</body>`;
}

interface BuiltOutput {
  dir: URL;
  /** The history after this build's sync. */
  history: UrlHistory;
  /** The redirects the config got. */
  inConfig: ReadonlySet<string>;
  layout: OutputLayout;
  site: string | undefined;
  static: boolean;
  logger: AstroIntegrationLogger;
}

/**
 * At the end of a build: a static output gets the redirect pages of the moves its sync found; a
 * URL that is a page again but got a redirect from the config (Astro made its routes before the
 * sync, so this build serves the redirect there) is named, and the next build serves the page.
 */
export function settleRedirects(options: BuiltOutput): void {
  if (options.static) writeRedirectPages(options);
  const retaken = redirectsRetaken(options.history, options.inConfig);
  if (retaken.length > 0) {
    options.logger.warn(
      `URL history: ${retaken.join(', ')} ${retaken.length === 1 ? 'is a page' : 'are pages'} again, but this ` +
        'build redirects there (Astro reads redirects before the content sync); the next build serves the pages',
    );
  }
}

/**
 * Writes a redirect page into `dir` for each redirect of `history` the config did not have, where
 * the build wrote no file; returns how many it wrote.
 */
function writeRedirectPages(options: BuiltOutput): number {
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
