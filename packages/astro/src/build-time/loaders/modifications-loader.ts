import type { Loader } from 'astro/loaders';
import { buildModificationEntry } from '../../entries/modification-entry.js';
import { modificationDataSchemaFor } from '../../entries/schemas.js';
import { MODIFICATIONS_LOADER_NAME } from '../../loader-names.js';
import { catalogFilter } from '../../options/catalog-filter.js';
import { loaderOptions, type ModificationsLoaderOptions } from '../../options/loader-options.js';
import { runLoad } from '../load-run/run-load.js';
import type { SyncItem } from '../staging/sync-item.js';

/** Every modification: the sync's shared `goods/Get`, then one `goods/SkuGet` per product. */
export function modificationsLoader<const P extends string = 'products'>(
  options: ModificationsLoaderOptions<P> = {},
) {
  const opts = loaderOptions('modifications', options);
  const { onlyVisible, onlyVisibleProducts } = opts;
  const productsCollection = opts.productsCollection as P;
  return {
    name: MODIFICATIONS_LOADER_NAME,
    schema: modificationDataSchemaFor(productsCollection),
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'modifications',
        options: opts,
        // Their records hold no HTML: nothing to sanitize.
        sanitize: false,
        fingerprint: [onlyVisible, onlyVisibleProducts, productsCollection],
        async fetch({ client, callOptions, fanOut, invalid, products }) {
          // An invalid product record still has modifications, asked by its id; one without a usable
          // id is an invalid record of this load, not silently left out.
          const read = await (await products(catalogFilter(opts), false)).typed();
          invalid.addAll(read.idless);
          const shown =
            onlyVisible || onlyVisibleProducts ? read.products.filter((p) => p.shw) : read.products;
          const productIds = [...shown.map((p) => p.id), ...read.invalidIds];
          const perProduct = fanOut('goods/SkuGet', productIds, (goodsId, signal) =>
            client.modifications.list({ goodsId }, { ...callOptions, signal }),
          );
          // Each product's modifications go to the sync as soon as they are in: their entries are
          // built while later products' are still being asked for.
          async function* items(): AsyncGenerator<SyncItem> {
            for await (const mods of perProduct) {
              for (const mod of mods) {
                if (onlyVisible && !mod.shw) continue;
                yield {
                  id: String(mod.id),
                  digestInputs: mod,
                  build: () => buildModificationEntry(mod, productsCollection),
                };
              }
            }
          }
          return items();
        },
      }),
  } satisfies Loader;
}
