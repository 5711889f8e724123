/** What every resource needs from the client: one call, argument checks and record validation. */
import type { z } from 'zod';
import { RecordValidationError } from '../errors/record-validation-error.js';
import { InvalidArgumentError } from '../errors/write-rejected-error.js';
import type { OperationInput } from '../http/encode.js';
import type { CallAnswer } from '../http/executor.js';
import type { OperationName } from '../http/operations.js';
import { type ParamValue, WRITABLE_FIELDS, type WritableResource } from '../schemas/fields.js';
import {
  type CreateResult,
  createResultSchema,
  type WriteResult,
  writeResultSchema,
} from '../schemas/records.js';
import { checkFilterMatch, deepRecordError, tooDeepField } from './answer-checks.js';

/** Options every method takes as its last argument. */
export interface CallOptions {
  /**
   * Aborts this call (also while it waits for a slot, the back-off gate or a retry); the call
   * rejects with the signal's reason, or with a TimeoutError when the signal timed out
   * (`AbortSignal.timeout(…)`).
   */
  signal?: AbortSignal;
  /**
   * Deadline of this whole call in ms: waiting for a slot or the back-off gate, every attempt and
   * every retry wait. Past it the call fails with a TimeoutError naming the operation and this
   * value. The client's `timeoutMs` still bounds each attempt. @default undefined (no deadline)
   */
  timeoutMs?: number;
  /**
   * Without it, the first invalid record of a list throws a RecordValidationError; with it, each
   * invalid record is reported here and skipped.
   */
  onInvalidRecord?: (err: RecordValidationError) => void;
}

/** The rows of an answer, its request URL with `key=***` and, when asked for, its body's digest. */
export type CallResult = CallAnswer;

/**
 * A read's answer before its records are typed. Its `bodyDigest` tells an answer byte-identical to
 * an earlier one, so a caller that kept what it made of that one can skip typing this one.
 */
export interface ListAnswer<T> {
  /** SHA-256 of the body as the service sent it, base64url. */
  readonly bodyDigest: string;
  /**
   * The records, validated and checked as `list` gives them (`opts.onInvalidRecord` hears of the
   * invalid ones). They are typed on the first call; later calls get that call's result.
   */
  records(opts?: CallOptions): Promise<T[]>;
}

export interface ClientCore {
  readonly allowUnknownFields: boolean;
  call(
    op: OperationName,
    input: OperationInput,
    opts?: CallOptions,
    answer?: { digestBody?: boolean },
  ): Promise<CallResult>;
  /**
   * `https://<domain>` for absolute image URLs (option `siteOrigin`, else site/DomainDefault once);
   * `refresh` asks the service again.
   */
  siteOrigin(opts?: CallOptions & { refresh?: boolean }): Promise<string>;
}

export function checkId(op: OperationName, name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw new InvalidArgumentError(`${op}: ${name} must be a non-negative safe integer`, { operation: op });
  }
  return v;
}

export function checkText(op: OperationName, name: string, v: unknown, allowEmpty = false): string {
  if (typeof v !== 'string' || (!allowEmpty && v === '')) {
    throw new InvalidArgumentError(`${op}: ${name} must be a non-empty string`, { operation: op });
  }
  return v;
}

/**
 * A list filter may only hold the keys its operation takes: a misspelled one (`catId`) would be
 * dropped, and the call would read the whole catalog instead of one section.
 */
export function checkFilterKeys(
  op: OperationName,
  filter: unknown,
  params: object | undefined,
  known: readonly string[] = Object.keys(params ?? {}),
): void {
  if (filter === undefined || filter === null || typeof filter !== 'object') return;
  const unknown = Object.keys(filter).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(
      `${op}: unknown filter(s) ${unknown.join(', ')} (known: ${known.join(', ')})`,
      {
        operation: op,
      },
    );
  }
}

/** A list filter is an object (or left out): `null` or a number would fail later, and less clearly. */
export function checkFilterObject(op: OperationName, filter: unknown, required = false): void {
  if (filter === undefined && !required) return;
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) {
    throw new InvalidArgumentError(`${op}: the filter must be an object${required ? '' : ' or left out'}`, {
      operation: op,
    });
  }
}

/** An optional list filter: left out when `undefined`, else checked like `checkId`. */
export function optionalId(op: OperationName, name: string, v: unknown): number | undefined {
  return v === undefined ? undefined : checkId(op, name, v);
}

/** An optional list filter: left out when `undefined`, else checked like `checkText`. */
export function optionalText(op: OperationName, name: string, v: unknown): string | undefined {
  return v === undefined ? undefined : checkText(op, name, v);
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * `param` checked before anything is sent: keys against WRITABLE_FIELDS (unless
 * `allowUnknownFields`), values of a type the wire can carry.
 */
export function checkParam(
  core: ClientCore,
  op: OperationName,
  resource: WritableResource,
  fields: object,
): Record<string, ParamValue> {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
    throw new InvalidArgumentError(`${op}: fields must be an object`, { operation: op });
  }
  const allowed: readonly string[] = WRITABLE_FIELDS[resource];
  const out: Record<string, ParamValue> = {};
  for (const [key, value] of Object.entries(fields) as [string, unknown][]) {
    if (value === undefined) continue;
    if (!core.allowUnknownFields && !allowed.includes(key)) {
      throw new InvalidArgumentError(
        `${op}: unknown field "${key}" (writable: ${allowed.join(', ')}; set allowUnknownFields to send it anyway)`,
        { operation: op },
      );
    }
    const ok =
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (value instanceof Date && !Number.isNaN(value.getTime()));
    if (!ok) {
      throw new InvalidArgumentError(
        `${op}: field "${key}" must be a string, finite number, boolean or valid Date`,
        {
          operation: op,
        },
      );
    }
    if (key === 'color' && resource === 'modifications' && value !== '' && !HEX_COLOUR.test(String(value))) {
      throw new InvalidArgumentError(`${op}: field "color" must be #rrggbb or ''`, { operation: op });
    }
    out[key] = value as ParamValue;
  }
  if (Object.keys(out).length === 0) {
    throw new InvalidArgumentError(`${op}: no fields to write`, { operation: op });
  }
  return out;
}

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

