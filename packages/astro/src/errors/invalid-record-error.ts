import { SiteContentAstroError } from './astro-error.js';

/** A record failed validation while `onInvalid` is `'fail'`. */
export class SiteContentInvalidRecordError extends SiteContentAstroError {
  override name = 'SiteContentInvalidRecordError';
  readonly collection: string;
  readonly recordId: string;
  readonly field: string;

  constructor(
    message: string,
    facts: { collection: string; recordId: string; field: string },
    options?: { cause?: unknown },
  ) {
    super('invalid_record', message, options);
    this.collection = facts.collection;
    this.recordId = facts.recordId;
    this.field = facts.field;
  }
}
