// The options types are derived from their schemas (`z.input`); this keeps them so. A type written
// by hand again, with an option its schema lacks or without one it has, fails `npm run typecheck`
// (this file is type-checked) instead of being silently refused or silently unchecked.
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { SiteContentOptions, siteContentOptionsSchema } from '../src/options/integration-options.js';
import type {
  LiveArticlesLoaderOptions,
  LiveProductsLoaderOptions,
  LiveSectionsLoaderOptions,
  liveArticlesOptionsSchema,
  liveProductsOptionsSchema,
  liveSectionsOptionsSchema,
} from '../src/options/live-options.js';
import type {
  ArticlesLoaderOptions,
  articlesOptionsSchema,
  DomainsLoaderOptions,
  domainsOptionsSchema,
  ModificationsLoaderOptions,
  modificationsOptionsSchema,
  ProductsLoaderOptions,
  productsOptionsSchema,
  SectionsLoaderOptions,
  sectionsOptionsSchema,
} from '../src/options/loader-options.js';
import type { OnDemandOptions, onDemandOptionsSchema } from '../src/options/on-demand-options.js';
import type {
  SurrogateKeyCacheOptions,
  surrogateKeyCacheOptionsSchema,
} from '../src/request-time/cache/surrogate-key-options.js';

/** The option names of a schema, as a caller writes them. */
type Names<S extends z.ZodType> = keyof z.input<S>;

describe('options types and their schemas', () => {
  it('name the same options, loader by loader', () => {
    expectTypeOf<keyof ProductsLoaderOptions>().toEqualTypeOf<Names<typeof productsOptionsSchema>>();
    expectTypeOf<keyof SectionsLoaderOptions>().toEqualTypeOf<Names<typeof sectionsOptionsSchema>>();
    expectTypeOf<keyof ArticlesLoaderOptions>().toEqualTypeOf<Names<typeof articlesOptionsSchema>>();
    expectTypeOf<keyof ModificationsLoaderOptions>().toEqualTypeOf<
      Names<typeof modificationsOptionsSchema>
    >();
    expectTypeOf<keyof DomainsLoaderOptions>().toEqualTypeOf<Names<typeof domainsOptionsSchema>>();
    expectTypeOf<keyof LiveProductsLoaderOptions>().toEqualTypeOf<Names<typeof liveProductsOptionsSchema>>();
    expectTypeOf<keyof LiveSectionsLoaderOptions>().toEqualTypeOf<Names<typeof liveSectionsOptionsSchema>>();
    expectTypeOf<keyof LiveArticlesLoaderOptions>().toEqualTypeOf<Names<typeof liveArticlesOptionsSchema>>();
  });

  it('name the same options for the integration, on-demand pages and the surrogate-key cache', () => {
    expectTypeOf<keyof SiteContentOptions>().toEqualTypeOf<Names<typeof siteContentOptionsSchema>>();
    expectTypeOf<keyof OnDemandOptions>().toEqualTypeOf<Names<typeof onDemandOptionsSchema>>();
    expectTypeOf<keyof SurrogateKeyCacheOptions>().toEqualTypeOf<
      Names<typeof surrogateKeyCacheOptionsSchema>
    >();
  });
});
