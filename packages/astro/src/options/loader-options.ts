/**
 * Options of the five collection loaders: the types (with their defaults documented), one strict
 * zod schema per loader and one defaults constant per loader. The live loaders derive theirs from
 * these (live-options.ts).
 */
import type { Article, Product, Section } from '@sitecontent/client';
import { z } from 'zod';
import { defaultProductUrl } from '../entries/product-page.js';
import type { SeoOption, SeoPresenceOf } from '../entries/schemas.js';
import { connectionShape, functionField } from './fields.js';
import { parseOptions, type WithDefaults, withDefaults } from './parse-options.js';

/** Connection settings; each falls back to the integration's setting, then to the environment. */
export interface ConnectionOptions {
  /** Service root, e.g. `https://api.example`; operations are under `${baseUrl}/v1/`. @default integration `baseUrl`, else `SITECONTENT_BASE_URL` */
  baseUrl?: string;
  /** API key. Prefer the `SITECONTENT_API_KEY` environment variable over code. @default `SITECONTENT_API_KEY` */
  apiKey?: string;
  /** Site number. @default integration `sid`, else `SITECONTENT_SID` */
  sid?: number;
}

/** What a failed fetch does: keep the previous entries and warn, or fail the sync. */
export type OnError = 'keep-stale' | 'fail';
/** What an invalid record does: fail the sync, or warn and leave it out. */
export type OnInvalid = 'fail' | 'skip';

export interface CommonLoaderOptions extends ConnectionOptions {
  /**
   * A failed fetch (network, HTTP error, malformed body): `'keep-stale'` keeps the previous entries and
   * warns; `'fail'` fails the sync. @default `'keep-stale'` when the store holds entries from an earlier
   * sync, otherwise `'fail'` (there is nothing to keep)
   */
  onError?: OnError;
  /**
   * The service refused the key (401) or the site (403). These are configuration errors, not
   * outages: `'fail'` fails the build even when earlier entries could be kept, so a revoked key
   * cannot ship stale pages with exit code 0; `'keep-stale'` treats them like `onError` does.
   * @default 'fail'
   */
  onAuthError?: OnError;
  /** A record that fails validation: `'fail'` fails the sync naming collection, record id and field; `'skip'` warns and leaves it out. @default 'fail' */
  onInvalid?: OnInvalid;
}

export interface HtmlOptions {
  /** Sanitize the service's HTML (`txt`, `stxt`): scripts, event handlers and `javascript:` URLs removed. @default true */
  sanitize?: boolean;
}

/** Chooses the `md` module of `meta/Get` per record. */
export type MetaModule<R> = string | ((record: R) => string);

export interface SeoOptions {
  /**
   * Attach `data.seo`, the meta tags `meta/Get` gives (one request per entry). `{ maxAge }` (ms) also
   * reuses a page's meta from the last sync while its record is unchanged and the answer younger
   * than `maxAge` (see the README, "Rebuilds"). @default false; `maxAge` defaults to the
   * integration's `metaMaxAge` (0: ask every time)
   */
  seo?: boolean | { maxAge?: number };
}

/** `seo` as the loaders use it: on or off, and the loader's own `maxAge` when it gives one. */
export function seoSettings(seo: SeoOptions['seo']): { enabled: boolean; maxAge: number | undefined } {
  return {
    enabled: seo !== undefined && seo !== false,
    maxAge: typeof seo === 'object' ? seo.maxAge : undefined,
  };
}

/** The `catid`/`cattx` list filter of `goods/Get` and `article/Get`. */
export interface CatalogFilterOptions {
  /** Only records of the section with this id (`catid`). */
  catid?: number;
  /** Only records of the section with this `tx` (`cattx`). */
  cattx?: string;
}

/** Where a loader's `section` / `parent` references point. */
export interface SectionsCollectionOption<S extends string = 'sections'> {
  /**
   * Name of the `sectionsLoader()` collection in `src/content.config.ts`: references to sections
   * (`data.section`, `data.parent`) point there, so `getEntry(entry.data.section)` is typed.
   * @default 'sections'
   */
  sectionsCollection?: S;
}

