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
  const results = new Array<R>(items.length);
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outerSignal?.reason);
  outerSignal?.addEventListener('abort', onOuterAbort, { once: true });
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index, controller.signal);
        progress?.tick();
      } catch (error) {
        if (failure === undefined) {
          failure = { error };
          controller.abort(error);
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  } finally {
    outerSignal?.removeEventListener('abort', onOuterAbort);
  }
  if (failure !== undefined) throw failure.error;
  return results;
}
