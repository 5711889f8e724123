import { quotedText } from '../text/shown-text.js';
import { SiteContentError, type SiteContentErrorOptions } from './site-content-error.js';

/** A write answered with a `message` other than `Ok` (docs/interface.md: an error whatever the HTTP status). */
export class WriteRejectedError extends SiteContentError {
  override readonly name: string = 'WriteRejectedError';
  override readonly code: string = 'write_rejected';
  readonly serviceMessage: string;
  readonly status: number;

  constructor(options: SiteContentErrorOptions & { serviceMessage: string; status: number }) {
    super(
      `${options.operation} was rejected (HTTP ${options.status}): ${quotedText(options.serviceMessage)} (${options.url ?? ''})`,
      options,
    );
    this.serviceMessage = options.serviceMessage;
    this.status = options.status;
  }
}

/** A client-side check failed before anything was sent (bad option, unknown field, bad id). */
export class InvalidArgumentError extends SiteContentError {
  override readonly name: string = 'InvalidArgumentError';
  override readonly code: string = 'invalid_argument';
}
