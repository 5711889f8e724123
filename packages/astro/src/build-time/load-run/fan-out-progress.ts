/** Progress of a loader's fan-out, ticked by `streamBounded`: a long fetch shows how far it got. */
import type { MapProgress } from '@sitecontent/client/internal';

export interface ProgressLogger {
  info(message: string): void;
}

export const PROGRESS_INTERVAL_MS = 2000;

/** Progress of a fan-out, logged at most every `intervalMs` as `label: done/total` (the total known so far). */
export class Progress implements MapProgress {
  #done = 0;
  #lastLog: number;
  readonly #logger: ProgressLogger;
  readonly #label: string;
  #total: number;
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

  /** `count` more to come: a load whose fan-outs are made part by part learns its total as it goes. */
  expect(count: number): void {
    this.#total += count;
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
