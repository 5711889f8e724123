/**
 * Options of the live loaders: the collection loader's without the failure policies (a live loader
 * returns `{ error }`) and the list filter (given per call), plus `site` and `freshness`.
 */

import type { Product } from '@sitecontent/client';
import { z } from 'zod';
import { functionField, httpUrlField, type Naming } from './fields.js';
import { articlesOptionsSchema, productsOptionsSchema, sectionsOptionsSchema } from './loader-options.js';
import { freshnessSchema } from './on-demand-options.js';

const notLive = { onError: true, onAuthError: true, onInvalid: true } as const;
const notListed = { catid: true, cattx: true } as const;
const liveShape = {
  /** Attach `data.seo`, the meta tags `meta/Get` gives (asked per request: live data has no cache). @default false */
  seo: z.boolean().default(false),
  /** Absolute site origin for canonical URLs. @default the integration's `site`, else `site/DomainDefault` */
  site: httpUrlField.optional(),
  /** Freshness of pages showing this loader's entries when they set no `maxAge`. @default `onDemand.freshness` */
  freshness: freshnessSchema.optional(),
};

export const liveProductsOptionsSchema = productsOptionsSchema.omit({ ...notLive, ...notListed }).extend({
  ...liveShape,
  /**
   * The products whose pages the build prerenders (a hybrid catalog): the product sitemaps leave them
   * to `@astrojs/sitemap`. @default none: every product page is rendered on demand
   */
  prerendered: functionField<(product: Product) => boolean>().optional(),
});
export const liveArticlesOptionsSchema = articlesOptionsSchema
  .omit({ ...notLive, ...notListed })
  .extend(liveShape);
export const liveSectionsOptionsSchema = sectionsOptionsSchema.omit(notLive).extend(liveShape);

/** Options of `liveProductsLoader()`. @interface */
export type LiveProductsLoaderOptions<S extends string = 'sections'> = Naming<
  z.input<typeof liveProductsOptionsSchema>,
  'sectionsCollection',
  S
>;
/** Options of `liveArticlesLoader()`. @interface */
export type LiveArticlesLoaderOptions<S extends string = 'sections'> = Naming<
  z.input<typeof liveArticlesOptionsSchema>,
  'sectionsCollection',
  S
>;
/** Options of `liveSectionsLoader()`. @interface */
export type LiveSectionsLoaderOptions<S extends string = 'sections'> = Naming<
  z.input<typeof liveSectionsOptionsSchema>,
  'sectionsCollection',
  S
>;
