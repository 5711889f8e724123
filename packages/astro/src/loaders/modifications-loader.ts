import type { Loader } from 'astro/loaders';
import { buildModificationEntry } from '../entries/modification-entry.js';
import { modificationDataSchemaFor } from '../entries/schemas.js';
import { runLoad } from '../load/run-load.js';
import { MODIFICATIONS_LOADER_NAME } from '../loader-names.js';
import { catalogFilter } from '../options/catalog-filter.js';
import { loaderOptions, type ModificationsLoaderOptions } from '../options/loader-options.js';
import type { SyncItem } from '../sync/sync-item.js';

/**
 * Every modification of every product: one `goods/Get`, then one `goods/SkuGet` per product through
 * the shared client's concurrency bound. Entry id: `String(id)`; `data.product` refers to the
 * modification's product.
 */
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
        fingerprint: [onlyVisible, onlyVisibleProducts, productsCollection],
        async fetch({ client, callOptions, fanOut }) {
          // A product record that fails validation (say, a bad colour in its `sku` summary) still has
          // modifications of its own: keep its id so they are fetched and validated on their own. One
          // without a usable id hides modifications that cannot be asked for: an invalid record of
          // this load (`onInvalid`), not a product silently left out with its modifications.
          const invalidProductIds: number[] = [];
          const all = await client.products.list(catalogFilter(opts), {
            signal: callOptions.signal,
            onInvalidRecord: (e) => {
              const id = Number(e.recordId);
              if (Number.isSafeInteger(id) && id > 0) invalidProductIds.push(id);
              else callOptions.onInvalidRecord(e);
            },
          });
          const productIds = [
            ...(onlyVisible || onlyVisibleProducts ? all.filter((p) => p.shw) : all).map((p) => p.id),
            ...invalidProductIds,
          ];
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
