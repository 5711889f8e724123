/**
 * The project's requests to the service by operation and status, for the build log's summary line:
 * what a real service was asked, without the debug switch's line per request.
 */
import type { RequestEvent } from '@sitecontent/client';

export class RequestTally {
  readonly #counts = new Map<string, Map<number, number>>();
  #total = 0;

  /** Counts one attempt (an arrow: it is passed as the client's `onRequest`). */
  readonly note = (e: RequestEvent): void => {
    let statuses = this.#counts.get(e.operation);
    if (!statuses) {
      statuses = new Map();
      this.#counts.set(e.operation, statuses);
    }
    statuses.set(e.status, (statuses.get(e.status) ?? 0) + 1);
    this.#total++;
  };

  get total(): number {
    return this.#total;
  }

  /**
   * `12 requests to the service: goods/Get 2 (200 ×2), meta/Get 10 (200 ×9, 503 ×1)`, the emulator's
   * own wording; status 0 reads `no answer`.
   */
  summary(): string {
    const operations = [...this.#counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([operation, statuses]) => {
        const parts = [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status === 0 ? 'no answer' : status} ×${n}`);
        const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
        return `${operation} ${total} (${parts.join(', ')})`;
      });
    const total = `${this.#total} request${this.#total === 1 ? '' : 's'} to the service`;
    return operations.length === 0 ? total : `${total}: ${operations.join(', ')}`;
  }

  /** Starts counting afresh (a new build in the same process). */
  reset(): void {
    this.#counts.clear();
    this.#total = 0;
  }
}
