import { SiteContentAstroError } from './astro-error.js';

/** A live lookup refused while `onDemand.maxInFlight` answers are awaited: a 503 at once, not an endless queue. */
export class SiteContentBusyError extends SiteContentAstroError {
  override name = 'SiteContentBusyError';
  readonly collection: string;
  readonly limit: number;

  constructor(collection: string, limit: number) {
    super('busy', `${collection}: ${limit} live lookups already wait for the service (onDemand.maxInFlight)`);
    this.collection = collection;
    this.limit = limit;
  }
}
