import type { Meta } from '@sitecontent/client';
import type { Loader } from 'astro/loaders';
import { buildProductEntry } from '../entries/product-entry.js';
import { productDataSchema } from '../entries/schemas.js';
import { indexSections } from '../entries/section-index.js';
import { PRODUCTS_LOADER_NAME } from '../loader-names.js';
import { loaderOptions, type ProductsLoaderOptions } from '../options/loader-options.js';
import { runLoad } from './load-runner.js';
import { catalogFilter, moduleOf, optionFingerprint } from './shared.js';

/**
 * Catalog products (`goods/Get`). Entry id: `String(id)`. Data: the client's `Product` plus
 * `section` (the section's `tx`), `url` and, with `seo: true`, `seo`. `txt` is the rendered body.
 */
export function productsLoader(options: ProductsLoaderOptions = {}) {
  const opts = loaderOptions('products', options);
  const { onlyVisible, sanitize, seo, metaModule, productUrl } = opts;
  return {
    name: PRODUCTS_LOADER_NAME,
    schema: productDataSchema,
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'products',
        options: opts,
        fingerprint: [
          onlyVisible,
          sanitize,
          seo,
          optionFingerprint(metaModule),
          optionFingerprint(productUrl),
        ],
        async fetch({ client, callOptions, fanOut, siteOrigin, sections }) {
          const [all, shared, origin] = await Promise.all([
            client.products.list(catalogFilter(opts), callOptions),
            // Sections only give product URLs; an invalid section record is not a product problem.
            sections(),
            seo ? siteOrigin() : Promise.resolve(''),
          ]);
          const products = onlyVisible ? all.filter((p) => p.shw) : all;
          const index = indexSections(shared.sections);
          const metas: (Meta | undefined)[] = seo
            ? await fanOut('meta', products, (p, signal) =>
                client.meta.get(moduleOf(metaModule, p), p.id, { signal }),
              )
            : [];
          return products.map((product, i) => {
            const url = productUrl(product, index.byTx.get(product.cattx));
            const meta = metas[i];
            return {
              id: String(product.id),
              source: { r: product, u: url, m: meta, o: origin },
              build: () => buildProductEntry(product, url, sanitize, seo ? { meta, origin } : undefined),
            };
          });
        },
      }),
  } satisfies Loader;
}
