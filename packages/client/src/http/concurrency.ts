/**
 * One concurrency bound for the whole client: callers queue (FIFO) instead of opening more sockets
 * or holding more requests in flight than the bound. Waiting is abortable.
 */
interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal | undefined;
  onAbort?: () => void;
}

export class Semaphore {
  #active = 0;
  readonly #waiters: Waiter[] = [];

  constructor(readonly limit: number) {}

  get active(): number {
    return this.#active;
  }

  get queued(): number {
    return this.#waiters.length;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#active < this.limit) {
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

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      if (next) {
        // Hand the slot over directly: `#active` stays the same.
        if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
        next.resolve();
      } else {
        this.#active--;
      }
    };
  }
}
