import { SiteContentAstroError } from './astro-error.js';

/**
 * A live lookup refused without asking the service: it failed `failures` times in a row, and until
 * `retryAt` the server answers uncached pages at once (503, or the stale page the cache still has)
 * instead of holding every visitor through another round of timeouts. After that one lookup probes.
 */
export class SiteContentUnavailableError extends SiteContentAstroError {
  override name = 'SiteContentUnavailableError';
  readonly failures: number;
  /** When the next lookup may try the service (ms since the epoch). */
  readonly retryAt: number;

  constructor(collection: string, failures: number, retryAt: number, cause: Error | undefined) {
    const seconds = Math.max(1, Math.ceil((retryAt - Date.now()) / 1000));
    super(
      'unavailable',
      `${collection}: the service failed ${failures} times in a row; live lookups rest for ${seconds} s, then one tries again${cause ? ` (last failure: ${cause.message})` : ''}`,
      cause ? { cause } : undefined,
    );
    this.failures = failures;
    this.retryAt = retryAt;
  }
}
