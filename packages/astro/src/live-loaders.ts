/**
 * Live loaders for `defineLiveCollection()` in `src/live.config.ts`: data fetched per request
 * instead of at build time. They never throw into a page render: every failure comes back as
 * `{ error }` with Astro's live error classes (`LiveEntryNotFoundError` for an unknown id,
 * `LiveCollectionError` otherwise, its message naming the operation and the redacted URL).
 */
import type { Article, CallOptions, Meta, Product, Section, SiteContentClient } from '@sitecontent/client';
import type { LiveDataEntry } from 'astro';
import type { LiveLoader } from 'astro/loaders';
import { z } from 'zod';
import { integrationSettings, resolveConnection, sharedClient } from './connection.js';
import { mapBounded } from './fan-out.js';
import {
  ARTICLES_LOADER_NAME,
  type ArticlesLoaderOptions,
  articleModuleFor,
  buildArticleEntry,
} from './loaders/articles-loader.js';
import {
  buildProductEntry,
  defaultProductUrl,
  PRODUCTS_LOADER_NAME,
  type ProductsLoaderOptions,
} from './loaders/products-loader.js';
import {
  buildSectionEntry,
  SECTIONS_LOADER_NAME,
  type SectionsLoaderOptions,
} from './loaders/sections-loader.js';
import { catalogFilter, indexSections, moduleOf, type SectionIndex } from './loaders/shared.js';
import {
  articlesOptionsSchema,
  productsOptionsSchema,
  sectionsOptionsSchema,
  validateOptions,
} from './options.js';
import type { ArticleData, ProductData, SectionData } from './schemas.js';

type LiveOptions<T> = Omit<T, 'onError' | 'onInvalid'> & {
  /** Absolute site origin for canonical URLs. @default the integration's `site`, else `site/DomainDefault` */
  site?: string;
};
export type LiveProductsLoaderOptions = LiveOptions<Omit<ProductsLoaderOptions, 'catid' | 'cattx'>>;
export type LiveArticlesLoaderOptions = LiveOptions<Omit<ArticlesLoaderOptions, 'catid' | 'cattx'>>;
export type LiveSectionsLoaderOptions = LiveOptions<SectionsLoaderOptions>;

/** `getLiveCollection()` filters. */
export interface LiveCatalogFilter {
  catid?: number;
  cattx?: string;
}
export interface LiveSectionsFilter {
  /** Only the section with this `tx`. */
  tx?: string;
}
/** `getLiveEntry()` filter: the entry id (product/article id, section `tx`). */
export type LiveEntryFilter = { id: string };

const CACHE_TAG = 'sitecontent';

