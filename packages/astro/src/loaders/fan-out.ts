/**
 * Bounded fan-out for one-request-per-record operations (`goods/SkuGet`, `meta/Get`). The client
 * holds the real concurrency bound (shared by every collection); the workers here only keep as many
 * requests queued as the bound can serve, instead of creating one promise per record up front.
 */

export interface ProgressLogger {
  info(message: string): void;
}

export const PROGRESS_INTERVAL_MS = 2000;

/** Progress of a fan-out, logged at most every `intervalMs` as `label: done/total`. */
export class Progress {
  #done = 0;
  #lastLog: number;
  readonly #logger: ProgressLogger;
  readonly #label: string;
  readonly #total: number;
  readonly #intervalMs: number;
  readonly #now: () => number;

  constructor(
    logger: ProgressLogger,
    label: string,
    total: number,
    intervalMs = PROGRESS_INTERVAL_MS,
    now: () => number = Date.now,
  ) {
    this.#logger = logger;
    this.#label = label;
    this.#total = total;
    this.#intervalMs = intervalMs;
    this.#now = now;
    this.#lastLog = now();
  }

  get done(): number {
    return this.#done;
  }

  tick(): void {
    this.#done++;
    const now = this.#now();
    if (now - this.#lastLog >= this.#intervalMs && this.#done < this.#total) {
      this.#lastLog = now;
      this.#logger.info(`${this.#label}: ${this.#done}/${this.#total}`);
    }
  }
}

/** Results handed out in the order of the items they answer, each as soon as it is in; `length`: how many. */
export type OrderedResults<R> = AsyncIterable<R> & { readonly length: number };

/**
 * Maps `items` through `fn` with at most `limit` calls in flight and hands out the results in the
 * order of `items`, each as soon as it and every result before it are in: the consumer can work on
 * the first answers while the later ones are still on their way. The calls start at once, not at the
 * first read. The first failure aborts `signal` (so in-flight requests stop), lets running calls
 * settle, and is thrown by the next read. Stopping the iteration early (`return`) aborts the rest.
 *
 * Each item and result is let go once handed over, so a long fan-out does not hold its whole input
 * and output at once. One consumer only: reads must not overlap.
 */
export function streamBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number, signal: AbortSignal) => Promise<R>,
  progress?: Progress,
  outerSignal?: AbortSignal,
): OrderedResults<R> {
  const total = items.length;
  const waiting: (T | undefined)[] = Array.from(items);
  const results: (R | undefined)[] = new Array(total);
  const arrived = new Uint8Array(total);
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outerSignal?.reason);
  outerSignal?.addEventListener('abort', onOuterAbort, { once: true });
  let next = 0;
  let failure: { error: unknown } | undefined;
  let stopped = false;
  let wakeReader: (() => void) | undefined;
  const wake = () => {
    const resume = wakeReader;
    wakeReader = undefined;
    resume?.();
  };
  const worker = async () => {
    while (failure === undefined && !stopped && next < total) {
      const index = next++;
      const item = waiting[index] as T;
      waiting[index] = undefined;
      try {
        results[index] = await fn(item, index, controller.signal);
        arrived[index] = 1;
        progress?.tick();
      } catch (error) {
        if (failure === undefined) {
          failure = { error };
          controller.abort(error);
        }
      }
      wake();
    }
  };
  const settled = Promise.all(Array.from({ length: Math.max(1, Math.min(limit, total)) }, worker)).finally(
    () => {
      outerSignal?.removeEventListener('abort', onOuterAbort);
      wake();
    },
  );
  let read = 0;
  return {
    length: total,
    [Symbol.asyncIterator]: () => ({
      async next(): Promise<IteratorResult<R>> {
        for (;;) {
          if (failure !== undefined) {
            await settled;
            throw failure.error;
          }
          if (read >= total || stopped) return { done: true, value: undefined };
          if (arrived[read] === 1) {
            const value = results[read] as R;
            results[read] = undefined;
            read++;
            return { done: false, value };
          }
          await new Promise<void>((resolve) => {
            wakeReader = resolve;
          });
        }
      },
      async return(): Promise<IteratorResult<R>> {
        if (!stopped && failure === undefined && read < total) {
          stopped = true;
          controller.abort(new Error('the fan-out was stopped'));
        }
        return { done: true, value: undefined };
      },
    }),
  };
}

/**
 * Maps `items` through `fn` with at most `limit` calls in flight, keeping order. The first failure
 * aborts `signal` (so in-flight requests stop), lets running calls settle and rejects with it.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number, signal: AbortSignal) => Promise<R>,
  progress?: Progress,
  outerSignal?: AbortSignal,
): Promise<R[]> {
  const results: R[] = [];
  for await (const result of streamBounded(items, limit, fn, progress, outerSignal)) results.push(result);
  return results;
}
