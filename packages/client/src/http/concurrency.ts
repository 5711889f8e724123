/**
 * One concurrency bound for the whole client: callers queue (FIFO) instead of opening more sockets
 * or holding more requests in flight than the bound. Waiting is abortable.
 *
 * The bound is adaptive (DESIGN: "bounded, adaptive concurrency"): `max` (the `concurrency` option)
 * is the hard maximum, never exceeded; `limit` is the effective bound in force now, lowered by
 * {@link AdaptiveLimit} when the service pushes back and raised again as answers succeed.
 */
interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal | undefined;
  onAbort?: () => void;
}

export class Semaphore {
  #active = 0;
  #limit: number;
  readonly #waiters: Waiter[] = [];

  constructor(readonly max: number) {
    this.#limit = max;
  }

  /** The bound in force now (1 ≤ limit ≤ max). */
  get limit(): number {
    return this.#limit;
  }

  /**
   * Changes the bound in force (clamped to 1…max). Lowering it never cancels a request already in
   * flight: new ones wait until enough have finished. Raising it admits waiters at once.
   */
  setLimit(limit: number): void {
    this.#limit = Math.min(this.max, Math.max(1, Math.floor(limit)));
    this.#admit();
  }

  get active(): number {
    return this.#active;
  }

  get queued(): number {
    return this.#waiters.length;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#active < this.#limit && this.#waiters.length === 0) {
      this.#active++;
      return this.#releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.#waiters.indexOf(waiter);
          if (i >= 0) this.#waiters.splice(i, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.#waiters.push(waiter);
    });
    return this.#releaser();
  }

  /** Hands free slots to waiters in order; the slot is counted before the waiter resumes. */
  #admit(): void {
    while (this.#active < this.#limit) {
      const next = this.#waiters.shift();
      if (!next) return;
      this.#active++;
      if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
      next.resolve();
    }
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active--;
      this.#admit();
    };
  }
}

/**
 * AIMD on a {@link Semaphore}'s limit, the way TCP treats congestion:
 * - a 429 or 503 halves the limit (min 1) — at most once per congestion event: answers to requests
 *   sent before the last decrease, or arriving while that decrease's `Retry-After` window is still
 *   open, are the same burst and do not lower it again;
 * - every `limit` successful answers raise it by 1, back up to the configured maximum.
 */
export class AdaptiveLimit {
  /** When the last decrease happened (performance.now() ms); requests sent before it are its burst. */
  #decreasedAt = Number.NEGATIVE_INFINITY;
  /** End of the last decrease's Retry-After window. */
  #windowEnd = Number.NEGATIVE_INFINITY;
  #successes = 0;

  constructor(
    readonly slots: Semaphore,
    readonly now: () => number = () => performance.now(),
  ) {}

  get limit(): number {
    return this.slots.limit;
  }

  /**
   * A 429/503 answer to a request sent at `sentAt`; `retryAfterMs` is its `Retry-After`, if any.
   * Returns whether the limit was lowered.
   */
  congestion(sentAt: number, retryAfterMs: number | undefined): boolean {
    const t = this.now();
    if (sentAt < this.#decreasedAt || t < this.#windowEnd) return false;
    this.#decreasedAt = t;
    this.#windowEnd = t + (retryAfterMs ?? 0);
    this.#successes = 0;
    const before = this.slots.limit;
    this.slots.setLimit(Math.floor(before / 2));
    return this.slots.limit < before;
  }

  /** A successful answer: one step towards the next +1. */
  success(): void {
    if (this.slots.limit >= this.slots.max) {
      this.#successes = 0;
      return;
    }
    if (++this.#successes >= this.slots.limit) {
      this.#successes = 0;
      this.slots.setLimit(this.slots.limit + 1);
    }
  }
}
