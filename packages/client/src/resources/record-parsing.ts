/** An answer's rows validated as records; an invalid one thrown, or reported and skipped, named in full. */
import type { z } from 'zod';
import { RecordValidationError } from '../errors/record-validation-error.js';
import type { CallAnswer } from '../http/executor.js';
import type { OperationName } from '../http/operations.js';
import {
  type CreateResult,
  createResultSchema,
  type WriteResult,
  writeResultSchema,
} from '../schemas/records.js';
import { deepRecordError, tooDeepField } from './answer-checks.js';
import type { CallOptions } from './call-options.js';

function validationError(
  op: OperationName,
  url: string,
  row: unknown,
  error: z.ZodError,
): RecordValidationError {
  const id = row !== null && typeof row === 'object' ? (row as { id?: unknown }).id : undefined;
  const first = error.issues[0];
  return new RecordValidationError({
    operation: op,
    url,
    recordId: typeof id === 'string' || typeof id === 'number' ? id : undefined,
    path: first ? first.path.map(String).join('.') : '',
    issues: error.issues,
  });
}

/**
 * Validate the rows `from` to `to` (every row by default); invalid ones throw or, with
 * `onInvalidRecord`, are reported and skipped.
 */
export function parseRecords<S extends z.ZodType>(
  op: OperationName,
  schema: S,
  { rows, url }: CallAnswer,
  opts?: CallOptions,
  from = 0,
  to = rows.length,
): z.output<S>[] {
  const out: z.output<S>[] = [];
  for (let i = from; i < to; i++) {
    const row = rows[i];
    // The raw row is not needed once parsed: on a large catalog the raw and the typed records would
    // otherwise be in memory together until the whole list is parsed.
    rows[i] = undefined;
    const deep = tooDeepField(row);
    const result = deep === undefined ? schema.safeParse(row) : undefined;
    if (result?.success) {
      out.push(result.data);
      continue;
    }
    const err =
      result === undefined
        ? deepRecordError(op, url, row, deep ?? '')
        : validationError(op, url, row, result.error);
    if (!opts?.onInvalidRecord) throw err;
    opts.onInvalidRecord(err);
  }
  return out;
}

/** The one result object of a write (`{ message: 'Ok' }`, plus `id` for creates). */
export function parseWriteResult(op: OperationName, result: CallAnswer): WriteResult {
  return parseOne(op, writeResultSchema, result);
}

export function parseCreateResult(op: OperationName, result: CallAnswer): CreateResult {
  return parseOne(op, createResultSchema, result);
}

function parseOne<S extends z.ZodType>(op: OperationName, schema: S, { rows, url }: CallAnswer): z.output<S> {
  const parsed = schema.safeParse(rows[0]);
  if (!parsed.success) throw validationError(op, url, rows[0], parsed.error);
  return parsed.data;
}
