/**
 * Reads a response body as text, counting bytes as they arrive: past `limitBytes` the body is
 * destroyed (undici then drops the connection) and the read fails with a ResponseTooLargeError,
 * so a hostile or broken service cannot make the client hold more than the limit. A
 * `Content-Length` over the limit fails before a byte is read.
 *
 * The bytes are decoded once at the end: an all-ASCII body, the usual JSON, then becomes a one-byte
 * string, half the size of the two-byte strings a streaming `TextDecoder` makes.
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

  if (Number.isFinite(announced)) {
    // The announced length bounds the read (undici fails a body that differs from it), so undici's
    // own collector does: it needs no async iterator per response, a sizeable share of a small read.
    const bytes = await res.body.bytes();
    return decodeUtf8(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  let buffer = Buffer.allocUnsafe(FIRST_CAPACITY);
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
  return decodeUtf8(buffer.subarray(0, length));
}

function decodeUtf8(bytes: Buffer): string {
  // A UTF-8 byte order mark is not part of the text (undici's `body.text()` drops it too).
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return bytes.toString('utf8', start);
}
