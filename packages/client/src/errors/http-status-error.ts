import { escapeControls, quotedText } from '../text/shown-text.js';
import { SiteContentError, type SiteContentErrorOptions } from './site-content-error.js';

export interface HttpStatusErrorOptions extends SiteContentErrorOptions {
  status: number;
  /** The service's `error` code, when the body had one (cut at 200 characters). */
  serviceCode?: string | undefined;
  /** The service's human `message`, when the body had one (200 characters at most, then `…`). */
  serviceMessage?: string | undefined;
  /** Parsed `Retry-After` in ms (internal: drives retries and the back-off gate). */
  retryAfterMs?: number | undefined;
  /** The start of a body not in the service's error shape, key-masked; an HTML page by its `<title>`. */
  bodyText?: string | undefined;
  /** A redirect's `Location`, key-masked: the client does not follow redirects. */
  location?: string | undefined;
}

/** Characters of a body that is not the error shape a message shows. */
const BODY_TEXT_SHOWN = 120;

function describe(options: HttpStatusErrorOptions): string {
  const service = options.serviceCode || options.serviceMessage;
  const detail = service
    ? `: ${escapeControls([options.serviceCode, options.serviceMessage].filter(Boolean).join(' - '))}`
    : options.bodyText
      ? `: ${quotedText(options.bodyText, BODY_TEXT_SHOWN)}`
      : '';
  const after = [
    options.location === undefined
      ? ''
      : `; redirected to ${quotedText(options.location, 300)}, which the client does not follow: if the service moved, set its base URL to the new address`,
    options.retryAfterMs === undefined ? '' : `; Retry-After: ${formatWait(options.retryAfterMs)}`,
  ].join('');
  return `${options.operation} failed with HTTP ${options.status}${detail} (${options.url ?? ''})${after}`;
}

function formatWait(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
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
