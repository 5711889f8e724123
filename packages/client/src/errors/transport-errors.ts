import { SiteContentError, type SiteContentErrorOptions } from './site-content-error.js';

/** One attempt took longer than `timeoutMs` (connect, headers or body). */
export class TimeoutError extends SiteContentError {
  override readonly name: string = 'TimeoutError';
  override readonly code: string = 'timeout';
  readonly timeoutMs: number;

  constructor(options: SiteContentErrorOptions & { timeoutMs: number }) {
    super(`${options.operation} timed out after ${options.timeoutMs} ms (${options.url ?? ''})`, options);
    this.timeoutMs = options.timeoutMs;
  }
}

/** The connection failed or broke (refused, reset, truncated body, …); `causeCode` is the system/undici code. */
export class NetworkError extends SiteContentError {
  override readonly name: string = 'NetworkError';
  override readonly code: string = 'network';
  readonly causeCode: string | undefined;

  constructor(options: SiteContentErrorOptions & { causeCode: string | undefined; detail?: string }) {
    const detail = options.detail ? `: ${options.detail}` : '';
    super(
      `${options.operation} network error ${options.causeCode ?? 'unknown'}${detail} (${options.url ?? ''})`,
      options,
    );
    this.causeCode = options.causeCode;
  }
}
