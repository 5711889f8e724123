/** Options of the five collection loaders: one strict zod schema each; the types are derived. */
import type { Article, Product, Section } from '@sitecontent/client';
import type { PageKind } from '@sitecontent/client/internal';
import { z } from 'zod';
import { defaultProductUrl } from '../entries/product-page.js';
import type { SeoOption, SeoPresenceOf } from '../entries/schemas.js';
import { functionField, type Naming, nameField } from './fields.js';
import { catalogFilterShape, commonShape, metaModuleField, pageShape, seoSettings } from './loader-shapes.js';
import { parseOptions } from './parse-options.js';

export const productsOptionsSchema = z.strictObject({
  ...pageShape,
  ...catalogFilterShape,
  /** Leave out products with `shw` = 0 (not displayed). @default true */
  onlyVisible: z.boolean().default(true),
  /** `md` module for `meta/Get`. @default 'goods' */
  metaModule: metaModuleField<(product: Product) => string>().default('goods'),
  /**
   * Relative page URL of a product, used for `data.url` and the canonical URL.
   * @default the section's `url` + `/` + product id (`/catalog/phones/12`); `/<cattx>/<id>` when the section is unknown
   */
  productUrl: functionField<(product: Product, section: Section | undefined) => string>().default(
    () => defaultProductUrl,
  ),
});

export const sectionsOptionsSchema = z.strictObject({
  ...pageShape,
  /** Leave out sections with `shw` = 0 (which only hides them from menus). @default false */
  onlyVisible: z.boolean().default(false),
  /** `md` module for `meta/Get`. @default 'dir' */
  metaModule: metaModuleField<(section: Section) => string>().default('dir'),
});

export const articlesOptionsSchema = z.strictObject({
  ...pageShape,
  ...catalogFilterShape,
  /** Leave out articles with `shw` = 0 (not displayed). @default true */
  onlyVisible: z.boolean().default(true),
  /**
   * `md` module for `meta/Get`: a fixed string or a function of the article and its section.
   * @default `'blog'`, `'news'` or `'article'` by the article's section, the rule `sitecontent meta pull` uses (docs/interface.md, "Meta modules")
   */
  // No fixed default: it depends on the article's section (the client's `articleMetaModule`).
  metaModule: metaModuleField<(article: Article, section: Section | undefined) => string>().optional(),
});

export const modificationsOptionsSchema = z.strictObject({
  ...commonShape,
  /** Only modifications of products in the section with this id. */
  catid: catalogFilterShape.catid,
  /** Only modifications of products in the section with this `tx`. */
  cattx: catalogFilterShape.cattx,
  /** Leave out modifications with `shw` = 0 (and those of products with `shw` = 0). @default false */
  onlyVisible: z.boolean().default(false),
  /**
   * Leave out the modifications of products with `shw` = 0, which the products loader leaves out by
   * default (their references would dangle). @default true
   */
  onlyVisibleProducts: z.boolean().default(true),
  /** Name of the `productsLoader()` collection, where `data.product` references point. @default 'products' */
  productsCollection: nameField.default('products'),
});

export const domainsOptionsSchema = z.strictObject(commonShape);

/** Options of `productsLoader()`. @interface */
export type ProductsLoaderOptions<S extends string = 'sections'> = Naming<
  z.input<typeof productsOptionsSchema>,
  'sectionsCollection',
  S
>;
/** Options of `sectionsLoader()`. @interface */
export type SectionsLoaderOptions<S extends string = 'sections'> = Naming<
  z.input<typeof sectionsOptionsSchema>,
  'sectionsCollection',
  S
>;
/** Options of `articlesLoader()`. @interface */
export type ArticlesLoaderOptions<S extends string = 'sections'> = Naming<
  z.input<typeof articlesOptionsSchema>,
  'sectionsCollection',
  S
>;
/** Options of `modificationsLoader()`. @interface */
export type ModificationsLoaderOptions<P extends string = 'products'> = Naming<
  z.input<typeof modificationsOptionsSchema>,
  'productsCollection',
  P
>;
/** Options of `domainsLoader()`. @interface */
export type DomainsLoaderOptions = z.input<typeof domainsOptionsSchema>;

/** The failure policies' defaults of every build-time loader, as the schemas give them. */
export const failurePolicyDefaults = domainsOptionsSchema.parse({});

const loaderOptionRules = {
  products: { factory: 'productsLoader', schema: productsOptionsSchema },
  sections: { factory: 'sectionsLoader', schema: sectionsOptionsSchema },
  articles: { factory: 'articlesLoader', schema: articlesOptionsSchema },
  modifications: { factory: 'modificationsLoader', schema: modificationsOptionsSchema },
  domains: { factory: 'domainsLoader', schema: domainsOptionsSchema },
} as const;

/** The loader kinds. */
export type LoaderKind = keyof typeof loaderOptionRules;

/** A loader kind's options as its loader reads them: checked, every default in. */
export type LoaderSettings<K extends LoaderKind> = z.output<(typeof loaderOptionRules)[K]['schema']>;

/** The options of a loader kind, checked eagerly and completed with that loader's defaults. */
export function loaderOptions<K extends LoaderKind>(
  kind: K,
  // Any instantiation of the kind's generic options type (the collection names it refers to).
  options: object | undefined,
): LoaderSettings<K> {
  const rule = loaderOptionRules[kind];
  return parseOptions(rule.factory, rule.schema as z.ZodType, options) as LoaderSettings<K>;
}

/** The checked options of the page loaders, their sections collection, and `seo` taken apart. */
export function entryLoaderSettings<K extends PageKind, S extends string, Q extends SeoOption = SeoOption>(
  kind: K,
  options: object | undefined,
) {
  const opts = loaderOptions(kind, options);
  const { enabled: seo, maxAge: metaMaxAge } = seoSettings(opts.seo);
  // The entry schema checks what the entries hold; its type says what the option, as written, promises.
  const seoPresence = (seo ? 'always' : 'never') as SeoPresenceOf<Q>;
  return { opts, sectionsCollection: opts.sectionsCollection as S, seo, seoPresence, metaMaxAge };
}
