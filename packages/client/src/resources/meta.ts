/** meta/Get, meta/Set. */
import type { MetaFields } from '../schemas/fields.js';
import { type Meta, metaSchema, type WriteResult } from '../schemas/records.js';
import { checkId, checkParam, checkText } from './arguments.js';
import { type CallOptions, type ClientCore, list, write } from './core.js';

export interface MetaApi {
  /** meta/Get; `undefined` when the page never had meta (the service answers `[]`). */
  get(md: string, id: number, opts?: CallOptions): Promise<Meta | undefined>;
  /** meta/Set */
  update(md: string, id: number, fields: MetaFields, opts?: CallOptions): Promise<WriteResult>;
}

export function metaApi(core: ClientCore): MetaApi {
  return {
    async get(md, id, opts) {
      const op = 'meta/Get';
      const params = { id: checkId(op, 'id', id), md: checkText(op, 'md', md) };
      // A single record: an invalid one always throws (nothing to skip to).
      const { onInvalidRecord: _skipNone, ...callOptions } = opts ?? {};
      const [record] = await list(core, op, metaSchema, params, callOptions);
      return record;
    },
    async update(md, id, fields, opts) {
      const op = 'meta/Set';
      const params = { id: checkId(op, 'id', id), md: checkText(op, 'md', md) };
      return write(core, op, { params, param: checkParam(core, op, 'meta', fields) }, opts);
    },
  };
}
