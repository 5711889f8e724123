/**
 * The demo shop's photos at `/img/…`, where the shop's own site serves them (a product photo's URL is
 * the site's domain + `path` + file). The demo's domain, shop.example, is no real host, so a site
 * built against the emulator reads them here instead (`pageImages()`'s `readFrom`). They are the
 * site's files, not the interface: no key, no faults, no request counts. Only files under
 * assets/img, only GET and HEAD.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { demoAssetsDir } from './assets.js';

const PHOTOS_DIR = path.join(demoAssetsDir, 'img');
const PREFIX = '/img/';
const TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};
const HEADERS = {
  // A freshness, as a shop's photos have: Astro keeps a remote image's variants in its cache folder
  // only for an answer that has one, so a rebuild does not read them again.
  'cache-control': 'public, max-age=86400',
  'x-content-type-options': 'nosniff',
  // An SVG opened on its own runs nothing.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};

/** Whether `url` (a request's) names the photos' folder: those requests are {@link answerPhoto}'s. */
export const isPhotoRequest = (url: string | undefined): boolean => (url ?? '').startsWith(PREFIX);

/** The photo file `url` names under assets/img with its type, or undefined (no such place, a way out). */
function photoFile(url: string): { file: string; type: string } | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://emulator').pathname);
  } catch {
    return undefined;
  }
  const file = path.join(demoAssetsDir, path.normalize(pathname));
  const type = TYPES[path.extname(file).toLowerCase()];
  return type && file.startsWith(PHOTOS_DIR + path.sep) ? { file, type } : undefined;
}

/** Answers a request {@link isPhotoRequest} accepted: the file, a 404 or a 405. */
export async function answerPhoto(req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume();
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const found = photoFile(req.url ?? '/');
  const info = found && (await stat(found.file).catch(() => undefined));
  if (!found || !info?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No such photo\n');
    return;
  }
  res.writeHead(200, { ...HEADERS, 'content-type': found.type, 'content-length': info.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(found.file).pipe(res);
}
