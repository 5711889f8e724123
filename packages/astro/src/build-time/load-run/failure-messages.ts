/** How a failed load reads in the log: the collection, the operation and redacted URL, then the fix. */
import { isSiteContentError } from '@sitecontent/client';
import { shownRecord, shownText } from '@sitecontent/client/internal';
import { SiteContentInvalidRecordError } from '../../errors/invalid-record-error.js';
import type { InvalidRecord, InvalidRecords } from './invalid-records.js';

export interface FailureSummary {
  message: string;
  operation?: string;
  url?: string;
}

/** `<collection>: <operation> failed: <message> (<url>)`, each part once, and what to do when known. */
export function failureSummary(collection: string, error: unknown): FailureSummary {
  const operation = isSiteContentError(error) && error.operation ? error.operation : undefined;
  const url = isSiteContentError(error) && error.url ? error.url : undefined;
  const advice = isSiteContentError(error, 'response_too_large')
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

/** What to do about a refused key or site (401/403); `undefined` for any other failure. */
export function authFix(error: unknown, sid: number): string | undefined {
  if (!isSiteContentError(error, 'auth')) return undefined;
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

/** The error for a collection's first invalid record under `onInvalid: 'fail'`; `atLeast` when counting stopped. */
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
 * Under `onInvalid: 'skip'`, an answer without one valid record: the warning when entries are kept,
 * the error with `onError: 'fail'`. A service that sends nothing valid is broken; it must not empty a site.
 */
export function allInvalid(
  collection: string,
  invalid: Pick<InvalidRecords, 'count' | 'named'>,
  stale: number,
) {
  const [first] = invalid.named;
  if (first === undefined) throw new Error('allInvalid: no invalid record');
  const { facts, text } = invalidRecordText(collection, first);
  const summary = `${collection}: all ${invalid.count} records the service sent are invalid; the first: ${text}`;
  return {
    warning: `${summary}; keeping ${stale} entries from the previous sync`,
    error: () => new SiteContentInvalidRecordError(summary, facts, { cause: first }),
  };
}
