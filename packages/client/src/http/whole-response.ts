/**
 * One HTTP exchange through undici's `dispatch`, its whole body collected into one string: the
 * client always wants the whole body, and `pool.request()`'s Readable per body costs CPU for nothing.
 * Bodies are capped: a `Content-Length` over the limit fails before reading, a body growing past it
 * is aborted. Chunks are joined once at the end (copying into a growing buffer left garbage), and
 * decoded once, so an ASCII body becomes a one-byte string.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Dispatcher } from 'undici';
import { ResponseFormatError } from '../errors/response-format-error.js';
import { ResponseTooLargeError } from '../errors/response-too-large-error.js';
import {
  bodyText,
  headerValue,
  notInflatingReason,
  parseContentEncoding,
  unknownEncodingReason,
} from './body-text.js';
import type { RawResponse } from './transport.js';

export interface BodyLimit {
  operation: string;
  /** Redacted request URL, for the error. */
  url: string;
  limitBytes: number;
}

/** The status, headers and whole body; rejects with undici's error, a ResponseTooLargeError or the abort reason. */
export function requestWhole(
  dispatcher: Dispatcher,
  request: Dispatcher.DispatchOptions,
  limit: BodyLimit,
  signal: AbortSignal,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const handler = new WholeBodyHandler(limit, signal, resolve, reject);
    try {
      dispatcher.dispatch(request, handler);
    } catch (err) {
      handler.onResponseError(undefined, err as Error);
    }
  });
}

class WholeBodyHandler implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | undefined;
  #settled = false;
  #status = 0;
  #headers: IncomingHttpHeaders = {};
  /** The body as it arrived: undici's views of the socket's reads, kept rather than copied. */
  #chunks: Buffer[] = [];
  #length = 0;
  #writtenAt: number | undefined;

  constructor(
    private readonly limit: BodyLimit,
    private readonly signal: AbortSignal,
    private readonly resolve: (response: RawResponse) => void,
    private readonly reject: (reason: unknown) => void,
  ) {
    signal.addEventListener('abort', this.#onAbort, { once: true });
  }

  readonly #onAbort = (): void => {
    const reason = this.signal.reason;
    // Still waiting for a socket: settle now; onRequestStart ends the exchange when it comes.
    if (this.#controller === undefined) this.#settle(() => this.reject(reason));
    else this.#controller.abort(reason);
  };

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    this.#writtenAt = performance.now();
    if (this.#settled) controller.abort(this.signal.reason);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: IncomingHttpHeaders,
  ): void {
    if (status < 200) return; // 1xx: informational, the answer follows
    this.#status = status;
    this.#headers = headers;
    const announced = Number(headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(announced) && announced > this.limit.limitBytes) {
      controller.abort(this.#tooLarge('content-length', announced));
    }
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#settled || controller.aborted) return;
    this.#length += chunk.length;
    if (this.#length > this.limit.limitBytes) {
      controller.abort(this.#tooLarge('stream'));
      return;
    }
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    // Most answers arrive in one read: decoded from undici's view as it is, without a copy.
    const body =
      this.#chunks.length === 1 ? (this.#chunks[0] as Buffer) : Buffer.concat(this.#chunks, this.#length);
    let text: string;
    try {
      text = this.#decode(body);
    } catch (error) {
      this.#settle(() => this.reject(error));
      return;
    }
    const response = {
      status: this.#status,
      headers: this.#headers,
      text,
      bytes: this.#length,
      writtenAt: this.#writtenAt,
    };
    this.#settle(() => this.resolve(response));
  }

  /** The body as text, inflated if a proxy compressed it (same cap), decoded in its declared charset. */
  #decode(body: Buffer): string {
    const encoding = parseContentEncoding(this.#headers['content-encoding']);
    const bytes = encoding === '' ? body : this.#inflate(body, encoding);
    return bodyText(bytes, headerValue(this.#headers['content-type']), (reason) => this.#unreadable(reason));
  }

  #inflate(body: Buffer, encoding: string): Buffer {
    const inflate =
      encoding === 'gzip' || encoding === 'x-gzip'
        ? gunzipSync
        : encoding === 'deflate'
          ? inflateSync
          : encoding === 'br'
            ? brotliDecompressSync
            : undefined;
    if (inflate === undefined) throw this.#unreadable(unknownEncodingReason(encoding));
    try {
      return inflate(body, { maxOutputLength: this.limit.limitBytes });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw this.#tooLarge('stream');
      throw this.#unreadable(notInflatingReason(encoding, (error as Error).message));
    }
  }

  #unreadable(reason: string): ResponseFormatError {
    return new ResponseFormatError({
      operation: this.limit.operation,
      url: this.limit.url,
      status: this.#status,
      bodyPreview: '',
      reason,
    });
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    this.#settle(() => this.reject(error));
  }

  #settle(settle: () => void): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#chunks = [];
    this.signal.removeEventListener('abort', this.#onAbort);
    settle();
  }

  #tooLarge(measuredBy: 'content-length' | 'stream', announcedBytes?: number): ResponseTooLargeError {
    return new ResponseTooLargeError({
      operation: this.limit.operation,
      url: this.limit.url,
      status: this.#status,
      limitBytes: this.limit.limitBytes,
      measuredBy,
      announcedBytes,
    });
  }
}
