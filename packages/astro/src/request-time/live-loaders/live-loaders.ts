/** The live loaders, for `src/live.config.ts`: per request, with the collection loaders' options and entries. */
import type { Article, CallOptions, Product, Section, SiteContentClient } from '@sitecontent/client';
import type { LiveLoader } from 'astro/loaders';
import { articlePages, productPages, recordPages, sectionPages } from '../../entries/page-kinds.js';
import type { ArticleData, ProductData, SectionData, SeoPresenceOf } from '../../entries/schemas.js';
import {
  ARTICLES_LOADER_NAME,
  liveLoaderName,
  PRODUCTS_LOADER_NAME,
  SECTIONS_LOADER_NAME,
} from '../../loader-names.js';
import { catalogFilter } from '../../options/catalog-filter.js';
import {
  type LiveArticlesLoaderOptions,
  type LiveProductsLoaderOptions,
  type LiveSectionsLoaderOptions,
  liveArticlesOptionsSchema,
  liveProductsOptionsSchema,
  liveSectionsOptionsSchema,
} from '../../options/live-options.js';
import { productPagesSource, withProductPages } from '../product-sitemaps/product-pages-source.js';
import {
  defineLiveLoader,
  type LiveCatalogFilter,
  type LiveEntryFilter,
  type LiveSectionsFilter,
  numericId,
} from './define-live-loader.js';
import { type LiveRuntime, liveSetup } from './live-runtime.js';

/** Listing (`catid`/`cattx`) and lookup by id; a fixed `metaModule` lets a lookup ask its meta alongside. */
function catalogLookups<R extends object>(
  rt: LiveRuntime,
  metaModule: string | undefined,
  api: (client: SiteContentClient) => {
    list(filter: { id?: number; catid?: number; cattx?: string }, opts?: CallOptions): Promise<R[]>;
  },
) {
  return {
    list: (client: SiteContentClient, filter: LiveCatalogFilter | undefined, callOptions: CallOptions) =>
      api(client).list(catalogFilter(filter), callOptions),
    parseKey: numericId,
    get: (client: SiteContentClient, id: number) =>
      rt.withMeta(client, metaModule, id, async () => (await api(client).list({ id }))[0]),
  };
}

/** Live products: `getLiveCollection('products', { catid?, cattx? })`, `getLiveEntry('products', id)`. */
export function liveProductsLoader<
  const S extends string = 'sections',
  const Q extends boolean | undefined = undefined,
>(
  options: LiveProductsLoaderOptions<S> & { seo?: Q } = {},
): LiveLoader<ProductData<S, SeoPresenceOf<Q>>, LiveEntryFilter, LiveCatalogFilter> {
  const { opts, rt, site } = liveSetup('liveProductsLoader', liveProductsOptionsSchema, options);
  const sectionsCollection = opts.sectionsCollection as S;

  // Typed by the `seo` option as written: the entries hold `seo` exactly when it is on.
  const loader = defineLiveLoader(rt, {
    name: liveLoaderName(PRODUCTS_LOADER_NAME),
    tag: 'products',
    onlyVisible: opts.onlyVisible,
    ...catalogLookups(
      rt,
      typeof opts.metaModule === 'string' ? opts.metaModule : undefined,
      (client) => client.products,
    ),
    async toEntries(client, all: Product[], reject, collection) {
      const [index, origin, imageOrigin] = await Promise.all([
        rt.sectionIndex(client, { tx: all.map((p) => p.cattx) }),
        rt.origin(client),
        client.site.origin(),
      ]);
      const kind = productPages({
        collection,
        sectionsCollection,
        urlStyle: rt.urlStyle(),
        metaModule: opts.metaModule,
        productUrl: opts.productUrl,
        imageOrigin,
      });
      const pages = recordPages(kind, all, index, (id, problem) => reject(id, problem.path, problem.message));
      return rt.entries(client, pages, { kind: 'products', origin });
    },
  });
  // The product sitemaps list the pages this loader makes (product-sitemaps/product-pages-source.ts).
  return withProductPages(loader, productPagesSource({ ...opts, site })) as LiveLoader<
    ProductData<S, SeoPresenceOf<Q>>,
    LiveEntryFilter,
    LiveCatalogFilter
  >;
}

