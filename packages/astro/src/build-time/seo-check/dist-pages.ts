/** The HTML pages of a build's output directory, and the text of each, one page in memory at a time. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every `.html` under `outDir`, relative, sorted: one synchronous walk, much faster than the promise-based one. */
export function listPages(outDir: string): string[] {
  const entries = readdirSync(outDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** A page's whole text: the link audit reads the body, the other rules the head. */
export function readPage(file: string): string {
  return readFileSync(file, 'utf8');
}
