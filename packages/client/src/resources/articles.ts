/** article/Get, article/Update, article/Write. */
import type { ArticleFields } from '../schemas/fields.js';
import { type Article, articleSchema, type CreateResult, type WriteResult } from '../schemas/records.js';
import {
  type CallOptions,
  type ClientCore,
  checkId,
  checkParam,
  checkText,
  create,
  parseRecords,
  write,
} from './core.js';

export interface ArticleFilter {
  id?: number;
  catid?: number;
  cattx?: string;
}

export interface ArticlesApi {
  /** article/Get */
  list(filter?: ArticleFilter, opts?: CallOptions): Promise<Article[]>;
  /** article/Update */
  update(id: number, fields: ArticleFields, opts?: CallOptions): Promise<WriteResult>;
  /** article/Write (never retried once it may have reached the server) */
  create(fields: ArticleFields, opts?: CallOptions): Promise<CreateResult>;
}

export function articlesApi(core: ClientCore): ArticlesApi {
  return {
    async list(filter = {}, opts) {
      const op = 'article/Get';
      const params = {
        id: filter.id === undefined ? undefined : checkId(op, 'id', filter.id),
        catid: filter.catid === undefined ? undefined : checkId(op, 'catid', filter.catid),
        cattx: filter.cattx === undefined ? undefined : checkText(op, 'cattx', filter.cattx),
      };
      return parseRecords(op, articleSchema, await core.call(op, { params }, opts), opts);
    },
    async update(id, fields, opts) {
      const op = 'article/Update';
      return write(
        core,
        op,
        { params: { id: checkId(op, 'id', id) }, param: checkParam(core, op, 'articles', fields) },
        opts,
      );
    },
    async create(fields, opts) {
      const op = 'article/Write';
      return create(core, op, { param: checkParam(core, op, 'articles', fields) }, opts);
    },
  };
}
