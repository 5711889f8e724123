import { isAuthError, isNetworkError } from '../errors/guards.js';
import { NOT_SENT_CODES } from '../http/transport.js';
import { redactText } from '../redact.js';

/**
 * Runs `task` over `items` with at most `concurrency` in flight, in order of start. Stops starting
 * new items once `signal` is aborted (items not started are left out of the results: their slot is
 * `undefined`). The client has its own global bound; this one keeps a huge list from creating a
 * promise per item up front.
 */
export async function mapPool<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(items.length).fill(undefined);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && signal?.aborted !== true) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  const width = Math.max(1, Math.min(Math.floor(concurrency) || 1, items.length));
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** Turns any thrown value into a one-line reason, with `key=` values in URLs redacted. */
export function describeError(error: unknown): { reason: string; code?: string } {
  const message = error instanceof Error ? error.message : String(error);
  const code =
    error !== null && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string'
      ? (error as { code: string }).code
      : undefined;
  const reason = redactText(message).replace(/\s*\n\s*/g, ' ');
  return code === undefined ? { reason } : { reason, code };
}

/**
 * A failure no page escapes: the key is refused (401/403), or the service cannot be reached at all
 * (connection refused, unknown host: the request was never sent). Reading or writing the other
 * pages would only repeat it, once per page; a page of its own (a 5xx after the retries, a timeout,
 * a malformed answer) is not one.
 */
export function failsEveryPage(error: unknown): boolean {
  if (isAuthError(error)) return true;
  return isNetworkError(error) && error.causeCode !== undefined && NOT_SENT_CODES.has(error.causeCode);
}

/**
 * Stops a run over pages at its first failure no page escapes ({@link failsEveryPage}). `signal`
 * aborts with the caller's signal or at that failure (its reason: the error), for `mapPool` to start
 * no further page and, where it is passed on, to call off the requests in flight.
 */
export class EveryPageStop {
  readonly signal: AbortSignal;
  readonly #stop = new AbortController();
  #first: { error: unknown } | undefined;

  constructor(caller?: AbortSignal) {
    this.signal = caller === undefined ? this.#stop.signal : AbortSignal.any([caller, this.#stop.signal]);
  }

  /** The failure that stopped the run, if one did. */
  get failure(): { error: unknown } | undefined {
    return this.#first;
  }

  /** Takes a page's failure; true when it is the first that no page escapes (the run stops). */
  stopsAll(error: unknown): boolean {
    if (this.#first !== undefined || !failsEveryPage(error)) return false;
    this.#first = { error };
    this.#stop.abort(error);
    return true;
  }
}
