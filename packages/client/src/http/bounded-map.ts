/**
 * Bounded mapping for one call per item. The client holds the real bound; the workers here only
 * keep as many calls queued as it can serve, instead of one promise per item up front.
 */

/** Told of each call that resolved, e.g. to log `done/total` now and then. */
export interface MapProgress {
  tick(): void;
}

/** Results handed out in the order of the items they answer, each as soon as it is in; `length`: how many. */
export type OrderedResults<R> = AsyncIterable<R> & { readonly length: number };

/** The mapped function: gets the item, its index and a signal aborted when the run stops. */
export type BoundedCall<T, R> = (item: T, index: number, signal: AbortSignal) => Promise<R>;

/**
 * Maps `items` through `fn` with at most `limit` in flight, results in order, each as soon as those
 * before it are in. The calls start at once. The first failure, or `signal`, aborts the calls'
 * signal and starts no further call; the next read then throws it. `return` aborts the rest. Items
 * and results are let go once handed over. One consumer only.
 */
export function streamBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: BoundedCall<T, R>,
  progress?: MapProgress,
  signal?: AbortSignal,
): OrderedResults<R> {
  const run = new OrderedRun(items, fn, progress, signal);
  run.start(limit);
  return { length: items.length, [Symbol.asyncIterator]: () => run.reader() };
}

/** {@link streamBounded} collected: rejects with the first failure once the running calls settle. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: BoundedCall<T, R>,
  progress?: MapProgress,
  signal?: AbortSignal,
): Promise<R[]> {
  const results: R[] = [];
  for await (const result of streamBounded(items, limit, fn, progress, signal)) results.push(result);
  return results;
}

/** One run of {@link streamBounded}: workers that fill `#results`, and the one reader that empties it. */
class OrderedRun<T, R> {
  readonly #total: number;
  readonly #waiting: (T | undefined)[];
  readonly #results: (R | undefined)[];
  readonly #arrived: Uint8Array;
  readonly #controller = new AbortController();
  readonly #fn: BoundedCall<T, R>;
  readonly #progress: MapProgress | undefined;
  readonly #signal: AbortSignal | undefined;
  #next = 0;
  #read = 0;
  #failure: { error: unknown } | undefined;
  #stopped = false;
  #settled: Promise<void> = Promise.resolve();
  #wakeReader: (() => void) | undefined;

  constructor(items: readonly T[], fn: BoundedCall<T, R>, progress?: MapProgress, signal?: AbortSignal) {
    this.#total = items.length;
    this.#waiting = Array.from(items);
    this.#results = new Array(this.#total);
    this.#arrived = new Uint8Array(this.#total);
    this.#fn = fn;
    this.#progress = progress;
    this.#signal = signal;
  }

  /** Starts the workers at once: as many as `limit` (a whole number, at least 1), at most one per item. */
  start(limit: number): void {
    const onAbort = () => this.#fail(this.#signal?.reason);
    if (this.#signal?.aborted === true) onAbort();
    else this.#signal?.addEventListener('abort', onAbort, { once: true });
    const width = Math.max(1, Math.min(Math.floor(limit) || 1, this.#total));
    const workers = Array.from({ length: width }, () => this.#work());
    this.#settled = Promise.all(workers).then(() => {
      this.#signal?.removeEventListener('abort', onAbort);
      this.#wake();
    });
  }

  reader(): AsyncIterator<R> {
    return { next: () => this.#nextResult(), return: async () => this.#stop() };
  }

  async #work(): Promise<void> {
    while (this.#failure === undefined && !this.#stopped && this.#next < this.#total) {
      const index = this.#next++;
      const item = this.#waiting[index] as T;
      this.#waiting[index] = undefined;
      try {
        this.#results[index] = await this.#fn(item, index, this.#controller.signal);
        this.#arrived[index] = 1;
        this.#progress?.tick();
      } catch (error) {
        this.#fail(error);
      }
      this.#wake();
    }
  }

  async #nextResult(): Promise<IteratorResult<R>> {
    for (;;) {
      if (this.#failure !== undefined) {
        await this.#settled;
        throw this.#failure.error;
      }
      if (this.#read >= this.#total || this.#stopped) return { done: true, value: undefined };
      if (this.#arrived[this.#read] === 1) {
        const value = this.#results[this.#read] as R;
        this.#results[this.#read] = undefined;
        this.#read++;
        return { done: false, value };
      }
      await new Promise<void>((resolve) => {
        this.#wakeReader = resolve;
      });
    }
  }

  #stop(): IteratorResult<R> {
    if (!this.#stopped && this.#failure === undefined && this.#read < this.#total) {
      this.#stopped = true;
      this.#controller.abort(new Error('the bounded map was stopped'));
    }
    return { done: true, value: undefined };
  }

  /** The first failure stops the run; later ones are the same run's echoes of it. */
  #fail(error: unknown): void {
    if (this.#failure !== undefined) return;
    this.#failure = { error };
    this.#controller.abort(error);
    this.#wake();
  }

  #wake(): void {
    const resume = this.#wakeReader;
    this.#wakeReader = undefined;
    resume?.();
  }
}
