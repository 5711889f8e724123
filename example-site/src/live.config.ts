// The storefront's live collection: product pages rendered on demand when the storefront is served
// with `node example-site/scripts/storefront.mjs serve` (src/on-demand/ProductPage.astro), but for
// the head of the catalog, which the build prerenders: the product sitemaps leave those out.
import { defineLiveCollection } from 'astro:content';
import { liveProductsLoader } from '@sitecontent/astro';
import { isHeadProduct } from './lib/head';

export const collections = {
  liveProducts: defineLiveCollection({
    loader: liveProductsLoader({ seo: true, prerendered: isHeadProduct }),
  }),
};
