import { SiteContentAstroError } from './astro-error.js';

/**
 * A function given as a loader option (`productUrl`, `metaModule`) threw, or returned what the loader
 * cannot use, for one record. That is the project's code, not the service: a load fails on it
 * whatever `onError` says, since keeping the last sync's entries would hide the bug.
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
