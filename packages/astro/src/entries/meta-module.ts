/** The meta module (`md`) of a record's page (build-time and live loaders alike). */
import type { Article } from '@sitecontent/client';
import { articleMetaModule } from '@sitecontent/client/internal';
import type { ArticlesLoaderOptions } from '../options/loader-options.js';
import type { MetaModule } from '../options/loader-shapes.js';
import { callOption } from './option-callback.js';
import type { SectionIndex } from './section-index.js';

/** The `md` of a product or section: the `metaModule` option; a function that fails is named with the record. */
export function pageModuleOf<R>(
  collection: string,
  metaModule: MetaModule<R>,
  record: R,
  recordId: number | string,
): string {
  return typeof metaModule === 'function'
    ? callOption(collection, 'metaModule', recordId, () => metaModule(record))
    : metaModule;
}

/**
 * The `md` of an article: the `metaModule` option (a function gets the article's section), else the
 * client's `articleMetaModule`, the rule `sitecontent meta pull` uses too; a function that fails is
 * named with the record.
 */
export function articleModuleOf(
  collection: string,
  metaModule: ArticlesLoaderOptions['metaModule'],
  article: Article,
  index: SectionIndex,
): string {
  if (metaModule === undefined) return articleMetaModule(article, index);
  if (typeof metaModule === 'string') return metaModule;
  return callOption(collection, 'metaModule', article.id, () =>
    metaModule(article, index.byId.get(article.catid)),
  );
}
