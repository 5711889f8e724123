import type { z } from 'zod';
import { shownRecord, shownText } from '../text/shown-text.js';
import { issueLines } from './issue-lines.js';
import { SiteContentError, type SiteContentErrorOptions } from './site-content-error.js';

/** Issues the message lists; the rest are counted (all of them stay in `issues`). */
const SHOWN_ISSUES = 5;

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
    // Paths can hold the service's keys: shown inert like any service text.
    const shown = issueLines(options.issues.slice(0, SHOWN_ISSUES), { whole: '(record)' }).map((line) =>
      shownText(line),
    );
    const more = options.issues.length - shown.length;
    const detail = `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
    super(
      `${options.operation}: ${shownRecord(options.recordId)} is invalid: ${detail}${options.url ? ` (${options.url})` : ''}`,
      options,
    );
    this.recordId = options.recordId;
    this.path = options.path;
    this.issues = options.issues;
  }
}
