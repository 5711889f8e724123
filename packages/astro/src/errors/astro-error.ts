/**
 * Errors of @sitecontent/astro. Transport and record-validation failures of the service come from
 * @sitecontent/client; these classes add the Astro side: bad options, a missing connection, a failed
 * collection load and an invalid record under `onInvalid: 'fail'`.
 */

export type SiteContentAstroErrorCode =
  | 'invalid_options'
  | 'load_failed'
  | 'invalid_record'
  | 'missing_connection'
  | 'option_callback_failed'
  | 'seo_check_failed'
  | 'busy'
  | 'unavailable'
  | 'image_origin_unknown';

/** Base class: a stable `code` and an explicit `name`, so the guards work across package copies. */
export class SiteContentAstroError extends Error {
  override name = 'SiteContentAstroError';
  readonly code: SiteContentAstroErrorCode;

  constructor(code: SiteContentAstroErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
