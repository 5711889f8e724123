/**
 * Options of the live loaders: those of the matching collection loader without the failure
 * policies (a live loader always returns `{ error }`) and without the list filter (given per call
 * to `getLiveCollection()`), plus `site`.
 */

import { z } from 'zod';
import { httpUrlField } from './fields.js';
import {
  type ArticlesLoaderOptions,
  articlesOptionsSchema,
  type ProductsLoaderOptions,
  productsOptionsSchema,
  type SectionsLoaderOptions,
  sectionsOptionsSchema,
} from './loader-options.js';
import { type Freshness, freshnessSchema } from './on-demand-options.js';

type LiveOptions<T> = Omit<T, 'onError' | 'onAuthError' | 'onInvalid' | 'catid' | 'cattx' | 'seo'> & {
  /** Attach `data.seo`, the meta tags `meta/Get` gives (asked per request: live data has no cache). @default false */
  seo?: boolean;
  /** Absolute site origin for canonical URLs. @default the integration's `site`, else `site/DomainDefault` */
  site?: string;
  /**
   * How long a page showing this loader's entries stays fresh in Astro's route cache and a CDN, when
   * the page sets no `maxAge` itself. @default the integration's `onDemand.freshness` (300 s, swr 60 s)
   */
  freshness?: Freshness;
};
export type LiveProductsLoaderOptions<S extends string = 'sections'> = LiveOptions<ProductsLoaderOptions<S>>;
export type LiveArticlesLoaderOptions<S extends string = 'sections'> = LiveOptions<ArticlesLoaderOptions<S>>;
export type LiveSectionsLoaderOptions<S extends string = 'sections'> = LiveOptions<SectionsLoaderOptions<S>>;

const notLive = { onError: true, onAuthError: true, onInvalid: true } as const;
const liveShape = {
  site: httpUrlField.optional(),
  seo: z.boolean().optional(),
  freshness: freshnessSchema.optional(),
};

export const liveProductsOptionsSchema = productsOptionsSchema
  .omit({ ...notLive, catid: true, cattx: true })
  .extend(liveShape);
export const liveArticlesOptionsSchema = articlesOptionsSchema
  .omit({ ...notLive, catid: true, cattx: true })
  .extend(liveShape);
export const liveSectionsOptionsSchema = sectionsOptionsSchema.omit(notLive).extend(liveShape);
