/**
 * One concurrency bound for the whole client: callers queue (FIFO, abortable). `max` is the ceiling
 * and the pool's socket count; `limit`, the bound in force, is moved by {@link AdaptiveLimit}.
 */
import type { AdaptiveLimit, LatencySample } from './adaptive-limit.js';

/** The most requests in flight anything of the package may ask for (library and CLI). */
export const MAX_CONCURRENCY = 1024;

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

  /** Changes the bound (clamped to 1…max): lowering it cancels nothing, raising it admits waiters. */
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

/** The client's one bound: a {@link Semaphore} whose limit follows an {@link AdaptiveLimit}. */
export class ConcurrencyBound {
  readonly slots: Semaphore;

  constructor(readonly adaptive: AdaptiveLimit) {
    this.slots = new Semaphore(adaptive.max);
    this.slots.setLimit(adaptive.limit);
  }

  /** The limit in force. */
  get limit(): number {
    return this.slots.limit;
  }

  /** The ceiling of the limit. */
  get max(): number {
    return this.slots.max;
  }

  /** A successful answer and how long its HTTP exchange took. */
  success(sample: LatencySample): void {
    if (this.adaptive.success(sample)) this.slots.setLimit(this.adaptive.limit);
  }

  /** A 429/503 answer (see {@link AdaptiveLimit.congestion}). */
  congestion(sentAt: number, retryAfterMs: number | undefined): void {
    if (this.adaptive.congestion(sentAt, retryAfterMs)) this.slots.setLimit(this.adaptive.limit);
  }
}
