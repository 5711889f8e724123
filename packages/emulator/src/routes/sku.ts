import { notFound } from '../errors.js';
import { readFields, readId, readText } from '../fields.js';
import { encodeModification } from '../wire/encode.js';
import { updateById } from './common.js';
import { created, type Route } from './types.js';

export const skuRoutes: Route[] = [
  {
    operation: 'goods/SkuGet',
    method: 'GET',
    handle: ({ sid, params, store }) => {
      const goodsId = readId(params, 'goods_id', true);
      const filter = { id: readId(params, 'id'), articul: readText(params, 'articul') };
      return store.listModifications(sid, goodsId, filter).map(encodeModification);
    },
  },
  {
    // The spec labels `id` a product number, but the operation updates the modification `id`.
    operation: 'goods/SkuSet',
    method: 'POST',
    handle: updateById('modification', 'Modification', (store, sid, id, fields) =>
      store.updateModification(sid, id, fields),
    ),
  },
  {
    operation: 'goods/SkuWrite',
    method: 'POST',
    handle: ({ sid, params, store }) => {
      const goodsId = readId(params, 'goods_id', true);
      const fields = readFields(params, 'modification');
      const id = store.createModification(sid, goodsId, fields);
      if (id === undefined) throw notFound('Product', goodsId);
      return created(id);
    },
  },
];
