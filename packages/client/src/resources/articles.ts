/** article/Get, article/Update, article/Write. */
import type { ArticleFields } from '../schemas/fields.js';
import { type Article, articleSchema, type CreateResult, type WriteResult } from '../schemas/records.js';
import { optionalId, optionalText } from './arguments.js';
import {
  type CallOptions,
  type ClientCore,
  type ListAnswer,
  type ReadOptions,
  recordResource,
} from './core.js';

export interface ArticleFilter {
  id?: number;
  catid?: number;
  cattx?: string;
}

export interface ArticlesApi {
  /** article/Get */
  list(filter?: ArticleFilter, opts?: CallOptions): Promise<Article[]>;
  /** article/Get, its records typed only when asked for (`ListAnswer`, as `products.read`) */
  read(filter?: ArticleFilter, opts?: ReadOptions): Promise<ListAnswer<Article>>;
  /** article/Update */
  update(id: number, fields: ArticleFields, opts?: CallOptions): Promise<WriteResult>;
  /** article/Write (never retried once it may have reached the server) */
  create(fields: ArticleFields, opts?: CallOptions): Promise<CreateResult>;
}

export function articlesApi(core: ClientCore): ArticlesApi {
  return recordResource(core, {
    ops: { list: 'article/Get', update: 'article/Update', create: 'article/Write' },
    schema: articleSchema,
    fields: 'articles',
    listParams: (op, filter: ArticleFilter = {}) => ({
      id: optionalId(op, 'id', filter.id),
      catid: optionalId(op, 'catid', filter.catid),
      cattx: optionalText(op, 'cattx', filter.cattx),
    }),
  });
}