/** Validate every row; invalid ones throw or, with `onInvalidRecord`, are reported and skipped. */
export function parseRecords<S extends z.ZodType>(
  op: OperationName,
  schema: S,
  { rows, url }: CallResult,
  opts?: CallOptions,
): z.output<S>[] {
  const out: z.output<S>[] = [];
  for (let i = 0; i < rows.length; i++) {
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
export function parseWriteResult(op: OperationName, result: CallResult): WriteResult {
  return parseOne(op, writeResultSchema, result);
}

export function parseCreateResult(op: OperationName, result: CallResult): CreateResult {
  return parseOne(op, createResultSchema, result);
}

function parseOne<S extends z.ZodType>(op: OperationName, schema: S, { rows, url }: CallResult): z.output<S> {
  const parsed = schema.safeParse(rows[0]);
  if (!parsed.success) throw validationError(op, url, rows[0], parsed.error);
  return parsed.data;
}

/** A read: one call, then every record validated (see `parseRecords`) and matched to the filter. */
export async function list<S extends z.ZodType>(
  core: ClientCore,
  op: OperationName,
  schema: S,
  params: OperationInput['params'],
  opts?: CallOptions,
): Promise<z.output<S>[]> {
  return typedRecords(op, schema, params, await core.call(op, { params }, opts), opts);
}

/** A read whose records are typed when asked for (`ListAnswer`); `finish` completes them. */
async function readList<S extends z.ZodType>(
  core: ClientCore,
  op: OperationName,
  schema: S,
  params: OperationInput['params'],
  opts: CallOptions | undefined,
  finish: (records: z.output<S>[], opts: CallOptions | undefined) => Promise<z.output<S>[]>,
): Promise<ListAnswer<z.output<S>>> {
  const result = await core.call(op, { params }, opts, { digestBody: true });
  let typed: Promise<z.output<S>[]> | undefined;
  return {
    bodyDigest: result.bodyDigest as string,
    records(recordOpts) {
      // Typing empties the raw rows as it goes (parseRecords): it happens once.
      typed ??= (async () => finish(typedRecords(op, schema, params, result, recordOpts), recordOpts))();
      return typed;
    },
  };
}

function typedRecords<S extends z.ZodType>(
  op: OperationName,
  schema: S,
  params: OperationInput['params'],
  result: CallResult,
  opts: CallOptions | undefined,
): z.output<S>[] {
  const records = parseRecords(op, schema, result, opts);
  checkFilterMatch(op, result.url, params, records);
  return records;
}

export async function write(
  core: ClientCore,
  op: OperationName,
  input: OperationInput,
  opts?: CallOptions,
): Promise<WriteResult> {
  return parseWriteResult(op, await core.call(op, input, opts));
}

export async function create(
  core: ClientCore,
  op: OperationName,
  input: OperationInput,
  opts?: CallOptions,
): Promise<CreateResult> {
  return parseCreateResult(op, await core.call(op, input, opts));
}

/** How a record resource names its operations, validates its records and checks its filter and fields. */
export interface RecordResourceSpec<S extends z.ZodType, F> {
  ops: { list: OperationName; update: OperationName; create: OperationName };
  /** Each listed record is validated against it (see `parseRecords`). */
  schema: S;
  /** Which WRITABLE_FIELDS entry `update` and `create` accept. */
  fields: WritableResource;
  /** The list operation's checked query parameters, from the caller's filter. */
  listParams(op: OperationName, filter: F | undefined): OperationInput['params'];
  /** What a read does to the validated records before handing them over (the photos' URLs). */
  finish?(records: z.output<S>[], opts: CallOptions | undefined): Promise<z.output<S>[]>;
}

export interface RecordResource<S extends z.ZodType, F> {
  list(filter?: F, opts?: CallOptions): Promise<z.output<S>[]>;
  read(filter?: F, opts?: CallOptions): Promise<ListAnswer<z.output<S>>>;
  update(id: number, fields: object, opts?: CallOptions): Promise<WriteResult>;
  create(fields: object, opts?: CallOptions): Promise<CreateResult>;
}

/**
 * list/update/create of a resource whose operations have the common shape: a filtered read, a
 * write by `id`, and a create from fields alone. Arguments are checked before anything is sent
 * (the `id` before the fields).
 */
export function recordResource<S extends z.ZodType, F>(
  core: ClientCore,
  spec: RecordResourceSpec<S, F>,
): RecordResource<S, F> {
  const { ops, schema, fields: resource } = spec;
  const finish = spec.finish ?? (async (records) => records);
  const listParams = (filter: F | undefined) => {
    checkFilterObject(ops.list, filter);
    const params = spec.listParams(ops.list, filter);
    checkFilterKeys(ops.list, filter, params);
    return params;
  };
  return {
    async list(filter, opts) {
      return finish(await list(core, ops.list, schema, listParams(filter), opts), opts);
    },
    async read(filter, opts) {
      return readList(core, ops.list, schema, listParams(filter), opts, finish);
    },
    async update(id, fields, opts) {
      const op = ops.update;
      const input = { params: { id: checkId(op, 'id', id) }, param: checkParam(core, op, resource, fields) };
      return write(core, op, input, opts);
    },
    async create(fields, opts) {
      const op = ops.create;
      return create(core, op, { param: checkParam(core, op, resource, fields) }, opts);
    },
  };
}
