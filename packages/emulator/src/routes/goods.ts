import { notFound } from '../errors.js';
import { readFields, readId, readText } from '../fields.js';
import { encodeProducts } from '../wire/encode.js';
import { created, ok, type Route } from './types.js';

export const goodsRoutes: Route[] = [
  {
    operation: 'goods/Get',
    method: 'GET',
    handle: ({ sid, params, store }) => {
      const filter = {
        id: readId(params, 'id'),
        catid: readId(params, 'catid'),
        cattx: readText(params, 'cattx'),
      };
      return encodeProducts(store.listProducts(sid, filter));
    },
  },
  {
    operation: 'goods/Set',
    method: 'POST',
    handle: ({ sid, params, store }) => {
      const id = readId(params, 'id', true);
      const fields = readFields(params, 'goods');
      if (!store.updateProduct(sid, id, fields)) throw notFound('Product', id);
      return ok();
    },
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
