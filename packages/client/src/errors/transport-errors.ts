import { SiteContentError, type SiteContentErrorOptions } from './site-content-error.js';

/** A deadline passed: an attempt's, a call's, or the caller's `AbortSignal.timeout(…)` (`timeoutMs` then undefined). */
export class TimeoutError extends SiteContentError {
  override readonly name: string = 'TimeoutError';
  override readonly code: string = 'timeout';
  /** The deadline that passed, in ms; undefined when it came from the caller's own signal. */
  readonly timeoutMs: number | undefined;

  constructor(options: SiteContentErrorOptions & { timeoutMs: number | undefined }) {
    const after =
      options.timeoutMs === undefined ? "(the caller's signal timed out)" : `after ${options.timeoutMs} ms`;
    super(`${options.operation} timed out ${after} (${options.url ?? ''})`, options);
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
