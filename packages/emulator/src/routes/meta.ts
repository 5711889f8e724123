import { invalidParam } from '../errors.js';
import { readFields, readId, readText } from '../fields.js';
import { encodeMeta } from '../wire/encode.js';
import type { RequestParams } from '../wire/params.js';
import { ok, type Route } from './types.js';

/** Modules are free-form names (`goods`, `dir`, `blog`, `news`, …): letters, digits, `_` and `-`. */
function readModule(params: RequestParams): string {
  const md = readText(params, 'md', true)!;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(md))
    throw invalidParam('md', 'expected a module name such as goods or blog');
  return md;
}

export const metaRoutes: Route[] = [
  {
    operation: 'meta/Get',
    method: 'GET',
    handle: ({ sid, params, store }) => {
      const id = readId(params, 'id', true);
      const row = store.getMeta(sid, readModule(params), id);
      // Meta for a page never set is 200 [] (docs/interface.md).
      return row ? [encodeMeta(row)] : [];
    },
  },
  {
    // An upsert for (sid, md, id): the page need not have meta yet.
    operation: 'meta/Set',
    method: 'POST',
    handle: ({ sid, params, store }) => {
      const id = readId(params, 'id', true);
      const md = readModule(params);
      store.setMeta(sid, md, id, readFields(params, 'meta'));
      return ok();
    },
  },
];
