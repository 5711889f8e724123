import { redactText } from '../text/redact.js';

/** Facts every client error carries. */
export interface SiteContentErrorOptions {
  /** Operation path, e.g. `goods/Get` (or `createClient` for option errors). */
  operation: string;
  /** Request URL; redacted (`key=***`) on construction whatever is passed in. */
  url?: string;
  /** Underlying error; pass it through `sanitizeCause` first when it can carry the URL. */
  cause?: unknown;
}

/**
 * Base of the client's errors: readonly facts, a stable `code` and an explicit `name`, so guards work
 * across copies of the package; every way of showing it shows only the redacted URL.
 */
export class SiteContentError extends Error {
  override readonly name: string = 'SiteContentError';
  readonly code: string = 'sitecontent_error';
  readonly operation: string;
  /** Request URL with `key=***`. */
  readonly url: string;

  constructor(message: string, options: SiteContentErrorOptions) {
    super(redactText(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.operation = options.operation;
    this.url = redactText(options.url ?? '');
  }

  /** Plain JSON view (no stack); `JSON.stringify(err)` uses it. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, code: this.code, message: this.message };
    for (const [k, v] of Object.entries(this)) {
      if (k === 'cause') continue;
      out[k] = v;
    }
    const cause = this.cause;
    if (cause instanceof Error) {
      out.cause = {
        name: cause.name,
        message: redactText(cause.message),
        code: (cause as { code?: unknown }).code,
      };
    }
    return out;
  }
}