async function liveError(collection: string, error: unknown): Promise<{ error: Error }> {
  const { LiveCollectionError } = await import('astro/content/runtime');
  const e = error as { message?: unknown; url?: unknown; operation?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const url = typeof e?.url === 'string' && e.url && !message.includes(e.url) ? ` (${e.url})` : '';
  return {
    error: new LiveCollectionError(
      collection,
      `${collection}: ${message}${url}`,
      error instanceof Error ? error : undefined,
    ),
  };
}

async function notFound(collection: string, filter: LiveEntryFilter): Promise<{ error: Error }> {
  const { LiveEntryNotFoundError } = await import('astro/content/runtime');
  return { error: new LiveEntryNotFoundError(collection, filter) };
}

const liveExtras = { site: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional() };
const liveProductsSchema = productsOptionsSchema
  .omit({ onError: true, onInvalid: true, catid: true, cattx: true })
  .extend(liveExtras);
const liveArticlesSchema = articlesOptionsSchema
  .omit({ onError: true, onInvalid: true, catid: true, cattx: true })
  .extend(liveExtras);
const liveSectionsSchema = sectionsOptionsSchema.omit({ onError: true, onInvalid: true }).extend(liveExtras);

function validateLive<T>(
  factory: string,
  schema: z.ZodType,
  options: unknown,
): { site: string | undefined; options: T } {
  const { site, ...rest } = validateOptions(factory, schema, options) as { site?: string };
  return { site, options: rest as T };
}

/** Per-loader runtime: connection, site origin, section index and `meta/Get` fan-out. */
interface LiveRuntime {
  client(collection: string): SiteContentClient;
  /** Origin for canonical URLs; `''` without `seo` (nothing asked). */
  origin(client: SiteContentClient): Promise<string>;
  /** Every section, indexed; an invalid section record is left out (it only gives URLs and names). */
  sectionIndex(client: SiteContentClient): Promise<SectionIndex>;
  /** `meta/Get` of each record in order with `seo`, else `[]` (no requests). */
  metas<R extends { id: number }>(
    client: SiteContentClient,
    records: readonly R[],
    moduleFor: (record: R) => string,
  ): Promise<(Meta | undefined)[]>;
}

function liveRuntime(
  options: { baseUrl?: string; apiKey?: string; sid?: number; seo?: boolean },
  site: string | undefined,
): LiveRuntime {
  let origin: Promise<string> | undefined;
  const siteOrigin = (client: SiteContentClient): Promise<string> => {
    const fixed = site ?? integrationSettings(undefined)?.siteOrigin;
    if (fixed) return Promise.resolve(new URL(fixed).origin);
    origin ??= client.site.defaultDomain().then((d) => `https://${d}`);
    origin.catch(() => {
      origin = undefined;
    });
    return origin;
  };
  return {
    // Resolved per call, so a dev restart or env change takes effect without rebuilding the loader.
    client: (collection) => sharedClient(resolveConnection(collection, options, undefined), undefined),
    origin: (client) => (options.seo ? siteOrigin(client) : Promise.resolve('')),
    sectionIndex: async (client) =>
      indexSections(await client.sections.list(undefined, { onInvalidRecord: () => {} })),
    metas: async (client, records, moduleFor) =>
      options.seo
        ? mapBounded(records, concurrencyOf(), (r, _i, signal) =>
            client.meta.get(moduleFor(r), r.id, { signal }),
          )
        : [],
  };
}

function concurrencyOf(): number {
  return integrationSettings(undefined)?.concurrency ?? 16;
}

function tags(collection: string, id: string): string[] {
  return [CACHE_TAG, `${CACHE_TAG}:${collection}`, `${CACHE_TAG}:${collection}:${id}`];
}

/** The record id of `getLiveEntry()` for products and articles: a positive integer. */
function numericId(id: string): number | undefined {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

type LiveData = ProductData | ArticleData | SectionData;
type LiveFilter = LiveCatalogFilter | LiveSectionsFilter;

/** What sets one live loader apart; {@link defineLiveLoader} does the rest the same way for all. */
interface LiveResource<R extends { shw: boolean }, D extends LiveData, F extends LiveFilter, K> {
  name: string;
  /** Collection part of the cache tags (`sitecontent:<tag>`), whatever the collection is called. */
  tag: string;
  /** Leave out records with `shw` = 0, in collections and as entries (not found). */
  onlyVisible: boolean;
  /** `getLiveCollection()`: the records matching `filter`, invalid ones left out per `callOptions`. */
  list(client: SiteContentClient, filter: F | undefined, callOptions: CallOptions): Promise<R[]>;
  /** The lookup key of `getLiveEntry()`'s id; `undefined` is not found without a request. */
  keyOf(id: string): K | undefined;
  /** `getLiveEntry()`: the record with `key` (an invalid record is an error, not a skip). */
  get(client: SiteContentClient, key: K): Promise<R | undefined>;
  toEntries(client: SiteContentClient, records: R[]): Promise<LiveDataEntry<D>[]>;
}

/** A live loader over one resource: filters, visibility, not-found and `{ error }` handled alike. */
function defineLiveLoader<R extends { shw: boolean }, D extends LiveData, F extends LiveFilter, K>(
  rt: LiveRuntime,
  resource: LiveResource<R, D, F, K>,
): LiveLoader<D, LiveEntryFilter, F> {
  return {
    name: resource.name,
    async loadCollection({ collection, filter }) {
      try {
        const client = rt.client(collection);
        const all = await resource.list(client, filter, { onInvalidRecord: () => {} });
        const entries = await resource.toEntries(
          client,
          resource.onlyVisible ? all.filter((r) => r.shw) : all,
        );
        return { entries, cacheHint: { tags: [CACHE_TAG, `${CACHE_TAG}:${resource.tag}`] } };
      } catch (error) {
        return liveError(collection, error);
      }
    },
    async loadEntry({ collection, filter }) {
      try {
        const key = resource.keyOf(filter.id);
        if (key === undefined) return notFound(collection, filter);
        const client = rt.client(collection);
        const record = await resource.get(client, key);
        if (!record || (resource.onlyVisible && !record.shw)) return notFound(collection, filter);
        const [entry] = await resource.toEntries(client, [record]);
        return entry;
      } catch (error) {
        return liveError(collection, error);
      }
    },
  };
}

/** Live products: `getLiveCollection('products', { catid?, cattx? })`, `getLiveEntry('products', id)`. */
export function liveProductsLoader(
  options: LiveProductsLoaderOptions = {},
): LiveLoader<ProductData, LiveEntryFilter, LiveCatalogFilter> {
  const { site, options: opts } = validateLive<ProductsLoaderOptions>(
    'liveProductsLoader',
    liveProductsSchema,
    options,
  );
  const rt = liveRuntime(opts, site);
  const sanitize = opts.sanitize ?? true;
  const metaModule = opts.metaModule ?? 'goods';
  const productUrl = opts.productUrl ?? defaultProductUrl;

  return defineLiveLoader(rt, {
    name: `${PRODUCTS_LOADER_NAME}-live`,
    tag: 'products',
    onlyVisible: opts.onlyVisible ?? true,
    list: (client, filter: LiveCatalogFilter | undefined, callOptions) =>
      client.products.list(catalogFilter(filter), callOptions),
    keyOf: numericId,
    get: async (client, id) => (await client.products.list({ id }))[0],
    async toEntries(client, products: Product[]) {
      const [index, origin] = await Promise.all([rt.sectionIndex(client), rt.origin(client)]);
      const metas = await rt.metas(client, products, (p) => moduleOf(metaModule, p));
      return products.map((product, i) => {
        const url = productUrl(product, index.byTx.get(product.cattx));
        const built = buildProductEntry(
          product,
          url,
          sanitize,
          opts.seo ? { meta: metas[i], origin } : undefined,
        );
        const id = String(product.id);
        return { id, ...built, cacheHint: { tags: tags('products', id), lastModified: product.dt } };
      });
    },
  });
}

/** Live articles: `getLiveCollection('articles', { catid?, cattx? })`, `getLiveEntry('articles', id)`. */
export function liveArticlesLoader(
  options: LiveArticlesLoaderOptions = {},
): LiveLoader<ArticleData, LiveEntryFilter, LiveCatalogFilter> {
  const { site, options: opts } = validateLive<ArticlesLoaderOptions>(
    'liveArticlesLoader',
    liveArticlesSchema,
    options,
  );
  const rt = liveRuntime(opts, site);
  const sanitize = opts.sanitize ?? true;

  return defineLiveLoader(rt, {
    name: `${ARTICLES_LOADER_NAME}-live`,
    tag: 'articles',
    onlyVisible: opts.onlyVisible ?? true,
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
          sanitize,
          opts.seo ? { meta: metas[i], origin } : undefined,
        );
        const id = String(article.id);
        return {
          id,
          ...built,
          cacheHint: { tags: tags('articles', id), ...(article.dt ? { lastModified: article.dt } : {}) },
        };
      });
    },
  });
}

