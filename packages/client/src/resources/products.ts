/** goods/Get, goods/Set, goods/Write, goods/Delete. */
import type { ProductFields } from '../schemas/fields.js';
import { type CreateResult, type Product, productSchema, type WriteResult } from '../schemas/records.js';
import { checkId, optionalId, optionalText } from './arguments.js';
import {
  type CallOptions,
  type ClientCore,
  type ListAnswer,
  type ReadOptions,
  recordResource,
  write,
} from './core.js';
import { withImageUrls } from './product-images.js';

export interface ProductFilter {
  id?: number;
  catid?: number;
  cattx?: string;
}

export interface ProductsApi {
  /** goods/Get */
  list(filter?: ProductFilter, opts?: CallOptions): Promise<Product[]>;
  /** goods/Get, typed only when asked: `bodyDigest` tells an unchanged catalog before any record is typed. */
  read(filter?: ProductFilter, opts?: ReadOptions): Promise<ListAnswer<Product>>;
  /** goods/Set */
  update(id: number, fields: ProductFields, opts?: CallOptions): Promise<WriteResult>;
  /** goods/Write (never retried once it may have reached the server: a retry could duplicate it) */
  create(fields: ProductFields, opts?: CallOptions): Promise<CreateResult>;
  /** goods/Delete */
  delete(id: number, opts?: CallOptions): Promise<WriteResult>;
}

export function productsApi(core: ClientCore): ProductsApi {
  const goods = recordResource(core, {
    ops: { list: 'goods/Get', update: 'goods/Set', create: 'goods/Write' },
    schema: productSchema,
    fields: 'products',
    listParams: (op, filter: ProductFilter = {}) => ({
      id: optionalId(op, 'id', filter.id),
      catid: optionalId(op, 'catid', filter.catid),
      cattx: optionalText(op, 'cattx', filter.cattx),
    }),
    // The photos' absolute URLs, on the site's origin: asked for only when a product has a photo.
    finish: async (products, opts) =>
      products.some((p) => p.img.length > 0)
        ? withImageUrls(products, await core.siteOrigin(opts), opts)
        : products,
  });
  return {
    ...goods,
    async delete(id, opts) {
      const op = 'goods/Delete';
      return write(core, op, { params: { id: checkId(op, 'id', id) } }, opts);
    },
  };
}
