/** dir/Get, dir/Set, dir/Write. */
import type { SectionFields } from '../schemas/fields.js';
import { type CreateResult, type Section, sectionSchema, type WriteResult } from '../schemas/records.js';
import {
  type CallOptions,
  type ClientCore,
  checkId,
  checkParam,
  checkText,
  create,
  parseRecords,
  write,
} from './core.js';

export interface SectionFilter {
  id?: number;
  tx?: string;
}

export interface SectionsApi {
  /** dir/Get */
  list(filter?: SectionFilter, opts?: CallOptions): Promise<Section[]>;
  /** dir/Set */
  update(id: number, fields: SectionFields, opts?: CallOptions): Promise<WriteResult>;
  /** dir/Write (never retried once it may have reached the server) */
  create(fields: SectionFields, opts?: CallOptions): Promise<CreateResult>;
}

export function sectionsApi(core: ClientCore): SectionsApi {
  return {
    async list(filter = {}, opts) {
      const op = 'dir/Get';
      const params = {
        id: filter.id === undefined ? undefined : checkId(op, 'id', filter.id),
        tx: filter.tx === undefined ? undefined : checkText(op, 'tx', filter.tx),
      };
      return parseRecords(op, sectionSchema, await core.call(op, { params }, opts), opts);
    },
    async update(id, fields, opts) {
      const op = 'dir/Set';
      return write(
        core,
        op,
        { params: { id: checkId(op, 'id', id) }, param: checkParam(core, op, 'sections', fields) },
        opts,
      );
    },
    async create(fields, opts) {
      const op = 'dir/Write';
      return create(core, op, { param: checkParam(core, op, 'sections', fields) }, opts);
    },
  };
}
