/** What every resource is made of: a call, its arguments checked, its records typed. */
import type { z } from 'zod';
import type { OperationInput } from '../http/encode.js';
import type { CallAnswer } from '../http/executor.js';
import type { OperationName } from '../http/operations.js';
import type { WritableResource } from '../schemas/fields.js';
import type { CreateResult, WriteResult } from '../schemas/records.js';
import { checkFilterMatch } from './answer-checks.js';
import { checkFilterKeys, checkFilterObject, checkId, checkParam } from './arguments.js';
import type { CallOptions, ReadOptions } from './call-options.js';
import { parseCreateResult, parseRecords, parseWriteResult } from './record-parsing.js';
import { TypingPass } from './typing-pass.js';

export type { CallOptions, ReadOptions } from './call-options.js';

/** The rows of an answer, its request URL with `key=***` and, when asked for, its body's digest. */
export type CallResult = CallAnswer;

/** A read's answer before typing; an unchanged `bodyDigest` lets a caller skip typing it. */
export interface ListAnswer<T> {
  /** SHA-256 of the body as the service sent it, base64url. */
  readonly bodyDigest: string;
  /** Rows in the answer before typing: as many records at most. */
  readonly rowCount: number;
  /** The records as `list` gives them, typed on the first call (later calls share it). */
  records(opts?: CallOptions): Promise<T[]>;
  /**
   * The same records a slice at a time, each as soon as it is typed: the typing yields to the event
   * loop between slices, so work started on the first ones goes on. Shares the typing of `records()`
   * (the first call's `opts` apply to both); throws what stops it, after the slices typed before.
   */
  slices(opts?: CallOptions): AsyncIterable<T[]>;
}

export interface ClientCore {
  readonly allowUnknownFields: boolean;
  call(
    op: OperationName,
    input: OperationInput,
    opts?: CallOptions,
    answer?: { digestBody?: boolean; knownBodyDigest?: string | undefined },
  ): Promise<CallResult>;
  /** `https://<domain>` for image URLs (`siteOrigin`, else site/DomainDefault once); `refresh` asks again. */
  siteOrigin(opts?: CallOptions & { refresh?: boolean }): Promise<string>;
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
  opts: ReadOptions | undefined,
  finish: (records: z.output<S>[], opts: CallOptions | undefined) => Promise<z.output<S>[]>,
): Promise<ListAnswer<z.output<S>>> {
  const knownBodyDigest = opts?.knownBodyDigest;
  const result = await core.call(op, { params }, opts, { digestBody: true, knownBodyDigest });
  let pass: TypingPass<z.output<S>> | undefined;
  // Typing empties the raw rows as it goes (parseRecords): it happens once.
  const typing = (recordOpts: CallOptions | undefined) => {
    pass ??= new TypingPass(result.rows.length, (from, to) =>
      finish(typedRecords(op, schema, params, result, recordOpts, from, to), recordOpts),
    );
    return pass;
  };
  return {
    bodyDigest: result.bodyDigest as string,
    // Asked for only once the records are: an answer with a known body is parsed then.
    get rowCount() {
      return result.rows.length;
    },
    // A known body is parsed here, on first use: what parsing throws is the promise's, or the iteration's.
    records: async (recordOpts) => typing(recordOpts).finished,
    async *slices(recordOpts) {
      yield* typing(recordOpts).slices();
    },
  };
}

function typedRecords<S extends z.ZodType>(
  op: OperationName,
  schema: S,
  params: OperationInput['params'],
  result: CallResult,
  opts: CallOptions | undefined,
  from?: number,
  to?: number,
): z.output<S>[] {
  const records = parseRecords(op, schema, result, opts, from, to);
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
  read(filter?: F, opts?: ReadOptions): Promise<ListAnswer<z.output<S>>>;
  update(id: number, fields: object, opts?: CallOptions): Promise<WriteResult>;
  create(fields: object, opts?: CallOptions): Promise<CreateResult>;
}

/** list/update/create of a resource of the common shape; arguments are checked before anything is sent. */
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
