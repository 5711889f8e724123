/**
 * The transport of runtimes with only the web `fetch` (workerd, Deno, Bun, browsers): the runtime
 * pools connections; each attempt has its own deadline; the body is capped as on Node (inflated
 * bytes counted), and failures become the same errors (transport.ts).
 */
import { isSiteContentError } from '../errors/guards.js';
import { ResponseFormatError } from '../errors/response-format-error.js';
import { ResponseTooLargeError } from '../errors/response-too-large-error.js';
import { failureDetail } from '../text/shown-text.js';
import {
  bodyText,
  notInflatingReason,
  parseContentEncoding,
  READABLE_ENCODINGS,
  unknownEncodingReason,
} from './body-text.js';
import type { EncodedRequest } from './encode.js';
import { attempt, type RawResponse, type Transport, type TransportSettings } from './transport.js';

export class FetchTransport implements Transport {
  #closed = false;

  constructor(readonly settings: TransportSettings) {}

  /** See {@link Transport.send}. */
  send(operation: string, origin: string, req: EncodedRequest, url: string, signal: AbortSignal) {
    const facts = { operation, url, signal, closed: this.#closed };
    return attempt(this.settings, facts, async (scope): Promise<RawResponse> => {
      const response = await fetch(`${origin}${req.path}`, {
        method: req.method,
        headers: { 'user-agent': this.settings.userAgent, accept: 'application/json', ...req.headers },
        ...(req.body === undefined ? {} : { body: req.body }),
        // The service answers; a redirect is its answer (interpret.ts names it), never followed.
        redirect: 'manual',
        signal: scope.signal,
      });
      const limit = { operation, url, limitBytes: this.settings.maxResponseBytes, status: response.status };
      const encoding = parseContentEncoding(response.headers.get('content-encoding') ?? undefined);
      // `fetch` inflated the codings it knows; any other reaches us as it was sent.
      if (encoding !== '' && !READABLE_ENCODINGS.has(encoding)) {
        await response.body?.cancel();
        throw unreadable(limit, unknownEncodingReason(encoding));
      }
      const bytes = await readCapped(response, limit).catch((error: unknown) => {
        if (encoding === '' || scope.signal.aborted || isSiteContentError(error, 'response_too_large'))
          throw error;
        throw unreadable(limit, notInflatingReason(encoding, failureDetail(error)));
      });
      const contentType = response.headers.get('content-type') ?? '';
      const text = bodyText(bytes, contentType, (reason) => unreadable(limit, reason));
      return {
        status: response.status,
        headers: plainHeaders(response.headers),
        text,
        bytes: bytes.byteLength,
      };
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}

interface Limit {
  operation: string;
  url: string;
  limitBytes: number;
  status: number;
}

/** The whole body, at most `limit.limitBytes` of it; past that the stream is cancelled. */
async function readCapped(response: Response, limit: Limit): Promise<Uint8Array> {
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(announced) && announced > limit.limitBytes) {
    await response.body?.cancel();
    throw tooLarge(limit, 'content-length', announced);
  }
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit.limitBytes) {
      await reader.cancel();
      throw tooLarge(limit, 'stream');
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function plainHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function tooLarge(limit: Limit, measuredBy: 'content-length' | 'stream', announcedBytes?: number) {
  return new ResponseTooLargeError({ ...limit, measuredBy, announcedBytes });
}

function unreadable(limit: Limit, reason: string): ResponseFormatError {
  return new ResponseFormatError({ ...limit, bodyPreview: '', reason });
}
