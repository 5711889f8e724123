import type { Loader } from 'astro/loaders';
import { articlePages } from '../../entries/page-kinds.js';
import { readUrlStyle } from '../../entries/page-url.js';
import { articleDataSchemaFor, type SeoOption } from '../../entries/schemas.js';
import { indexSections } from '../../entries/section-index.js';
import { ARTICLES_LOADER_NAME } from '../../loader-names.js';
import { catalogFilter } from '../../options/catalog-filter.js';
import { type ArticlesLoaderOptions, entryLoaderSettings } from '../../options/loader-options.js';
import type { FetchContext } from '../load-run/fetch-context.js';
import { runLoad } from '../load-run/run-load.js';
import { KEEP_STORED, type SyncSource } from '../staging/sync-item.js';
import { warnSectionsMissing } from './missing-sections.js';
import { movedLinks } from './moved-links.js';
import { pageFingerprint } from './page-fingerprint.js';
import { pageItems } from './page-items.js';

/** Articles (`article/Get`), by `String(id)`; `data.section` from `catid`, `null` when unknown. */
export function articlesLoader<const S extends string = 'sections', const Q extends SeoOption = undefined>(
  options: ArticlesLoaderOptions<S> & { seo?: Q } = {},
) {
  const settings = entryLoaderSettings<'articles', S, Q>('articles', options);
  return {
    name: ARTICLES_LOADER_NAME,
    schema: articleDataSchemaFor(settings.sectionsCollection, settings.seoPresence),
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'articles',
        options: settings.opts,
        metaMaxAge: settings.metaMaxAge,
        sanitize: settings.opts.sanitize,
        fingerprint: pageFingerprint(settings, ctx.config),
        fetch: (fc) => fetchArticles(fc, settings),
      }),
  } satisfies Loader;
}

/** What the fetch reads of the loader's settings. */
type ArticlesSettings = Pick<
  ReturnType<typeof entryLoaderSettings<'articles', string>>,
  'opts' | 'seo' | 'sectionsCollection'
>;

/** `article/Get`, then each article's meta and entry; unchanged answers keep the stored entries. */
async function fetchArticles(fc: FetchContext, settings: ArticlesSettings): Promise<SyncSource> {
  const { ctx, client, callOptions, siteOrigin, sections } = fc;
  const { opts, seo } = settings;
  const [answer, sync, origin] = await Promise.all([
    client.articles.read(catalogFilter(opts), callOptions),
    // Sections only give relations and meta modules; invalid ones are the sections loader's concern.
    sections(),
    seo ? siteOrigin() : Promise.resolve(''),
  ]);
  if (fc.keepsStored({ articles: answer.bodyDigest, sections: sync.bodyDigest, origin }, seo)) {
    return KEEP_STORED;
  }
  const all = await answer.records(callOptions);
  const articles = opts.onlyVisible ? all.filter((a) => a.shw) : all;
  const index = indexSections(sync.sections);
  warnSectionsMissing(
    ctx.logger,
    ctx.collection,
    articles.filter((article) => !index.byId.has(article.catid)),
  );
  const kind = articlePages({
    collection: ctx.collection,
    sectionsCollection: settings.sectionsCollection,
    urlStyle: readUrlStyle(ctx.config),
    metaModule: opts.metaModule,
    moved: movedLinks(ctx, sync.sections),
  });
  return pageItems(
    fc,
    articles.map((article) => kind(article, index)),
    seo,
    origin,
  );
}
