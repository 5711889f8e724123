/** The HTML pages of a build's output directory, and the head of each, one page in memory at a time. */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { HEAD_END } from './page-head.js';

/**
 * Every `.html` file under `outDir`, relative, with `/`, sorted. One synchronous walk: the
 * promise-based recursive `readdir` takes several times as long for 10,000 pages.
 */
export function listPages(outDir: string): string[] {
  const entries = readdirSync(outDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Bytes read at a time: a whole head in one read for most pages. */
const CHUNK = 16 * 1024;
const chunk = Buffer.allocUnsafe(CHUNK);

/**
 * The start of a page up to the end of its head (or all of it when it has no head end): the body,
 * most of a page, is neither read nor decoded. Synchronous, one page at a time: for files this
 * small, a round trip through libuv's thread pool costs more than the read itself (asynchronous
 * reads, 16 at a time, took twice as long for 10,000 pages: bench/seo-check.mjs).
 */
export function readHead(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const decoder = new StringDecoder('utf8');
    let text = '';
    for (let position = 0; ; ) {
      const bytesRead = readSync(fd, chunk, 0, CHUNK, position);
      if (bytesRead === 0) return text + decoder.end();
      position += bytesRead;
      text += decoder.write(chunk.subarray(0, bytesRead));
      if (HEAD_END.test(text)) return text;
    }
  } finally {
    closeSync(fd);
  }
}
