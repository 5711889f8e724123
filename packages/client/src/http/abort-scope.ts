/**
 * One AbortSignal for a span of work, aborted by any given signal or one timer; `dispose()` removes
 * it all. `AbortSignal.timeout` would leave its timer running, and `AbortSignal.any` a signal held
 * by the long-lived client signal, for every request.
 */
export interface ScopeTimeout {
  ms: number;
  /** The abort reason when the timer fires. */
  reason: () => unknown;
}

export class AbortScope {
  readonly signal: AbortSignal;
  readonly #controller: AbortController | undefined;
  readonly #sources: AbortSignal[] = [];
  #timer: NodeJS.Timeout | undefined;
  #timedOut = false;

  /** `signals` may hold `undefined`s; one signal and no timeout is used as it is. */
  constructor(signals: readonly (AbortSignal | undefined)[], timeout?: ScopeTimeout) {
    const sources = signals.filter((s): s is AbortSignal => s !== undefined);
    if (sources.length === 1 && timeout === undefined) {
      this.signal = sources[0] as AbortSignal;
      this.#controller = undefined;
      return;
    }
    const controller = new AbortController();
    this.#controller = controller;
    this.signal = controller.signal;
    for (const source of sources) {
      if (source.aborted) {
        this.#abort(source.reason);
        return;
      }
      source.addEventListener('abort', this.#onAbort, { once: true });
      this.#sources.push(source);
    }
    if (timeout !== undefined) {
      this.#timer = setTimeout(() => {
        this.#timedOut = true;
        this.#abort(timeout.reason());
      }, timeout.ms);
    }
  }

  /** True when this scope's own timer aborted it (not one of the source signals). */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  readonly #onAbort = (event: Event): void => {
    this.#abort((event.target as AbortSignal).reason);
  };

  #abort(reason: unknown): void {
    this.#release();
    this.#controller?.abort(reason);
  }

  #release(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const source of this.#sources) source.removeEventListener('abort', this.#onAbort);
    this.#sources.length = 0;
  }

  /** Ends the span: clears the timer and stops listening to the sources. Idempotent. */
  dispose(): void {
    this.#release();
  }
}