/** Live sections: `getLiveCollection('sections', { tx? })`, `getLiveEntry('sections', tx)`. */
export function liveSectionsLoader(
  options: LiveSectionsLoaderOptions = {},
): LiveLoader<SectionData, LiveEntryFilter, LiveSectionsFilter> {
  const { site, options: opts } = validateLive<SectionsLoaderOptions>(
    'liveSectionsLoader',
    liveSectionsSchema,
    options,
  );
  const rt = liveRuntime(opts, site);
  const sanitize = opts.sanitize ?? true;
  const metaModule = opts.metaModule ?? 'dir';

  return defineLiveLoader(rt, {
    name: `${SECTIONS_LOADER_NAME}-live`,
    tag: 'sections',
    // For sections `shw` only hides them from menus (see `SectionsLoaderOptions.onlyVisible`).
    onlyVisible: opts.onlyVisible ?? false,
    list: (client, filter: LiveSectionsFilter | undefined, callOptions) =>
      client.sections.list(filter?.tx === undefined ? undefined : { tx: filter.tx }, callOptions),
    keyOf: (id) => (typeof id === 'string' && id !== '' ? id : undefined),
    get: async (client, tx) => (await client.sections.list({ tx }))[0],
    async toEntries(client, sections: Section[]) {
      const origin = await rt.origin(client);
      const metas = await rt.metas(client, sections, (s) => moduleOf(metaModule, s));
      return sections.map((section, i) => ({
        id: section.tx,
        ...buildSectionEntry(section, sanitize, opts.seo ? { meta: metas[i], origin } : undefined),
        cacheHint: { tags: tags('sections', section.tx) },
      }));
    },
  });
}
