import { notFound } from '../errors.js';
import { readFields, readId } from '../fields.js';
import { encodeProducts } from '../wire/encode.js';
import { readCatalogFilter, updateById } from './common.js';
import { created, ok, type Route } from './types.js';

export const goodsRoutes: Route[] = [
  {
    operation: 'goods/Get',
    method: 'GET',
    handle: ({ sid, params, store }) => encodeProducts(store.listProducts(sid, readCatalogFilter(params))),
  },
  {
    operation: 'goods/Set',
    method: 'POST',
    handle: updateById('goods', 'Product', (store, sid, id, fields) => store.updateProduct(sid, id, fields)),
  },
  {
    operation: 'goods/Write',
    method: 'POST',
    handle: ({ sid, params, store }) =>
      created(store.createProduct(sid, readFields(params, 'goods', ['zag']))),
  },
  {
    operation: 'goods/Delete',
    method: 'POST',
    handle: ({ sid, params, store }) => {
      const id = readId(params, 'id', true);
      if (!store.deleteProduct(sid, id)) throw notFound('Product', id);
      return ok();
    },
  },
];
