import { createServer } from 'node:http';
import { listenLocal } from './local-server.js';

/**
 * A site's purge endpoint as the write-back calls it: records each request's `Authorization`
 * header and JSON body, and answers as `@sitecontent/astro`'s endpoint does (the tags purged).
 */
export async function purgeRecorder() {
  const requests: { authorization: string | undefined; body: Record<string, string[]> }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string[]>;
      requests.push({ authorization: req.headers.authorization, body });
      const purged = Object.entries(body).flatMap(([kind, ids]) =>
        kind === 'tags' ? ids : ids.map((id) => `sitecontent:${kind}:${id}`),
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, purged }));
    });
  });
  return { ...(await listenLocal(server)), requests };
}
