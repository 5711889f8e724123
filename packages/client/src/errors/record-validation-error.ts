import type { z } from 'zod';
import { SiteContentError, type SiteContentErrorOptions } from './site-content-error.js';

export interface RecordValidationErrorOptions extends SiteContentErrorOptions {
  /** `id` of the offending record as sent, when it had one. */
  recordId: string | number | undefined;
  /** Dotted path of the first bad field, e.g. `sku.0.color` (`''` for the record itself). */
  path: string;
  issues: z.core.$ZodIssue[];
}

/** One record of a response does not match its schema. Separate from transport errors on purpose. */
export class RecordValidationError extends SiteContentError {
  override readonly name: string = 'RecordValidationError';
  override readonly code: string = 'record_validation';
  readonly recordId: string | number | undefined;
  readonly path: string;
  readonly issues: z.core.$ZodIssue[];

  constructor(options: RecordValidationErrorOptions) {
    const detail = options.issues
      .map((i) => `${i.path.map(String).join('.') || '(record)'}: ${i.message}`)
      .join('; ');
    const record = options.recordId === undefined ? 'a record' : `record ${options.recordId}`;
    super(`${options.operation}: ${record} is invalid: ${detail} (${options.url ?? ''})`, options);
    this.recordId = options.recordId;
    this.path = options.path;
    this.issues = options.issues;
  }
}
