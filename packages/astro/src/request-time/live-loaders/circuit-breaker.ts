/**
 * Fail fast in an outage (docs/architecture.md, "Request-time failures"): after `breakAfter` outages
 * in a row, lookups fail at once with `SiteContentUnavailableError` for `breakFor` seconds instead of
 * every visitor waiting through retries; then one probe decides. A wrong key or a missing id does not count.
 */
import { SiteContentUnavailableError } from '../../errors/unavailable-error.js';

export interface BreakerSettings {
  /** Failed lookups in a row that open the circuit. */
  breakAfter: number;
  /** Seconds the circuit stays open before a probe. */
  breakFor: number;
}

export class CircuitBreaker {
  #failures = 0;
  #openUntil = 0;
  #probing = false;
  #lastFailure: Error | undefined;

  constructor(
    readonly settings: BreakerSettings,
    readonly now: () => number = Date.now,
  ) {}

  /** Whether lookups are refused now. */
  get open(): boolean {
    return this.#failures >= this.settings.breakAfter;
  }

  /** Runs `lookup` unless the circuit is open (but for the one probe after `breakFor`); `isOutage` says what counts. */
  async run<T>(
    collection: string,
    lookup: () => Promise<T>,
    isOutage: (error: unknown) => boolean,
  ): Promise<T> {
    const probe = this.open;
    if (probe) {
      if (this.now() < this.#openUntil || this.#probing) {
        throw new SiteContentUnavailableError(collection, this.#failures, this.#openUntil, this.#lastFailure);
      }
      this.#probing = true;
    }
    try {
      const result = await lookup();
      this.#failures = 0;
      return result;
    } catch (error) {
      if (isOutage(error)) this.#failed(error);
      throw error;
    } finally {
      // Only the probe ends the probe: a lookup sent before the circuit opened may end during it.
      if (probe) this.#probing = false;
    }
  }

  #failed(error: unknown): void {
    this.#failures++;
    this.#lastFailure = error instanceof Error ? error : undefined;
    if (this.open) this.#openUntil = this.now() + this.settings.breakFor * 1000;
  }
}
