import type { Loader } from 'astro/loaders';
import { buildArticleEntry } from '../entries/article-entry.js';
import { articleModuleOf } from '../entries/meta-module.js';
import { urlStyleOf } from '../entries/page-url.js';
import { articleDataSchemaFor, type SeoOption } from '../entries/schemas.js';
import { indexSections, sectionReference } from '../entries/section-index.js';
import { runLoad } from '../load/run-load.js';
import { ARTICLES_LOADER_NAME } from '../loader-names.js';
import { type ArticlesLoaderOptions, entryLoaderSettings } from '../options/loader-options.js';
import { catalogFilter, optionFingerprint, warnSectionsMissing } from './shared.js';

/**
 * Articles (`article/Get`). Entry id: `String(id)`. `data.section` refers to the article's section
 * (from `catid`), `null` when unknown. `txt` is the rendered body.
 */
export function articlesLoader<const S extends string = 'sections', const Q extends SeoOption = undefined>(
  options: ArticlesLoaderOptions<S> & { seo?: Q } = {},
) {
  const { opts, sectionsCollection, seo, seoPresence, metaMaxAge } = entryLoaderSettings<'articles', S, Q>(
    'articles',
    options,
  );
  const { onlyVisible, sanitize, metaModule } = opts;
  return {
    name: ARTICLES_LOADER_NAME,
    schema: articleDataSchemaFor(sectionsCollection, seoPresence),
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'articles',
        options: opts,
        metaMaxAge,
        sanitize,
        fingerprint: [
          onlyVisible,
          sanitize,
          seo,
          sectionsCollection,
          optionFingerprint(metaModule),
          urlStyleOf(ctx.config),
        ],
        async fetch({ ctx, client, callOptions, itemsWithMeta, siteOrigin, sections }) {
          const urlStyle = urlStyleOf(ctx.config);
          const [all, shared, origin] = await Promise.all([
            client.articles.list(catalogFilter(opts), callOptions),
            // Sections only give relations and meta modules; invalid ones are the sections loader's concern.
            sections(),
            seo ? siteOrigin() : Promise.resolve(''),
          ]);
          const articles = onlyVisible ? all.filter((a) => a.shw) : all;
          const index = indexSections(shared.sections);
          warnSectionsMissing(
            ctx.logger,
            ctx.collection,
            articles.filter((article) => !index.byId.has(article.catid)),
          );
          return itemsWithMeta(
            articles,
            seo
              ? (article) => ({
                  record: article,
                  md: articleModuleOf(ctx.collection, metaModule, article, index),
                  id: article.id,
                })
              : undefined,
            (article, meta) => {
              const ref = sectionReference(sectionsCollection, index.byId.get(article.catid));
              return {
                id: String(article.id),
                digestInputs: { record: article, section: ref, meta, origin },
                html: [article.stxt, article.txt],
                build: (clean) =>
                  buildArticleEntry(article, {
                    section: ref,
                    cleanHtml: clean,
                    seo: seo ? { meta, origin } : undefined,
                    urlStyle,
                  }),
              };
            },
          );
        },
      }),
  } satisfies Loader;
}
