/**
 * One answer's rows typed once, a slice at a time, with a turn of the event loop between slices: a
 * caller that asks for more per record (a page's meta) starts on the first slice while the rest is
 * typed, and its answers are read in between instead of after the whole catalog. `records()` and
 * `slices()` of a `ListAnswer` share the one pass.
 */

/** After what is waiting on I/O (setImmediate where there is one: Node; else a timer, as in workerd). */
const nextTurn = () =>
  new Promise<void>((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });

/** Rows typed between two turns of the event loop: about 10 ms of typing for a product. */
export const TYPING_SLICE_ROWS = 256;

/** Types rows `from` to `to` (exclusive) of the answer, finished as the read gives them. */
export type TypeSlice<T> = (from: number, to: number) => Promise<T[]>;

export class TypingPass<T> {
  readonly #records: T[] = [];
  /** Where each typed slice ends in `#records`. */
  readonly #sliceEnds: number[] = [];
  #failure: { error: unknown } | undefined;
  #ended = false;
  /** Readers of `slices()` waiting for the next slice. */
  readonly #waiting: (() => void)[] = [];
  /** Every record, once the last slice is typed; rejects with what stopped the typing. */
  readonly finished: Promise<T[]>;

  constructor(rowCount: number, typeSlice: TypeSlice<T>, sliceRows = TYPING_SLICE_ROWS) {
    this.finished = this.#run(rowCount, typeSlice, sliceRows);
    // Awaited through `finished` or `slices()`; until then a failure must not count as unhandled.
    this.finished.catch(() => {});
  }

  /** The records a slice at a time, each as soon as it is typed; throws what stopped the typing. */
  async *slices(): AsyncGenerator<T[]> {
    let read = 0;
    let start = 0;
    for (;;) {
      if (read < this.#sliceEnds.length) {
        const end = this.#sliceEnds[read++] as number;
        yield this.#records.slice(start, end);
        start = end;
        continue;
      }
      if (this.#failure !== undefined) throw this.#failure.error;
      if (this.#ended) return;
      await new Promise<void>((resolve) => {
        this.#waiting.push(resolve);
      });
    }
  }

  async #run(rowCount: number, typeSlice: TypeSlice<T>, sliceRows: number): Promise<T[]> {
    try {
      for (let from = 0; from < rowCount; from += sliceRows) {
        if (from > 0) await nextTurn();
        const typed = await typeSlice(from, Math.min(rowCount, from + sliceRows));
        for (const record of typed) this.#records.push(record);
        this.#sliceEnds.push(this.#records.length);
        this.#wakeReaders();
      }
      return this.#records;
    } catch (error) {
      this.#failure = { error };
      throw error;
    } finally {
      this.#ended = true;
      this.#wakeReaders();
    }
  }

  #wakeReaders(): void {
    for (const resume of this.#waiting.splice(0)) resume();
  }
}
