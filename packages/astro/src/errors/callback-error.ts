import { SiteContentAstroError } from './astro-error.js';

/**
 * A loader option's function (`productUrl`, `metaModule`) threw or returned what cannot be used: the
 * project's bug, so the load fails whatever `onError` says.
 */
export class SiteContentCallbackError extends SiteContentAstroError {
  override name = 'SiteContentCallbackError';
  readonly collection: string;
  /** The option whose function failed, e.g. `productUrl`. */
  readonly option: string;
  /** The service's id of the record it was called for. */
  readonly recordId: number | string;

  constructor(
    collection: string,
    option: string,
    recordId: number | string,
    /** What went wrong, e.g. `threw: …` or `returned undefined instead of a non-empty string`. */
    problem: string,
    options?: { cause?: unknown },
  ) {
    super(
      'option_callback_failed',
      `${collection}: the ${option} option, for record ${recordId}, ${problem}`,
      options,
    );
    this.collection = collection;
    this.option = option;
    this.recordId = recordId;
  }
}
