import type { FieldValues } from '../db/rows.js';
import type { ProductFilter, Store } from '../db/store.js';
import { notFound } from '../errors.js';
import { type Resource, readFields, readId, readText } from '../fields.js';
import type { RequestParams } from '../wire/params.js';
import { ok, type Route } from './types.js';

/** The `id`, `catid` and `cattx` filter shared by `goods/Get` and `article/Get`. */
export function readCatalogFilter(params: RequestParams): ProductFilter {
  return {
    id: readId(params, 'id'),
    catid: readId(params, 'catid'),
    cattx: readText(params, 'cattx'),
  };
}

/** A plain update by `id`: `param` checked against the writable fields, 404 when no record is found. */
export function updateById(
  resource: Resource,
  label: string,
  update: (store: Store, sid: number, id: number, fields: FieldValues) => boolean,
): Route['handle'] {
  return ({ sid, params, store }) => {
    const id = readId(params, 'id', true);
    const fields = readFields(params, resource);
    if (!update(store, sid, id, fields)) throw notFound(label, id);
    return ok();
  };
}
