import { SiteContentAstroError } from './astro-error.js';

/**
 * A live lookup refused without asking: the service failed `failures` times in a row, so until
 * `retryAt` uncached pages answer at once instead of waiting through timeouts; then one lookup probes.
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
