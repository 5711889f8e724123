import { SiteContentError, type SiteContentErrorOptions } from './site-content-error.js';

export interface ResponseTooLargeErrorOptions extends SiteContentErrorOptions {
  status: number;
  /** The `maxResponseBytes` in force. */
  limitBytes: number;
  /** How the size was known: the `Content-Length` header, or bytes counted while reading. */
  measuredBy: 'content-length' | 'stream';
  /** The size the `Content-Length` header announced, when it did. */
  announcedBytes?: number | undefined;
}

/** A body larger than `maxResponseBytes`, aborted as soon as known; not retried, as it would come again. */
export class ResponseTooLargeError extends SiteContentError {
  override readonly name: string = 'ResponseTooLargeError';
  override readonly code: string = 'response_too_large';
  readonly status: number;
  readonly limitBytes: number;
  readonly measuredBy: 'content-length' | 'stream';

  constructor(options: ResponseTooLargeErrorOptions) {
    const how =
      options.measuredBy === 'content-length'
        ? `it announces ${options.announcedBytes ?? 'more'} bytes, over`
        : 'it ran past';
    super(
      `${options.operation} returned a body larger than maxResponseBytes (HTTP ${options.status}: ${how} the limit of ${options.limitBytes} bytes) from ${options.url ?? ''}`,
      options,
    );
    this.status = options.status;
    this.limitBytes = options.limitBytes;
    this.measuredBy = options.measuredBy;
  }
}
