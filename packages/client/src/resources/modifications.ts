/** goods/SkuGet, goods/SkuSet, goods/SkuWrite. */
import type { ModificationFields } from '../schemas/fields.js';
import {
  type CreateResult,
  type Modification,
  modificationSchema,
  type WriteResult,
} from '../schemas/records.js';
import {
  checkFilterKeys,
  checkFilterObject,
  checkId,
  checkParam,
  optionalId,
  optionalText,
} from './arguments.js';
import { type CallOptions, type ClientCore, create, list, write } from './core.js';

export interface ModificationFilter {
  /** The product whose modifications to read (required by the service). */
  goodsId: number;
  id?: number;
  articul?: string;
}

export interface ModificationsApi {
  /** goods/SkuGet */
  list(filter: ModificationFilter, opts?: CallOptions): Promise<Modification[]>;
  /** goods/SkuSet (`id` is the modification's number) */
  update(id: number, fields: ModificationFields, opts?: CallOptions): Promise<WriteResult>;
  /** goods/SkuWrite (never retried once it may have reached the server) */
  create(goodsId: number, fields: ModificationFields, opts?: CallOptions): Promise<CreateResult>;
}

export function modificationsApi(core: ClientCore): ModificationsApi {
  return {
    async list(filter, opts) {
      const op = 'goods/SkuGet';
      // Named as the caller writes them (`goodsId`, not the wire's `goods_id`), before the id check.
      checkFilterObject(op, filter, true);
      checkFilterKeys(op, filter, undefined, ['goodsId', 'id', 'articul']);
      const params = {
        goods_id: checkId(op, 'goodsId', filter?.goodsId),
        id: optionalId(op, 'id', filter.id),
        articul: optionalText(op, 'articul', filter.articul),
      };
      return list(core, op, modificationSchema, params, opts);
    },
    async update(id, fields, opts) {
      const op = 'goods/SkuSet';
      const param = checkParam(core, op, 'modifications', fields);
      return write(core, op, { params: { id: checkId(op, 'id', id) }, param }, opts);
    },
    async create(goodsId, fields, opts) {
      const op = 'goods/SkuWrite';
      const param = checkParam(core, op, 'modifications', fields);
      return create(core, op, { params: { goods_id: checkId(op, 'goodsId', goodsId) }, param }, opts);
    },
  };
}
