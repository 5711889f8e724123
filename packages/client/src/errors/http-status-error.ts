import { escapeControls } from '../shown-text.js';
import { SiteContentError, type SiteContentErrorOptions } from './site-content-error.js';

export interface HttpStatusErrorOptions extends SiteContentErrorOptions {
  status: number;
  /**
   * The service's `error` code from `[{"message", "error"}]`, when the body had one (200 characters
   * at most, then `…`).
   */
  serviceCode?: string | undefined;
  /** The service's human `message`, when the body had one (200 characters at most, then `…`). */
  serviceMessage?: string | undefined;
  /** Parsed `Retry-After` in ms (internal: drives retries and the back-off gate). */
  retryAfterMs?: number | undefined;
}

function describe(options: HttpStatusErrorOptions): string {
  const service = options.serviceCode || options.serviceMessage;
  const detail = service
    ? `: ${escapeControls([options.serviceCode, options.serviceMessage].filter(Boolean).join(' - '))}`
    : '';
  return `${options.operation} failed with HTTP ${options.status}${detail} (${options.url ?? ''})`;
}

/** The service answered with a non-success HTTP status. */
export class HttpStatusError extends SiteContentError {
  override readonly name: string = 'HttpStatusError';
  override readonly code: string = 'http_status';
  readonly status: number;
  readonly serviceCode: string | undefined;
  readonly serviceMessage: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(options: HttpStatusErrorOptions, message = describe(options)) {
    super(message, options);
    this.status = options.status;
    this.serviceCode = options.serviceCode;
    this.serviceMessage = options.serviceMessage;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** 401 (missing or wrong key) or 403 (key not allowed for this `sid`). */
export class AuthError extends HttpStatusError {
  override readonly name: string = 'AuthError';
  override readonly code: string = 'auth';
}

/** 404: unknown `id` on update or delete. */
export class NotFoundError extends HttpStatusError {
  override readonly name: string = 'NotFoundError';
  override readonly code: string = 'not_found';
}
