/**
 * Live loaders for `defineLiveCollection()` in `src/live.config.ts`: data fetched per request
 * instead of at build time. They never throw into a page render: every failure comes back as
 * `{ error }` with Astro's live error classes (`LiveEntryNotFoundError` for an unknown id,
 * `LiveCollectionError` otherwise, its message naming the operation and the redacted URL).
 */
import type { Article, Meta, Product, SiteContentClient } from '@sitecontent/client';
import type { LiveLoader } from 'astro/loaders';
import { z } from 'zod';
import { integrationSettings, resolveConnection, sharedClient } from './connection.js';
import { mapBounded } from './fan-out.js';
import {
  ARTICLES_LOADER_NAME,
  type ArticlesLoaderOptions,
  buildArticleEntry,
  defaultArticleModule,
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
import { indexSections, moduleOf } from './loaders/shared.js';
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

interface LiveRuntime {
  client(collection: string): SiteContentClient;
  origin(client: SiteContentClient): Promise<string>;
}

function liveRuntime(
  options: { baseUrl?: string; apiKey?: string; sid?: number },
  site: string | undefined,
): LiveRuntime {
  let origin: Promise<string> | undefined;
  return {
    // Resolved per call, so a dev restart or env change takes effect without rebuilding the loader.
    client: (collection) => sharedClient(resolveConnection(collection, options, undefined), undefined),
    origin: (client) => {
      const fixed = site ?? integrationSettings(undefined)?.siteOrigin;
      if (fixed) return Promise.resolve(new URL(fixed).origin);
      origin ??= client.site.defaultDomain().then((d) => `https://${d}`);
      origin.catch(() => {
        origin = undefined;
      });
      return origin;
    },
  };
}

function concurrencyOf(): number {
  return integrationSettings(undefined)?.concurrency ?? 16;
}

function tags(collection: string, id: string): string[] {
  return [CACHE_TAG, `${CACHE_TAG}:${collection}`, `${CACHE_TAG}:${collection}:${id}`];
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
  const onlyVisible = opts.onlyVisible ?? true;
  const sanitize = opts.sanitize ?? true;
  const metaModule = opts.metaModule ?? 'goods';
  const productUrl = opts.productUrl ?? defaultProductUrl;

  async function toEntries(client: SiteContentClient, products: Product[], signal?: AbortSignal) {
    const [sections, origin] = await Promise.all([
      client.sections.list(undefined, { onInvalidRecord: () => {} }),
      opts.seo ? rt.origin(client) : Promise.resolve(''),
    ]);
    const index = indexSections(sections);
    const metas: (Meta | undefined)[] = opts.seo
      ? await mapBounded(
          products,
          concurrencyOf(),
          (p, _i, s) => client.meta.get(moduleOf(metaModule, p), p.id, { signal: s }),
          undefined,
          signal,
        )
      : [];
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
  }

  return {
    name: `${PRODUCTS_LOADER_NAME}-live`,
    async loadCollection({ collection, filter }) {
      try {
        const client = rt.client(collection);
        const all = await client.products.list(
          {
            ...(filter?.catid === undefined ? {} : { catid: filter.catid }),
            ...(filter?.cattx === undefined ? {} : { cattx: filter.cattx }),
          },
          { onInvalidRecord: () => {} },
        );
        const entries = await toEntries(client, onlyVisible ? all.filter((p) => p.shw) : all);
        return { entries, cacheHint: { tags: [CACHE_TAG, `${CACHE_TAG}:products`] } };
      } catch (error) {
        return liveError(collection, error);
      }
    },
    async loadEntry({ collection, filter }) {
      try {
        const id = Number(filter.id);
        if (!Number.isInteger(id) || id <= 0) return notFound(collection, filter);
        const client = rt.client(collection);
        const [product] = await client.products.list({ id });
        if (!product || (onlyVisible && !product.shw)) return notFound(collection, filter);
        const [entry] = await toEntries(client, [product]);
        return entry;
      } catch (error) {
        return liveError(collection, error);
      }
    },
  };
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
  const onlyVisible = opts.onlyVisible ?? true;
  const sanitize = opts.sanitize ?? true;

  async function toEntries(client: SiteContentClient, articles: Article[]) {
    const [sections, origin] = await Promise.all([
      client.sections.list(undefined, { onInvalidRecord: () => {} }),
      opts.seo ? rt.origin(client) : Promise.resolve(''),
    ]);
    const index = indexSections(sections);
    const moduleFor = (a: Article) => {
      const section = index.byId.get(a.catid);
      const m = opts.metaModule;
      if (m === undefined) return defaultArticleModule(section, index);
      return typeof m === 'function' ? m(a, section) : m;
    };
    const metas: (Meta | undefined)[] = opts.seo
      ? await mapBounded(articles, concurrencyOf(), (a, _i, signal) =>
          client.meta.get(moduleFor(a), a.id, { signal }),
        )
      : [];
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
  }

  return {
    name: `${ARTICLES_LOADER_NAME}-live`,
    async loadCollection({ collection, filter }) {
      try {
        const client = rt.client(collection);
        const all = await client.articles.list(
          {
            ...(filter?.catid === undefined ? {} : { catid: filter.catid }),
            ...(filter?.cattx === undefined ? {} : { cattx: filter.cattx }),
          },
          { onInvalidRecord: () => {} },
        );
        const entries = await toEntries(client, onlyVisible ? all.filter((a) => a.shw) : all);
        return { entries, cacheHint: { tags: [CACHE_TAG, `${CACHE_TAG}:articles`] } };
      } catch (error) {
        return liveError(collection, error);
      }
    },
    async loadEntry({ collection, filter }) {
      try {
        const id = Number(filter.id);
        if (!Number.isInteger(id) || id <= 0) return notFound(collection, filter);
        const client = rt.client(collection);
        const [article] = await client.articles.list({ id });
        if (!article || (onlyVisible && !article.shw)) return notFound(collection, filter);
        const [entry] = await toEntries(client, [article]);
        return entry;
      } catch (error) {
        return liveError(collection, error);
      }
    },
  };
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
  const onlyVisible = opts.onlyVisible ?? false;
  const sanitize = opts.sanitize ?? true;
  const metaModule = opts.metaModule ?? 'dir';

  async function toEntries(
    client: SiteContentClient,
    sections: Awaited<ReturnType<SiteContentClient['sections']['list']>>,
  ) {
    const origin = opts.seo ? await rt.origin(client) : '';
    const metas: (Meta | undefined)[] = opts.seo
      ? await mapBounded(sections, concurrencyOf(), (s, _i, signal) =>
          client.meta.get(moduleOf(metaModule, s), s.id, { signal }),
        )
      : [];
    return sections.map((section, i) => ({
      id: section.tx,
      ...buildSectionEntry(section, sanitize, opts.seo ? { meta: metas[i], origin } : undefined),
      cacheHint: { tags: tags('sections', section.tx) },
    }));
  }

  return {
    name: `${SECTIONS_LOADER_NAME}-live`,
    async loadCollection({ collection, filter }) {
      try {
        const client = rt.client(collection);
        const all = await client.sections.list(filter?.tx === undefined ? undefined : { tx: filter.tx }, {
          onInvalidRecord: () => {},
        });
        const entries = await toEntries(client, onlyVisible ? all.filter((s) => s.shw) : all);
        return { entries, cacheHint: { tags: [CACHE_TAG, `${CACHE_TAG}:sections`] } };
      } catch (error) {
        return liveError(collection, error);
      }
    },
    async loadEntry({ collection, filter }) {
      try {
        if (typeof filter.id !== 'string' || filter.id === '') return notFound(collection, filter);
        const client = rt.client(collection);
        const [section] = await client.sections.list({ tx: filter.id });
        if (!section || (onlyVisible && !section.shw)) return notFound(collection, filter);
        const [entry] = await toEntries(client, [section]);
        return entry;
      } catch (error) {
        return liveError(collection, error);
      }
    },
  };
}
