import type { Loader } from 'astro/loaders';
import { type ModificationData, modificationDataSchema } from '../entries/schemas.js';
import { MODIFICATIONS_LOADER_NAME } from '../loader-names.js';
import { loaderOptions, type ModificationsLoaderOptions } from '../options/loader-options.js';
import { runLoad } from './load-runner.js';
import { catalogFilter } from './shared.js';

/**
 * Every modification of every product: one `goods/Get`, then one `goods/SkuGet` per product through
 * the shared client's concurrency bound. Entry id: `String(id)`; `data.product` is the product's
 * entry id (`String(goods_id)`).
 */
export function modificationsLoader(options: ModificationsLoaderOptions = {}) {
  const opts = loaderOptions('modifications', options);
  const { onlyVisible } = opts;
  return {
    name: MODIFICATIONS_LOADER_NAME,
    schema: modificationDataSchema,
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'modifications',
        options: opts,
        fingerprint: [onlyVisible],
        async fetch({ client, callOptions, fanOut }) {
          // A product record that fails validation (say, a bad colour in its `sku` summary) still has
          // modifications of its own: keep its id so they are fetched and validated on their own.
          const invalidProductIds: number[] = [];
          const all = await client.products.list(catalogFilter(opts), {
            signal: callOptions.signal,
            onInvalidRecord: (e) => {
              const id = Number(e.recordId);
              if (Number.isInteger(id) && id > 0) invalidProductIds.push(id);
            },
          });
          const productIds = [
            ...(onlyVisible ? all.filter((p) => p.shw) : all).map((p) => p.id),
            ...invalidProductIds,
          ];
          const perProduct = await fanOut('goods/SkuGet', productIds, (goodsId, signal) =>
            client.modifications.list({ goodsId }, { ...callOptions, signal }),
          );
          const items = [];
          for (const mods of perProduct) {
            for (const mod of mods) {
              if (onlyVisible && !mod.shw) continue;
              items.push({
                id: String(mod.id),
                source: mod,
                build: () => ({ data: { ...mod, product: String(mod.goods_id) } satisfies ModificationData }),
              });
            }
          }
          return items;
        },
      }),
  } satisfies Loader;
}
