import { isSiteContentError } from '../errors/guards.js';
import { NOT_SENT_CODES } from '../http/transport.js';
import { redactText } from '../text/redact.js';

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
  if (isSiteContentError(error, 'auth')) return true;
  return (
    isSiteContentError(error, 'network') &&
    error.causeCode !== undefined &&
    NOT_SENT_CODES.has(error.causeCode)
  );
}

/**
 * Stops a run over pages at its first failure no page escapes ({@link failsEveryPage}). `signal`
 * aborts with the caller's signal or at that failure (its reason: the error), for `mapBounded` to
 * start no further page and, where it is passed on, to call off the requests in flight.
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

  /**
   * Waits for a run given {@link signal}: its results, or `undefined` when this stop (the caller's
   * signal or a failure no page escapes) ended it; any other failure of the run is thrown.
   */
  async ended<R>(run: Promise<R>): Promise<R | undefined> {
    try {
      return await run;
    } catch (error) {
      if (this.signal.aborted && error === this.signal.reason) return undefined;
      throw error;
    }
  }
}
