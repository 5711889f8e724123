/** The HTML pages of a build's output directory, read a bounded number at a time. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files read at once: enough to keep the disk and the parser busy on 2 cores, few enough that
 * 10,000 pages never hold more than a handful of files in memory.
 */
export const READ_CONCURRENCY = 16;

/** Every `.html` file under `outDir`, relative, with `/`, sorted. */
export async function listPages(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Calls `visit` with each page's text, at most `READ_CONCURRENCY` at a time; results in page order. */
export async function mapPages<T>(
  outDir: string,
  pages: readonly string[],
  visit: (page: string, html: string) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(pages.length);
  let next = 0;
  const worker = async () => {
    while (next < pages.length) {
      const i = next++;
      const page = pages[i] as string;
      results[i] = await visit(page, await readFile(path.join(outDir, page), 'utf8'));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, pages.length) }, worker));
  return results;
}
