/** Checks of an answer beyond each record's schema: nesting depth, and filtered reads matching the filter. */
import { RecordValidationError } from '../errors/record-validation-error.js';
import { ResponseFormatError } from '../errors/response-format-error.js';
import type { OperationInput } from '../http/encode.js';
import type { OperationName } from '../http/operations.js';
import { quotedText } from '../text/shown-text.js';

/**
 * How deep a record's values may nest: an unknown field is kept whole, and one nested thousands deep
 * would overflow whatever walks it later (a digest, the data store's writer).
 */
export const MAX_RECORD_DEPTH = 64;

/** The top-level field whose value nests deeper than `MAX_RECORD_DEPTH`, if any. */
export function tooDeepField(row: unknown): string | undefined {
  if (row === null || typeof row !== 'object') return undefined;
  const fields = row as Record<string, unknown>;
  for (const field in fields) {
    const value = fields[field];
    if (value !== null && typeof value === 'object' && nestsDeeper(value, MAX_RECORD_DEPTH - 1)) return field;
  }
  return undefined;
}

function nestsDeeper(value: object, room: number): boolean {
  if (room <= 0) return true;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (item !== null && typeof item === 'object' && nestsDeeper(item, room - 1)) return true;
  }
  return false;
}

export function deepRecordError(
  op: OperationName,
  url: string,
  row: unknown,
  field: string,
): RecordValidationError {
  const id = (row as { id?: unknown }).id;
  return new RecordValidationError({
    operation: op,
    url,
    recordId: typeof id === 'string' || typeof id === 'number' ? id : undefined,
    path: field,
    issues: [
      {
        code: 'custom',
        path: [field],
        message: `nested deeper than ${MAX_RECORD_DEPTH} levels`,
        input: undefined,
      },
    ],
  });
}

/**
 * Every record of a filtered read must match the filter: a service or cache ignoring the query
 * string would give every page the first page's meta. Such an answer is unusable as a whole.
 */
export function checkFilterMatch(
  op: OperationName,
  url: string,
  params: OperationInput['params'],
  records: readonly unknown[],
): void {
  if (params === undefined) return;
  const given = Object.entries(params).filter(([, wanted]) => wanted !== undefined);
  if (given.length === 0) return;
  for (const record of records) {
    const fields = record as Record<string, unknown>;
    for (const [field, wanted] of given) {
      if (!(field in fields)) continue;
      const got = fields[field];
      if (got === wanted || String(got) === String(wanted)) continue;
      const shown = (v: unknown) => quotedText(String(v), 60);
      throw new ResponseFormatError({
        operation: op,
        url,
        status: 200,
        bodyPreview:
          field === 'id' ? `{"id":${shown(got)}}` : `{"id":${shown(fields.id)},"${field}":${shown(got)}}`,
        reason:
          `a record with ${field} ${shown(got)} where the request asked for ${field}=${shown(wanted)}: ` +
          'the service, or a cache in front of it, ignored the query',
      });
    }
  }
}