/** What the loaders of pages (products, sections, articles) share. */
export interface PageLoaderOptions<S extends string>
  extends CommonLoaderOptions,
    HtmlOptions,
    SeoOptions,
    SectionsCollectionOption<S> {}

export interface ProductsLoaderOptions<S extends string = 'sections'>
  extends PageLoaderOptions<S>,
    CatalogFilterOptions {
  /** Leave out products with `shw` = 0 (not displayed). @default true */
  onlyVisible?: boolean;
  /** `md` module for `meta/Get`. @default 'goods' */
  metaModule?: MetaModule<Product>;
  /**
   * Relative page URL of a product, used for `data.url` and the canonical URL.
   * @default the section's `url` + `/` + product id (`/catalog/phones/12`); `/<cattx>/<id>` when the section is unknown
   */
  productUrl?: (product: Product, section: Section | undefined) => string;
}

export interface SectionsLoaderOptions<S extends string = 'sections'> extends PageLoaderOptions<S> {
  /**
   * Leave out sections with `shw` = 0. For sections `shw` only hides them from menus, so the default
   * keeps them (their pages, breadcrumbs and products still need them). @default false
   */
  onlyVisible?: boolean;
  /** `md` module for `meta/Get`. @default 'dir' */
  metaModule?: MetaModule<Section>;
}

export interface ArticlesLoaderOptions<S extends string = 'sections'>
  extends PageLoaderOptions<S>,
    CatalogFilterOptions {
  /** Leave out articles with `shw` = 0 (not displayed). @default true */
  onlyVisible?: boolean;
  /**
   * `md` module for `meta/Get`: a fixed string or a function of the article and its section.
   * @default `'blog'`, `'news'` or `'article'` by the article's section, the rule `sitecontent meta pull` uses (docs/interface.md, "Meta modules")
   */
  metaModule?: string | ((article: Article, section: Section | undefined) => string);
}

export interface ModificationsLoaderOptions<P extends string = 'products'> extends CommonLoaderOptions {
  /** Only modifications of products in the section with this id. */
  catid?: number;
  /** Only modifications of products in the section with this `tx`. */
  cattx?: string;
  /** Leave out modifications with `shw` = 0 (and those of products with `shw` = 0). @default false */
  onlyVisible?: boolean;
  /**
   * Leave out the modifications of products with `shw` = 0: the products loader leaves those
   * products out by default, so their modifications would refer to entries that do not exist.
   * Set `false` together with `productsLoader({ onlyVisible: false })`. @default true
   */
  onlyVisibleProducts?: boolean;
  /**
   * Name of the `productsLoader()` collection in `src/content.config.ts`: `data.product` references
   * point there, so `getEntry(modification.data.product)` is typed. @default 'products'
   */
  productsCollection?: P;
}

export type DomainsLoaderOptions = CommonLoaderOptions;

/**
 * The failure policies' defaults of every build-time loader. `onError` has none that holds alone:
 * it keeps stale entries when there are some (load/load-decision.ts).
 */
export const failurePolicyDefaults = {
  onInvalid: 'fail',
  onAuthError: 'fail',
} as const satisfies CommonLoaderOptions;

export const productsLoaderDefaults = {
  sectionsCollection: 'sections',
  onlyVisible: true,
  sanitize: true,
  seo: false,
  metaModule: 'goods',
  productUrl: defaultProductUrl,
} satisfies ProductsLoaderOptions;

export const sectionsLoaderDefaults = {
  sectionsCollection: 'sections',
  onlyVisible: false,
  sanitize: true,
  seo: false,
  metaModule: 'dir',
} satisfies SectionsLoaderOptions;

/** `metaModule` has no fixed default: it depends on the article's section (the client's `articleMetaModule`). */
export const articlesLoaderDefaults = {
  sectionsCollection: 'sections',
  onlyVisible: true,
  sanitize: true,
  seo: false,
} satisfies ArticlesLoaderOptions;

export const modificationsLoaderDefaults = {
  onlyVisible: false,
  onlyVisibleProducts: true,
  productsCollection: 'products',
} satisfies ModificationsLoaderOptions;

