import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.js';

/** Bodies beyond the limit are still drained (up to this much) so the client can read the 413. */
const DRAIN_CAP = 64 * 1024 * 1024;

/** Reads the body as text; over `limit` bytes → 413 (see the README: bodies capped at 1 MiB). */
export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const refuse = () => {
      over = true;
      chunks.length = 0;
      reject(new ApiError(413, 'payload_too_large', `Request body exceeds ${limit} bytes`));
    };
    if (Number(req.headers['content-length'] ?? 0) > limit) refuse();
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > DRAIN_CAP) req.destroy();
        return;
      }
      if (size > limit) refuse();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}
