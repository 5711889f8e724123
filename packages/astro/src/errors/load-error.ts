import { SiteContentAstroError } from './astro-error.js';

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
