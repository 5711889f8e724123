/**
 * One answer's rows typed once, a slice at a time, as its readers ask for them, with a turn of the
 * event loop before each slice after the first. `slices()` types the next slice when its reader
 * wants one: a caller that asks for more per record (a page's meta) starts on the first slice at
 * once, and the rest is typed between its answers instead of in one block that holds them up (a
 * block also reads, to the client's adaptive limit, as the service's queue). `finished` types what
 * is left. `records()` and `slices()` of a `ListAnswer` share the one pass.
 *
 * A slice's length follows the event loop's use since the last slice (loop-use.ts): while the loop
 * mostly waits on the service, short slices let the answers that came meanwhile be read and the
 * next requests written sooner (the products loader at 20 ms: 4.4 % faster with 64 rows than 256,
 * 6 of 6 pairs); once it is busy, long ones, as each turn of the loop between slices only costs
 * there (64-row slices throughout made the reload at 0 ms slower, bench/versus.mjs).
 */
import { loopUseGauge } from '#runtime';
import { byLoopUse, type LoopUseGauge } from '../runtime/loop-use.js';

/** Rows typed at once while the loop is busy: about 10 ms of typing for a product. */
export const TYPING_SLICE_ROWS = 256;
/** Rows typed at once while the loop waits on the service, and in the first slice (the first requests wait on it). */
export const SHORT_TYPING_SLICE_ROWS = 64;

/** Rows of the next slice, after a stretch in which the event loop was busy `loopUse` (0–1) of the time. */
export const typingRowsFor = (loopUse: number | undefined): number =>
  byLoopUse(loopUse, SHORT_TYPING_SLICE_ROWS, TYPING_SLICE_ROWS);

/** Types rows `from` to `to` (exclusive) of the answer, finished as the read gives them. */
export type TypeSlice<T> = (from: number, to: number) => Promise<T[]>;

/** After what is waiting on I/O (setImmediate where there is one: Node; else a timer, as in workerd). */
const nextTurn = () =>
  new Promise<void>((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });

export class TypingPass<T> {
  readonly #rowCount: number;
  readonly #typeSlice: TypeSlice<T>;
  readonly #loopUse: LoopUseGauge;
  readonly #records: T[] = [];
  /** Where each typed slice ends in `#records`. */
  readonly #sliceEnds: number[] = [];
  /** The first row not typed yet. */
  #typedTo = 0;
  /** The slice being typed: one at a time, in order, whoever asks. */
  #typing: Promise<void> | undefined;
  #failure: { error: unknown } | undefined;
  #finished: Promise<T[]> | undefined;

  constructor(rowCount: number, typeSlice: TypeSlice<T>, loopUse: LoopUseGauge = loopUseGauge()) {
    this.#rowCount = rowCount;
    this.#typeSlice = typeSlice;
    this.#loopUse = loopUse;
  }

  /** Every record, the rest typed now; rejects with what stopped the typing. */
  get finished(): Promise<T[]> {
    this.#finished ??= (async () => {
      while (this.#typedTo < this.#rowCount || this.#typing !== undefined) await this.#typeNext();
      if (this.#failure !== undefined) throw this.#failure.error;
      return this.#records;
    })();
    return this.#finished;
  }

  /** The records a slice at a time, each typed when asked for; throws what stopped the typing. */
  async *slices(): AsyncGenerator<T[]> {
    let start = 0;
    for (let read = 0; ; read++) {
      while (read >= this.#sliceEnds.length) {
        if (this.#failure !== undefined) throw this.#failure.error;
        if (this.#typedTo >= this.#rowCount && this.#typing === undefined) return;
        await this.#typeNext();
      }
      const end = this.#sliceEnds[read] as number;
      yield this.#records.slice(start, end);
      start = end;
    }
  }

  /** Types the next slice, or waits for the one being typed. */
  #typeNext(): Promise<void> {
    if (this.#typing === undefined) {
      const typing = this.#typeOne();
      this.#typing = typing;
      // Cleared once settled (before those awaiting it resume): even a slice that failed at once.
      void typing.finally(() => {
        if (this.#typing === typing) this.#typing = undefined;
      });
    }
    return this.#typing;
  }

  async #typeOne(): Promise<void> {
    if (this.#failure !== undefined || this.#typedTo >= this.#rowCount) return;
    const from = this.#typedTo;
    // The first slice is short whatever the loop does: the first requests wait on it.
    const rows = from === 0 ? SHORT_TYPING_SLICE_ROWS : typingRowsFor(this.#loopUse());
    const to = Math.min(this.#rowCount, from + rows);
    this.#typedTo = to;
    try {
      // What waits on I/O goes first: answers to read, requests to send.
      if (from > 0) await nextTurn();
      const typed = await this.#typeSlice(from, to);
      for (const record of typed) this.#records.push(record);
      this.#sliceEnds.push(this.#records.length);
    } catch (error) {
      this.#failure = { error };
      this.#typedTo = this.#rowCount;
    }
  }
}
