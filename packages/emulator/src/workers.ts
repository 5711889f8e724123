/**
 * The service's workers (`capacity`): at most that many requests served at once, the rest queued in
 * order; with a latency fault a request holds its worker for the whole delay, so a client sending
 * more sees its latency climb.
 */
import type { EmulatorStats } from './stats.js';

interface Waiter {
  admit: () => void;
}

export class Workers {
  #busy = 0;
  readonly #queue: Waiter[] = [];

  /** `capacity` undefined: every request is served at once (counted all the same). */
  constructor(
    readonly capacity: number | undefined,
    readonly stats: EmulatorStats,
  ) {}

  /** Resolves with the worker's release once one is free, or `undefined` when `abandoned` fires first. */
  acquire(abandoned: AbortSignal): Promise<(() => void) | undefined> {
    if (this.capacity === undefined || (this.#busy < this.capacity && this.#queue.length === 0)) {
      return Promise.resolve(this.#start());
    }
    const load = this.stats.load;
    load.queued++;
    load.waiting++;
    load.peakWaiting = Math.max(load.peakWaiting, load.waiting);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: () => {
          abandoned.removeEventListener('abort', onAbandon);
          resolve(this.#start());
        },
      };
      const onAbandon = () => {
        const i = this.#queue.indexOf(waiter);
        if (i < 0) return;
        this.#queue.splice(i, 1);
        load.waiting--;
        resolve(undefined);
      };
      abandoned.addEventListener('abort', onAbandon, { once: true });
      this.#queue.push(waiter);
    });
  }

  #start(): () => void {
    const load = this.stats.load;
    this.#busy++;
    load.inService++;
    load.peakInService = Math.max(load.peakInService, load.inService);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.#busy--;
      load.inService--;
      load.served++;
      this.#next();
    };
  }

  /** The longest-waiting request gets the free worker. */
  #next(): void {
    if (this.capacity === undefined || this.#busy >= this.capacity) return;
    const next = this.#queue.shift();
    if (!next) return;
    this.stats.load.waiting--;
    next.admit();
  }
}
