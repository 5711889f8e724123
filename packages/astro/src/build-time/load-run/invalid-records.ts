import type { RecordValidationError } from '@sitecontent/client';

/**
 * An invalid record: what the client reports (a `RecordValidationError`) or what a loader finds in
 * what it derives from a record (a product URL that breaks the URL policy).
 */
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
 * The invalid records of a load: the first few kept, to name in warnings and in the error, the rest
 * only counted. A broken or hostile service can send millions (a 96 MiB body of `{}` holds 32
 * million), and keeping an error object for each ran the build out of memory. A load that fails on
 * invalid records (`stopAt`) stops at `INVALID_RECORDS_TO_FAIL` of them: each costs about 35 µs to
 * validate and report, 20 minutes for those 32 million, and the build fails either way.
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