const commonShape = {
  ...connectionShape,
  onError: z.enum(['keep-stale', 'fail']).optional(),
  onAuthError: z.enum(['keep-stale', 'fail']).optional(),
  onInvalid: z.enum(['fail', 'skip']).optional(),
};
const catalogFilterShape = {
  catid: z.number().int().nonnegative().optional(),
  cattx: z.string().min(1).optional(),
};
const collectionName = z.string().min(1, 'must not be empty');
const entryShape = {
  sectionsCollection: collectionName.optional(),
  onlyVisible: z.boolean().optional(),
  sanitize: z.boolean().optional(),
  seo: z
    .union([z.boolean(), z.strictObject({ maxAge: z.number().int().nonnegative().optional() })], {
      error: 'expected a boolean or { maxAge: milliseconds }',
    })
    .optional(),
  metaModule: z.union([z.string().min(1, 'must not be empty'), functionField]).optional(),
};

export const productsOptionsSchema = z.strictObject({
  ...commonShape,
  ...catalogFilterShape,
  ...entryShape,
  productUrl: functionField.optional(),
});
export const sectionsOptionsSchema = z.strictObject({ ...commonShape, ...entryShape });
export const articlesOptionsSchema = z.strictObject({ ...commonShape, ...catalogFilterShape, ...entryShape });
export const modificationsOptionsSchema = z.strictObject({
  ...commonShape,
  ...catalogFilterShape,
  onlyVisible: z.boolean().optional(),
  onlyVisibleProducts: z.boolean().optional(),
  productsCollection: collectionName.optional(),
});
export const domainsOptionsSchema = z.strictObject({ ...commonShape });

/** Each loader's options type, by loader kind. */
export interface LoaderOptionsByKind {
  products: ProductsLoaderOptions;
  sections: SectionsLoaderOptions;
  articles: ArticlesLoaderOptions;
  modifications: ModificationsLoaderOptions;
  domains: DomainsLoaderOptions;
}

const loaderOptionRules = {
  products: { factory: 'productsLoader', schema: productsOptionsSchema, defaults: productsLoaderDefaults },
  sections: { factory: 'sectionsLoader', schema: sectionsOptionsSchema, defaults: sectionsLoaderDefaults },
  articles: { factory: 'articlesLoader', schema: articlesOptionsSchema, defaults: articlesLoaderDefaults },
  modifications: {
    factory: 'modificationsLoader',
    schema: modificationsOptionsSchema,
    defaults: modificationsLoaderDefaults,
  },
  domains: { factory: 'domainsLoader', schema: domainsOptionsSchema, defaults: {} },
} as const;

/** A loader kind's defaults: its own, over the failure policies' every build-time loader has. */
type DefaultsOf<K extends keyof LoaderOptionsByKind> = typeof failurePolicyDefaults &
  (typeof loaderOptionRules)[K]['defaults'];

/** The options of a loader kind, checked eagerly and completed with that loader's defaults. */
export function loaderOptions<K extends keyof LoaderOptionsByKind>(
  kind: K,
  // Any instantiation of the kind's generic options type (the collection names it refers to).
  options: object | undefined,
): WithDefaults<LoaderOptionsByKind[K], DefaultsOf<K>> {
  const rule = loaderOptionRules[kind];
  return withDefaults(
    { ...failurePolicyDefaults, ...rule.defaults },
    parseOptions(rule.factory, rule.schema as z.ZodType, options) as LoaderOptionsByKind[K],
  ) as WithDefaults<LoaderOptionsByKind[K], DefaultsOf<K>>;
}

/**
 * What the loaders of entries with SEO and section references (products, sections, articles) read
 * of their options: the checked, defaulted options, the sections collection their references point
 * to, and `seo` taken apart.
 */
export function entryLoaderSettings<
  K extends 'products' | 'sections' | 'articles',
  S extends string,
  Q extends SeoOption = SeoOption,
>(kind: K, options: object | undefined) {
  const opts = loaderOptions(kind, options);
  const { enabled: seo, maxAge: metaMaxAge } = seoSettings(opts.seo);
  // The entry schema checks what the entries hold; its type says what the option, as written, promises.
  const seoPresence = (seo ? 'always' : 'never') as SeoPresenceOf<Q>;
  return { opts, sectionsCollection: opts.sectionsCollection as unknown as S, seo, seoPresence, metaMaxAge };
}
