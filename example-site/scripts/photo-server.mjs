// Serves the demo images the runner copied into example-site/public/ on 127.0.0.1, as a shop's site
// serves its photos: the build reads them from there with astro:assets (remote images), as it would
// read a real shop's photos from its domain. Only files under img/, only GET and HEAD.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES = {
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** The file under `root`/img that `url` names, and its type; `undefined` for anything else. */
function fileOf(root, url) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  const file = path.join(root, path.normalize(pathname));
  const type = TYPES[path.extname(file).toLowerCase()];
  return type && file.startsWith(path.join(root, 'img') + path.sep) ? { file, type } : undefined;
}

/** Starts the server for the files under `root`/img on a free port; its origin and `close()`. */
export async function startPhotoServer(root) {
  const server = createServer(async (request, response) => {
    const found = ['GET', 'HEAD'].includes(request.method ?? '') ? fileOf(root, request.url) : undefined;
    const info = found && (await stat(found.file).catch(() => undefined));
    if (!found || !info?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    // A freshness: Astro keeps a remote image's variants in its cache dir only for an answer that
    // has one, and a rebuild then copies them from there instead of asking again.
    response.writeHead(200, {
      'content-type': found.type,
      'content-length': info.size,
      'cache-control': 'public, max-age=31536000',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(found.file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        })
      ),
  };
}
