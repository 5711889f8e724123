import type { Article } from '@sitecontent/client';
import type { LiveLoader } from 'astro/loaders';
import { articleModuleFor, buildArticleEntry } from '../entries/article-entry.js';
import type { ArticleData } from '../entries/schemas.js';
import { ARTICLES_LOADER_NAME } from '../loader-names.js';
import { catalogFilter } from '../loaders/shared.js';
import { type LiveArticlesLoaderOptions, liveArticlesOptionsSchema } from '../options/live-options.js';
import { type ArticlesLoaderOptions, articlesLoaderDefaults } from '../options/loader-options.js';
import { parseOptions, withDefaults } from '../options/parse-options.js';
import {
  defineLiveLoader,
  entryTags,
  type LiveCatalogFilter,
  type LiveEntryFilter,
  numericId,
} from './define-live-loader.js';
import { liveRuntime } from './live-runtime.js';

/** Live articles: `getLiveCollection('articles', { catid?, cattx? })`, `getLiveEntry('articles', id)`. */
export function liveArticlesLoader(
  options: LiveArticlesLoaderOptions = {},
): LiveLoader<ArticleData, LiveEntryFilter, LiveCatalogFilter> {
  const { site, ...given } = parseOptions(
    'liveArticlesLoader',
    liveArticlesOptionsSchema,
    options,
  ) as LiveArticlesLoaderOptions;
  const opts = withDefaults(articlesLoaderDefaults, given as ArticlesLoaderOptions);
  const rt = liveRuntime(opts, site);

  return defineLiveLoader(rt, {
    name: `${ARTICLES_LOADER_NAME}-live`,
    tag: 'articles',
    onlyVisible: opts.onlyVisible,
    list: (client, filter: LiveCatalogFilter | undefined, callOptions) =>
      client.articles.list(catalogFilter(filter), callOptions),
    keyOf: numericId,
    get: async (client, id) => (await client.articles.list({ id }))[0],
    async toEntries(client, articles: Article[]) {
      const [index, origin] = await Promise.all([rt.sectionIndex(client), rt.origin(client)]);
      const metas = await rt.metas(client, articles, articleModuleFor(opts.metaModule, index));
      return articles.map((article, i) => {
        const section = index.byId.get(article.catid)?.tx ?? null;
        const built = buildArticleEntry(
          article,
          section,
          opts.sanitize,
          opts.seo ? { meta: metas[i], origin } : undefined,
        );
        const id = String(article.id);
        return {
          id,
          ...built,
          cacheHint: { tags: entryTags('articles', id), ...(article.dt ? { lastModified: article.dt } : {}) },
        };
      });
    },
  });
}
