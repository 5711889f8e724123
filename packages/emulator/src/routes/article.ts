import { readFields } from '../fields.js';
import { encodeArticle, sectionUrls } from '../wire/encode.js';
import { readCatalogFilter, updateById } from './common.js';
import { created, type Route } from './types.js';

export const articleRoutes: Route[] = [
  {
    operation: 'article/Get',
    method: 'GET',
    handle: ({ sid, params, store }) => {
      const filter = readCatalogFilter(params);
      const sections = store.listSections(sid);
      const urlByTx = sectionUrls(sections);
      const urlById = new Map(sections.map((s) => [s.id, urlByTx.get(s.tx) ?? `/${s.tx}`]));
      return store.listArticles(sid, filter).map((a) => encodeArticle(a, urlById));
    },
  },
  {
    operation: 'article/Update',
    method: 'POST',
    handle: updateById('article', 'Article', (store, sid, id, fields) =>
      store.updateArticle(sid, id, fields),
    ),
  },
  {
    operation: 'article/Write',
    method: 'POST',
    handle: ({ sid, params, store }) =>
      created(store.createArticle(sid, readFields(params, 'article', ['zag']))),
  },
];
