import type { Loader } from 'astro/loaders';
import { runLoad } from '../load-runner.js';
import { type CommonLoaderOptions, modificationsOptionsSchema, validateOptions } from '../options.js';
import { type ModificationData, modificationDataSchema } from '../schemas.js';
import { catalogFilter } from './shared.js';

export interface ModificationsLoaderOptions extends CommonLoaderOptions {
  /** Only modifications of products in the section with this id. */
  catid?: number;
  /** Only modifications of products in the section with this `tx`. */
  cattx?: string;
  /** Leave out modifications with `shw` = 0 and those of products with `shw` = 0. @default false */
  onlyVisible?: boolean;
}

export const MODIFICATIONS_LOADER_NAME = 'sitecontent-modifications';

/**
 * Every modification of every product: one `goods/Get`, then one `goods/SkuGet` per product through
 * the shared client's concurrency bound. Entry id: `String(id)`; `data.product` is the product's
 * entry id (`String(goods_id)`).
 */
export function modificationsLoader(options: ModificationsLoaderOptions = {}) {
  const opts = validateOptions('modificationsLoader', modificationsOptionsSchema, options);
  const onlyVisible = opts.onlyVisible ?? false;
  return {
    name: MODIFICATIONS_LOADER_NAME,
    schema: modificationDataSchema,
    load: (ctx) =>
      runLoad(ctx, {
        factory: 'modificationsLoader',
        options: opts,
        fingerprint: [onlyVisible],
        async fetch({ client, callOptions, fanOut }) {
          const filter = catalogFilter(opts);
          // A product record that fails validation (say, a bad colour in its `sku` summary) still has
          // modifications of its own: keep its id so they are fetched and validated on their own.
          const invalidProductIds: number[] = [];
          const all = await client.products.list(filter, {
            signal: callOptions.signal!,
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
