import type { RecordValidationError } from '@sitecontent/client';

/** An invalid record: the client's report, or a loader's finding in what it derives (a product URL). */
export type InvalidRecord = Pick<RecordValidationError, 'message' | 'recordId' | 'path'>;

/** Invalid records a load names in its warnings; the rest are counted. */
export const NAMED_INVALID_RECORDS = 10;

/** Invalid records after which a load that fails on them stops reading (`onInvalid: 'fail'`). */
export const INVALID_RECORDS_TO_FAIL = 1000;

/** Thrown into the fetch by `InvalidRecords.add` when a failing load has counted enough. */
export class EnoughInvalidRecords extends Error {
  override readonly name = 'EnoughInvalidRecords';

  /** @param records the records counted, when they are not the load's own (a read the sync shares) */
  constructor(
    message: string,
    readonly records?: InvalidRecords,
  ) {
    super(message);
  }
}

/**
 * A load's invalid records: the first few kept to name, the rest only counted, since a hostile body
 * can hold millions and an error object for each ran the build out of memory. A load that fails on
 * them (`stopAt`) stops at `INVALID_RECORDS_TO_FAIL`: it fails either way, and reading on takes minutes.
 */
export class InvalidRecords {
  readonly named: InvalidRecord[] = [];
  #count = 0;
  readonly #stopAt: number;

  /** @param stopAt the count at which `add` throws `EnoughInvalidRecords` (default: never). */
  constructor(stopAt = Number.POSITIVE_INFINITY) {
    this.#stopAt = stopAt;
  }

  get count(): number {
    return this.#count;
  }

  /** Notes one invalid record (an arrow: it is passed around as `onInvalidRecord`). */
  readonly add = (report: InvalidRecord): void => {
    this.#count++;
    if (this.named.length < NAMED_INVALID_RECORDS) this.named.push(report);
    if (this.#count === this.#stopAt) throw new EnoughInvalidRecords(`${this.#count} invalid records`);
  };

  /** Notes all of `other`'s (the shared `dir/Get` answer's invalid sections). */
  addAll(other: InvalidRecords): void {
    for (const report of other.named) this.add(report);
    this.#count += other.count - other.named.length;
  }
}
