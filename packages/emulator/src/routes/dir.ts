import type { FieldValues } from '../db/rows.js';
import type { Store } from '../db/store.js';
import { invalidParam, notFound } from '../errors.js';
import { readFields, readId, readText } from '../fields.js';
import { encodeSection, sectionUrls } from '../wire/encode.js';
import { created, ok, type Route } from './types.js';

export const dirRoutes: Route[] = [
  {
    operation: 'dir/Get',
    method: 'GET',
    handle: ({ sid, params, store }) => {
      const filter = { id: readId(params, 'id'), tx: readText(params, 'tx') };
      const urls = sectionUrls(store.listSections(sid));
      return store.listSections(sid, filter).map((s) => encodeSection(s, urls));
    },
  },
  {
    operation: 'dir/Set',
    method: 'POST',
    handle: ({ sid, params, store }) => {
      const id = readId(params, 'id', true);
      const fields = readFields(params, 'dir');
      const section = store.sectionById(sid, id);
      if (!section) throw notFound('Section', id);
      checkTree(store, sid, fields, section.tx);
      store.updateSection(sid, id, fields);
      return ok();
    },
  },
  {
    operation: 'dir/Write',
    method: 'POST',
    handle: ({ sid, params, store }) => {
      const fields = readFields(params, 'dir', ['tx']);
      checkTree(store, sid, fields, undefined);
      return created(store.createSection(sid, fields));
    },
  },
];

/** docs/interface.md: `tx` unique per site, `par` must exist (and, on update, must not be the section or below it). */
function checkTree(store: Store, sid: number, fields: FieldValues, ownTx: string | undefined): void {
  const tx = fields.tx;
  if (typeof tx === 'string' && tx !== ownTx) {
    const clash = store.sectionByTx(sid, tx);
    if (clash) throw invalidParam('param[tx]', `"${tx}" is already used by section ${clash.id}`);
  }
  const par = fields.par;
  if (typeof par !== 'string' || par === '') return;
  if (!store.sectionByTx(sid, par)) throw invalidParam('param[par]', `no section with tx "${par}"`);
  if (ownTx === undefined) return;
  // Walk up from the new parent: meeting the section itself would make a cycle.
  const seen = new Set<string>();
  for (let cur: string | undefined = par; cur && !seen.has(cur); cur = store.sectionByTx(sid, cur)?.par) {
    if (cur === ownTx) throw invalidParam('param[par]', 'a section cannot be placed under itself');
    seen.add(cur);
  }
}
