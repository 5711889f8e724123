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
 * A failure no page escapes (a refused key, a service that cannot be reached): other pages would
 * only repeat it. A page's own failure (5xx, timeout, malformed answer) is not one.
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
 * Stops a run over pages at its first failure no page escapes: `signal` aborts with it (or the
 * caller's signal), so no further page starts and requests in flight are called off.
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

  /** The run's results, or `undefined` when this stop ended it; any other failure is thrown. */
  async ended<R>(run: Promise<R>): Promise<R | undefined> {
    try {
      return await run;
    } catch (error) {
      if (this.signal.aborted && error === this.signal.reason) return undefined;
      throw error;
    }
  }
}
