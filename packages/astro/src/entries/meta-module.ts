/** The meta module (`md`) of a record's page (build-time and live loaders alike). */
import type { Article, Section } from '@sitecontent/client';
import { articleMetaModule } from '@sitecontent/client/internal';
import { callOption } from './option-callback.js';
import type { SectionIndex } from './section-index.js';

/** Chooses the `md` module of `meta/Get` per record. */
export type MetaModule<R> = string | ((record: R) => string);

/** The articles loaders' `metaModule`: a module, one chosen by the article and its section, or none. */
export type ArticleMetaModule =
  | string
  | ((article: Article, section: Section | undefined) => string)
  | undefined;

/** The `md` of a product or section: the `metaModule` option; a function that fails is named with the record. */
export function choosePageModule<R>(
  collection: string,
  metaModule: MetaModule<R>,
  record: R,
  recordId: number | string,
): string {
  return typeof metaModule === 'function'
    ? callOption(collection, 'metaModule', recordId, () => metaModule(record))
    : metaModule;
}

/** An article's `md`: the `metaModule` option, else the client's `articleMetaModule`; a failing function is named. */
export function chooseArticleModule(
  collection: string,
  metaModule: ArticleMetaModule,
  article: Article,
  index: SectionIndex,
): string {
  if (metaModule === undefined) return articleMetaModule(article, index);
  if (typeof metaModule === 'string') return metaModule;
  return callOption(collection, 'metaModule', article.id, () =>
    metaModule(article, index.byId.get(article.catid)),
  );
}
