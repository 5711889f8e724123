/**
 * Reads a response body as text, counting bytes as they arrive: past `limitBytes` the body is
 * destroyed (undici then drops the connection) and the read fails with a ResponseTooLargeError,
 * so a hostile or broken service cannot make the client hold more than the limit. A
 * `Content-Length` over the limit fails before a byte is read.
 *
 * The bytes go into one growing buffer (sized from `Content-Length` when there is one) and are
 * decoded once at the end: an all-ASCII body, the usual JSON, then becomes a one-byte string,
 * half the size of the two-byte strings a streaming `TextDecoder` makes.
 */
import type { Dispatcher } from 'undici';
import { ResponseTooLargeError } from '../errors/response-too-large-error.js';

export interface BodyLimit {
  operation: string;
  /** Redacted request URL, for the error. */
  url: string;
  limitBytes: number;
}

const FIRST_CAPACITY = 64 * 1024;

export async function readBody(res: Dispatcher.ResponseData, limit: BodyLimit): Promise<string> {
  const tooLarge = (measuredBy: 'content-length' | 'stream') => {
    res.body.destroy();
    return new ResponseTooLargeError({
      operation: limit.operation,
      url: limit.url,
      status: res.statusCode,
      limitBytes: limit.limitBytes,
      measuredBy,
    });
  };
  const announced = Number(res.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(announced) && announced > limit.limitBytes) throw tooLarge('content-length');

  let buffer = Buffer.allocUnsafe(Number.isFinite(announced) ? announced : FIRST_CAPACITY);
  let length = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    const needed = length + chunk.length;
    if (needed > limit.limitBytes) throw tooLarge('stream');
    if (needed > buffer.length) {
      // Doubling keeps copies amortised; never beyond the limit, which no body may pass.
      const grown = Buffer.allocUnsafe(Math.min(limit.limitBytes, Math.max(needed, buffer.length * 2)));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    chunk.copy(buffer, length);
    length = needed;
  }
  // A UTF-8 byte order mark is not part of the text (undici's `body.text()` drops it too).
  const start = length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  return buffer.toString('utf8', start, length);
}
