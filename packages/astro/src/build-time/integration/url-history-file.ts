/**
 * `siteContent({ urlHistoryFile })`: the URL history in a JSON file a user commits, so a pipeline
 * that starts without the build cache still redirects the URLs earlier builds had.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { parseUrlHistory, type UrlHistory, urlHistoryText } from '../../entries/url-history.js';

const historyFilePath = (root: URL, name: string) => fileURLToPath(new URL(name, root));

/** The file's history; none before the first build wrote it. A broken file fails the build, naming it. */
export function readUrlHistoryFile(root: URL, name: string): UrlHistory | undefined {
  const file = historyFilePath(root, name);
  if (!existsSync(file)) return undefined;
  return parseUrlHistory(readFileSync(file, 'utf8'), name);
}

/** Writes `history`, its pages in key order, so a commit shows what changed and nothing else. */
export function writeUrlHistoryFile(
  root: URL,
  name: string,
  history: UrlHistory,
  logger: AstroIntegrationLogger,
): void {
  writeFileSync(historyFilePath(root, name), `${urlHistoryText(history, 1)}\n`);
  logger.info(`URL history: ${Object.keys(history.pages).length} pages in ${name}`);
}