/** Live articles: `getLiveCollection('articles', { catid?, cattx? })`, `getLiveEntry('articles', id)`. */
export function liveArticlesLoader<
  const S extends string = 'sections',
  const Q extends boolean | undefined = undefined,
>(
  options: LiveArticlesLoaderOptions<S> & { seo?: Q } = {},
): LiveLoader<ArticleData<S, SeoPresenceOf<Q>>, LiveEntryFilter, LiveCatalogFilter> {
  const { opts, rt } = liveSetup('liveArticlesLoader', liveArticlesOptionsSchema, options);
  const sectionsCollection = opts.sectionsCollection as S;

  // Typed by the `seo` option as written: the entries hold `seo` exactly when it is on.
  return defineLiveLoader(rt, {
    name: liveLoaderName(ARTICLES_LOADER_NAME),
    tag: 'articles',
    onlyVisible: opts.onlyVisible,
    // An article's module may follow its section (chooseArticleModule): known only once it is read.
    ...catalogLookups(
      rt,
      typeof opts.metaModule === 'string' ? opts.metaModule : undefined,
      (client) => client.articles,
    ),
    async toEntries(client, articles: Article[], _reject, collection) {
      const [index, origin] = await Promise.all([
        rt.sectionIndex(client, { id: articles.map((a) => a.catid), ancestors: true }),
        rt.origin(client),
      ]);
      const kind = articlePages({
        collection,
        sectionsCollection,
        urlStyle: rt.urlStyle(),
        metaModule: opts.metaModule,
      });
      const pages = articles.map((article) => kind(article, index));
      return rt.entries(client, pages, { kind: 'articles', origin });
    },
  }) as LiveLoader<ArticleData<S, SeoPresenceOf<Q>>, LiveEntryFilter, LiveCatalogFilter>;
}

/** Live sections: `getLiveCollection('sections', { tx? })`, `getLiveEntry('sections', tx)`. */
export function liveSectionsLoader<
  const S extends string = 'sections',
  const Q extends boolean | undefined = undefined,
>(
  options: LiveSectionsLoaderOptions<S> & { seo?: Q } = {},
): LiveLoader<SectionData<S, SeoPresenceOf<Q>>, LiveEntryFilter, LiveSectionsFilter> {
  const { opts, rt } = liveSetup('liveSectionsLoader', liveSectionsOptionsSchema, options);
  const sectionsCollection = opts.sectionsCollection as S;
  // For sections `shw` only hides them from menus (see `SectionsLoaderOptions.onlyVisible`).
  const onlyVisible = opts.onlyVisible;

  // Typed by the `seo` option as written: the entries hold `seo` exactly when it is on.
  return defineLiveLoader(rt, {
    name: liveLoaderName(SECTIONS_LOADER_NAME),
    tag: 'sections',
    onlyVisible,
    list: (client, filter: LiveSectionsFilter | undefined, callOptions) =>
      client.sections.list(filter?.tx === undefined ? undefined : { tx: filter.tx }, callOptions),
    parseKey: (id) => (typeof id === 'string' && id !== '' ? id : undefined),
    get: async (client, tx) => (await client.sections.list({ tx }))[0],
    async toEntries(client, sections: Section[], _reject, collection) {
      const [index, origin] = await Promise.all([
        rt.sectionIndex(client, { tx: sections.map((s) => s.par) }),
        rt.origin(client),
      ]);
      const kind = sectionPages({
        collection,
        sectionsCollection,
        urlStyle: rt.urlStyle(),
        metaModule: opts.metaModule,
        onlyVisible,
      });
      const pages = sections.map((section) => kind(section, index));
      return rt.entries(client, pages, { kind: 'sections', origin });
    },
  }) as LiveLoader<SectionData<S, SeoPresenceOf<Q>>, LiveEntryFilter, LiveSectionsFilter>;
}
