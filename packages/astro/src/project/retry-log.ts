/**
 * A project's retry warnings, at most one line per operation every `everyMs`, counting those not
 * shown: under a rate limit thousands of `meta/Get` calls retry, and a line each buried the log.
 */
import type { RetryEvent } from '@sitecontent/client';

export const RETRY_LINE_EVERY_MS = 2_000;

export class RetryLog {
  readonly #last = new Map<string, { at: number; hidden: number }>();

  constructor(
    private readonly warn: (message: string) => void,
    private readonly everyMs = RETRY_LINE_EVERY_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Reports one retry (an arrow: it is passed as the client's `onRetry`). */
  readonly retry = (e: RetryEvent): void => {
    const at = this.now();
    const last = this.#last.get(e.operation);
    if (last !== undefined && at - last.at < this.everyMs) {
      last.hidden++;
      return;
    }
    const hidden = last?.hidden ?? 0;
    this.#last.set(e.operation, { at, hidden: 0 });
    this.warn(
      `${e.operation}: ${e.reason}; retry ${e.attempt} in ${Math.round(e.delayMs)} ms` +
        (e.clientPaused ? ' (all collections wait)' : '') +
        (hidden > 0 ? `; ${hidden} more ${e.operation} retries since the last such line` : ''),
    );
  };
}
