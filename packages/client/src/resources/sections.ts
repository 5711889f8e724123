/** dir/Get, dir/Set, dir/Write. */
import type { SectionFields } from '../schemas/fields.js';
import { type CreateResult, type Section, sectionSchema, type WriteResult } from '../schemas/records.js';
import { optionalId, optionalText } from './arguments.js';
import {
  type CallOptions,
  type ClientCore,
  type ListAnswer,
  type ReadOptions,
  recordResource,
} from './core.js';

export interface SectionFilter {
  id?: number;
  tx?: string;
}

export interface SectionsApi {
  /** dir/Get */
  list(filter?: SectionFilter, opts?: CallOptions): Promise<Section[]>;
  /** dir/Get, its records typed only when asked for (`ListAnswer`, as `products.read`) */
  read(filter?: SectionFilter, opts?: ReadOptions): Promise<ListAnswer<Section>>;
  /** dir/Set */
  update(id: number, fields: SectionFields, opts?: CallOptions): Promise<WriteResult>;
  /** dir/Write (never retried once it may have reached the server) */
  create(fields: SectionFields, opts?: CallOptions): Promise<CreateResult>;
}

export function sectionsApi(core: ClientCore): SectionsApi {
  return recordResource(core, {
    ops: { list: 'dir/Get', update: 'dir/Set', create: 'dir/Write' },
    schema: sectionSchema,
    fields: 'sections',
    listParams: (op, filter: SectionFilter = {}) => ({
      id: optionalId(op, 'id', filter.id),
      tx: optionalText(op, 'tx', filter.tx),
    }),
  });
}
