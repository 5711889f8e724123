/** Errors of @sitecontent/astro: options, connection, loads, records; the service's errors are the client's. */

export type SiteContentAstroErrorCode =
  | 'invalid_options'
  | 'load_failed'
  | 'invalid_record'
  | 'missing_connection'
  | 'option_callback_failed'
  | 'seo_check_failed'
  | 'search_index_failed'
  | 'domain_check_failed'
  | 'busy'
  | 'unavailable'
  | 'image_origin_unknown'
  | 'store_ceiling';

/** Base class: a stable `code` and an explicit `name`, so the guards work across package copies. */
export class SiteContentAstroError extends Error {
  override name = 'SiteContentAstroError';
  readonly code: SiteContentAstroErrorCode;

  constructor(code: SiteContentAstroErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
