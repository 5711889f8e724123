import type { Product } from '@sitecontent/client';
import type { LiveLoader } from 'astro/loaders';
import { buildProductEntry } from '../entries/product-entry.js';
import type { ProductData } from '../entries/schemas.js';
import { PRODUCTS_LOADER_NAME } from '../loader-names.js';
import { catalogFilter, moduleOf } from '../loaders/shared.js';
import { type LiveProductsLoaderOptions, liveProductsOptionsSchema } from '../options/live-options.js';
import { type ProductsLoaderOptions, productsLoaderDefaults } from '../options/loader-options.js';
import { parseOptions, withDefaults } from '../options/parse-options.js';
import {
  defineLiveLoader,
  entryTags,
  type LiveCatalogFilter,
  type LiveEntryFilter,
  numericId,
} from './define-live-loader.js';
import { liveRuntime } from './live-runtime.js';

/** Live products: `getLiveCollection('products', { catid?, cattx? })`, `getLiveEntry('products', id)`. */
export function liveProductsLoader(
  options: LiveProductsLoaderOptions = {},
): LiveLoader<ProductData, LiveEntryFilter, LiveCatalogFilter> {
  const { site, ...given } = parseOptions(
    'liveProductsLoader',
    liveProductsOptionsSchema,
    options,
  ) as LiveProductsLoaderOptions;
  const opts = withDefaults(productsLoaderDefaults, given as ProductsLoaderOptions);
  const rt = liveRuntime(opts, site);

  return defineLiveLoader(rt, {
    name: `${PRODUCTS_LOADER_NAME}-live`,
    tag: 'products',
    onlyVisible: opts.onlyVisible,
    list: (client, filter: LiveCatalogFilter | undefined, callOptions) =>
      client.products.list(catalogFilter(filter), callOptions),
    keyOf: numericId,
    get: async (client, id) => (await client.products.list({ id }))[0],
    async toEntries(client, products: Product[]) {
      const [index, origin] = await Promise.all([rt.sectionIndex(client), rt.origin(client)]);
      const metas = await rt.metas(client, products, (p) => moduleOf(opts.metaModule, p));
      return products.map((product, i) => {
        const url = opts.productUrl(product, index.byTx.get(product.cattx));
        const built = buildProductEntry(
          product,
          url,
          opts.sanitize,
          opts.seo ? { meta: metas[i], origin } : undefined,
        );
        const id = String(product.id);
        return { id, ...built, cacheHint: { tags: entryTags('products', id), lastModified: product.dt } };
      });
    },
  });
}
