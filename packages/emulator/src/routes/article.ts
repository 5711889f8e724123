import { notFound } from '../errors.js';
import { readFields, readId, readText } from '../fields.js';
import { encodeArticle, sectionUrls } from '../wire/encode.js';
import { created, ok, type Route } from './types.js';

export const articleRoutes: Route[] = [
  {
    operation: 'article/Get',
    method: 'GET',
    handle: ({ sid, params, store }) => {
      const filter = {
        id: readId(params, 'id'),
        catid: readId(params, 'catid'),
        cattx: readText(params, 'cattx'),
      };
      const sections = store.listSections(sid);
      const urlByTx = sectionUrls(sections);
      const urlById = new Map(sections.map((s) => [s.id, urlByTx.get(s.tx) ?? `/${s.tx}`]));
      return store.listArticles(sid, filter).map((a) => encodeArticle(a, urlById));
    },
  },
  {
    operation: 'article/Update',
    method: 'POST',
    handle: ({ sid, params, store }) => {
      const id = readId(params, 'id', true);
      const fields = readFields(params, 'article');
      if (!store.updateArticle(sid, id, fields)) throw notFound('Article', id);
      return ok();
    },
  },
  {
    operation: 'article/Write',
    method: 'POST',
    handle: ({ sid, params, store }) =>
      created(store.createArticle(sid, readFields(params, 'article', ['zag']))),
  },
];
