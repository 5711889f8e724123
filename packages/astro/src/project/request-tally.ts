/**
 * The project's requests to the service by operation and status, for the build log's summary line:
 * what a real service was asked, without the debug switch's line per request. The last few attempts
 * are kept too, for the dev toolbar (never their URLs, so never a key, masked or not).
 */
import type { RequestEvent } from '@sitecontent/client';

/** How many attempts `recent()` keeps: enough for a sync of a small site, bounded for a large one. */
export const RECENT_REQUESTS = 100;

/** One attempt as the dev toolbar shows it. */
export interface RecentRequest {
  operation: string;
  /** 0 when no HTTP answer came. */
  status: number;
  ms: number;
  /** The attempt's retry number: 0 for a first request. */
  retry: number;
  /** When it ended (`Date.now()`). */
  at: number;
}

export class RequestTally {
  readonly #counts = new Map<string, Map<number, number>>();
  #total = 0;
  #retries = 0;
  /** A ring of the last attempts; `#next` is where the next one goes. */
  readonly #recent: RecentRequest[] = [];
  #next = 0;

  /** Counts one attempt (an arrow: it is passed as the client's `onRequest`). */
  readonly note = (e: RequestEvent): void => {
    let statuses = this.#counts.get(e.operation);
    if (!statuses) {
      statuses = new Map();
      this.#counts.set(e.operation, statuses);
    }
    statuses.set(e.status, (statuses.get(e.status) ?? 0) + 1);
    this.#total++;
    if (e.attempt > 1) this.#retries++;
    const request = {
      operation: e.operation,
      status: e.status,
      ms: Math.round(e.durationMs),
      retry: e.attempt - 1,
      at: Date.now(),
    };
    this.#recent[this.#next] = request;
    this.#next = (this.#next + 1) % RECENT_REQUESTS;
  };

  get total(): number {
    return this.#total;
  }

  /** Attempts that were retries of an earlier one. */
  get retries(): number {
    return this.#retries;
  }

  /** Attempts by operation and status, operations in name order: `{ 'goods/Get': { 200: 3 } }`. */
  byOperation(): Record<string, Record<number, number>> {
    return Object.fromEntries(
      [...this.#counts].sort(([a], [b]) => a.localeCompare(b)).map(([op, s]) => [op, Object.fromEntries(s)]),
    );
  }

  /** The last attempts (at most `RECENT_REQUESTS`), newest first. */
  recent(): RecentRequest[] {
    const oldestFirst = [...this.#recent.slice(this.#next), ...this.#recent.slice(0, this.#next)];
    return oldestFirst.reverse();
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
    this.#retries = 0;
    this.#recent.length = 0;
    this.#next = 0;
  }
}
