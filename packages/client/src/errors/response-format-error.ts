import { quotedText } from '../text/shown-text.js';
import { SiteContentError, type SiteContentErrorOptions } from './site-content-error.js';

export interface ResponseFormatErrorOptions extends SiteContentErrorOptions {
  status: number;
  /** First 200 characters of the body. */
  bodyPreview: string;
  /** Why the body was refused, e.g. `not JSON` or `expected a JSON array, got object`. */
  reason: string;
  /** True when the body could not be parsed at all (truncated, HTML, empty): worth a retry. */
  unparseable?: boolean;
}

/** The body is not the JSON array the operation returns (HTML, empty, `{}`/`null`, truncated, …). */
export class ResponseFormatError extends SiteContentError {
  override readonly name: string = 'ResponseFormatError';
  override readonly code: string = 'response_format';
  readonly status: number;
  readonly bodyPreview: string;
  readonly unparseable: boolean;

  constructor(options: ResponseFormatErrorOptions) {
    super(
      `${options.operation} returned an unusable body (HTTP ${options.status}, ${options.reason}) from ${options.url ?? ''}: ${quotedText(options.bodyPreview)}`,
      options,
    );
    this.status = options.status;
    this.bodyPreview = options.bodyPreview;
    this.unparseable = options.unparseable ?? false;
  }
}
