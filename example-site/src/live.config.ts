// The storefront's live collection: product pages rendered on demand when the storefront is served
// with `node example-site/scripts/storefront.mjs serve` (src/on-demand/ProductPage.astro).
import { defineLiveCollection } from 'astro:content';
import { liveProductsLoader } from '@sitecontent/astro';

export const collections = {
  liveProducts: defineLiveCollection({ loader: liveProductsLoader({ seo: true }) }),
};
