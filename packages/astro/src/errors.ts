/**
 * Errors of @sitecontent/astro. Transport and record-validation failures of the service come from
 * @sitecontent/client; these classes add the Astro side: bad options, a failed collection load and an
 * invalid record under `onInvalid: 'fail'`. Guards check `name`, so they work across package copies
 * (Astro loads the config and the content config through different module graphs).
 */

export type SiteContentAstroErrorCode =
  | 'invalid_options'
  | 'load_failed'
  | 'invalid_record'
  | 'missing_connection';

export class SiteContentAstroError extends Error {
  override name = 'SiteContentAstroError';
  readonly code: SiteContentAstroErrorCode;

  constructor(code: SiteContentAstroErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Options given to a loader or to `siteContent()` did not validate; the message lists `path: message`. */
export class SiteContentOptionsError extends SiteContentAstroError {
  override name = 'SiteContentOptionsError';
  /** Which factory was called, e.g. `productsLoader`. */
  readonly factory: string;
  readonly issues: readonly string[];

  constructor(factory: string, issues: readonly string[]) {
    super('invalid_options', `Invalid ${factory}() options: ${issues.join('; ')}`);
    this.factory = factory;
    this.issues = issues;
  }
}

/** No base URL, API key or site number could be found for a loader. */
export class SiteContentConnectionError extends SiteContentAstroError {
  override name = 'SiteContentConnectionError';
  readonly missing: readonly string[];

  constructor(collection: string, missing: readonly string[]) {
    super(
      'missing_connection',
      `${collection}: missing connection setting(s) ${missing.join(', ')}: pass them to siteContent() or the loader, or set ${missing
        .map(envNameOf)
        .join(', ')} in the environment`,
    );
    this.missing = missing;
  }
}

function envNameOf(setting: string): string {
  if (setting === 'baseUrl') return 'SITECONTENT_BASE_URL';
  if (setting === 'apiKey') return 'SITECONTENT_API_KEY';
  return 'SITECONTENT_SID';
}

/** Fetching a collection failed (and there were no stale entries to keep, or `onError: 'fail'`). */
export class SiteContentLoadError extends SiteContentAstroError {
  override name = 'SiteContentLoadError';
  readonly collection: string;
  /** Service operation that failed, e.g. `goods/Get`, when known. */
  readonly operation: string | undefined;
  /** Request URL with `key=***`, when known. */
  readonly url: string | undefined;

  constructor(
    message: string,
    facts: { collection: string; operation?: string | undefined; url?: string | undefined },
    options?: { cause?: unknown },
  ) {
    super('load_failed', message, options);
    this.collection = facts.collection;
    this.operation = facts.operation;
    this.url = facts.url;
  }
}

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

function hasName(e: unknown, name: string): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === name;
}

const ERROR_NAMES = new Set([
  'SiteContentAstroError',
  'SiteContentOptionsError',
  'SiteContentConnectionError',
  'SiteContentLoadError',
  'SiteContentInvalidRecordError',
]);

export function isSiteContentAstroError(e: unknown): e is SiteContentAstroError {
  return typeof e === 'object' && e !== null && ERROR_NAMES.has(String((e as { name?: unknown }).name));
}
export const isSiteContentOptionsError = (e: unknown): e is SiteContentOptionsError =>
  hasName(e, 'SiteContentOptionsError');
export const isSiteContentConnectionError = (e: unknown): e is SiteContentConnectionError =>
  hasName(e, 'SiteContentConnectionError');
export const isSiteContentLoadError = (e: unknown): e is SiteContentLoadError =>
  hasName(e, 'SiteContentLoadError');
export const isSiteContentInvalidRecordError = (e: unknown): e is SiteContentInvalidRecordError =>
  hasName(e, 'SiteContentInvalidRecordError');
