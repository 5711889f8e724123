/**
 * Old URLs of a built site (docs/architecture.md, "URL history"): each becomes a redirect page to
 * its page's current URL, written at the end of the build from the history after this build's sync.
 * Not Astro's `redirects`: Astro reads them before the content sync, so a redirect known then could
 * take the URL of a page the sync finds there again (an editor's undo) and fail the deploy.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { historyRedirects, parseUrlHistory, type UrlHistory } from '../../entries/url-history.js';
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
  layout: OutputLayout;
  site: string | undefined;
  logger: AstroIntegrationLogger;
}

/**
 * Writes a redirect page into `dir` for each redirect of `history`, where the build wrote no file
 * (a page, or a redirect of the site's own config); returns how many it wrote.
 */
export function writeRedirectPages(options: BuiltOutput): number {
  const { dir, history, layout, site, logger } = options;
  const outDir = fileURLToPath(dir);
  let written = 0;
  for (const [from, to] of historyRedirects(history)) {
    const [file] = pageFileCandidates(from, layout);
    if (file === undefined || existsSync(path.join(outDir, file))) continue;
    const target = path.join(outDir, ...file.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, redirectPage(to, site ? new URL(to, site).href : to));
    written++;
  }
  if (written > 0) logger.info(`URL history: ${written} redirect pages for URLs whose pages moved`);
  return written;
}
