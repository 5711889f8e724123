/**
 * How a failed load reads in the build log: the collection first, then the operation and the
 * redacted URL (every client error carries both), then what to do about it.
 */
import {
  isAuthError,
  isResponseTooLargeError,
  isSiteContentError,
  type RecordValidationError,
  shownRecord,
  shownText,
} from '@sitecontent/client';
import { SiteContentInvalidRecordError } from '../errors/invalid-record-error.js';

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

export interface FailureSummary {
  message: string;
  operation?: string;
  url?: string;
}

/** `<collection>: <operation> failed: <message> (<url>)`, each part once, and what to do when known. */
export function failureSummary(collection: string, error: unknown): FailureSummary {
  const operation = isSiteContentError(error) && error.operation ? error.operation : undefined;
  const url = isSiteContentError(error) && error.url ? error.url : undefined;
  const advice = isResponseTooLargeError(error)
    ? '; if the service really sends that much, raise maxResponseBytes in siteContent()'
    : '';
  const text = `${error instanceof Error ? error.message : String(error)}${advice}`;
  const head = operation && !text.startsWith(operation) ? `${operation} failed: ${text}` : text;
  const tail = url && !text.includes(url) ? ` (${url})` : '';
  return {
    message: `${collection}: ${head}${tail}`,
    ...(operation ? { operation } : {}),
    ...(url ? { url } : {}),
  };
}

/**
 * What to do about a refused key or site, for the message of an auth failure (401/403); `undefined`
 * for any other failure.
 */
export function authFix(error: unknown, sid: number): string | undefined {
  if (!isAuthError(error)) return undefined;
  return error.status === 403
    ? `the key is not allowed for site ${sid}, or that site does not exist: check SITECONTENT_SID and the key's sites`
    : 'the API key is missing, mistyped or revoked: check SITECONTENT_API_KEY (quotes, spaces, the CI secret)';
}

/** `record 5 is invalid at field color: …` and the error's facts, for `report`. */
function invalidRecordText(collection: string, report: InvalidRecord) {
  const facts = { collection, recordId: String(report.recordId ?? '?'), field: report.path || '(record)' };
  const text = `${shownRecord(report.recordId)} is invalid at field ${shownText(facts.field)}: ${report.message}`;
  return { facts, text };
}

/**
 * The error for the first invalid record of a collection under `onInvalid: 'fail'`; `atLeast` when
 * the load stopped counting.
 */
export function invalidRecordError(
  collection: string,
  report: InvalidRecord,
  count = 1,
  atLeast = false,
): SiteContentInvalidRecordError {
  const { facts, text } = invalidRecordText(collection, report);
  const more = count > 1 ? ` (${atLeast ? 'at least ' : ''}${count - 1} more invalid records)` : '';
  return new SiteContentInvalidRecordError(
    `${collection}: ${text}${more}. Set onInvalid: 'skip' to leave invalid records out.`,
    facts,
    { cause: report },
  );
}

/**
 * Under `onInvalid: 'skip'`, an answer without one valid record: what the warning says when the
 * previous entries are kept, and the error when `onError: 'fail'` fails the load. Skipping every
 * record would empty the collection, and a build would ship a site without it: a service that
 * sends nothing valid is broken, as one whose body cannot be read.
 */
export function allInvalid(collection: string, invalid: InvalidRecords, stale: number) {
  const [first] = invalid.named;
  if (first === undefined) throw new Error('allInvalid: no invalid record');
  const { facts, text } = invalidRecordText(collection, first);
  const summary = `${collection}: all ${invalid.count} records the service sent are invalid; the first: ${text}`;
  return {
    warning: `${summary}; keeping ${stale} entries from the previous sync`,
    error: () => new SiteContentInvalidRecordError(summary, facts, { cause: first }),
  };
}
