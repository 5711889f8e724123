/**
 * Fail fast in an outage (docs/architecture.md, "Request-time failures"): after `breakAfter` live
 * lookups in a row failed because the service is down or overloaded, lookups are refused at once
 * with `SiteContentUnavailableError` for `breakFor` seconds — the page answers 503, or the route
 * cache serves the stale page it has — instead of every visitor waiting through timeouts and
 * retries. Then one lookup probes the service: a success closes the circuit, a failure opens it
 * again. Failures that are not the service's health (a wrong key, a missing id) do not count.
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

  /**
   * Runs `lookup` unless the circuit is open (then throws at once, but for the one probe once
   * `breakFor` has passed); `isOutage` tells which of its failures count.
   */
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
