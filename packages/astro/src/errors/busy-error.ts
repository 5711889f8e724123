import { SiteContentAstroError } from './astro-error.js';

/**
 * A live lookup refused because the server process already waits for `limit` answers of the
 * service (`onDemand.maxInFlight`): under a flood of uncached pages the page answers 503 at once
 * instead of queueing without end.
 */
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
