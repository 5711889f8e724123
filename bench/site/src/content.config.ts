// One products collection, loaded by the variant under measurement (bench/report.md).
import { defineCollection } from 'astro:content';
import { productsLoader } from '@sitecontent/astro';
import { BENCH_LOADER, META_MAX_AGE, OURS_OPTIONS } from './bench-variant';
import { chunkedProductsLoader, naiveProductsLoader } from './loaders/hand-written-products-loader';

const products =
  BENCH_LOADER === 'ours'
    ? defineCollection({
        loader: productsLoader({
          seo: META_MAX_AGE > 0 ? { maxAge: META_MAX_AGE } : true,
          // The same URLs as the hand-written variants, so the canonical URL is the page's own.
          productUrl: (product) => `/products/${product.id}`,
          ...OURS_OPTIONS,
        }),
      })
    : defineCollection({
        loader: BENCH_LOADER === 'chunks' ? chunkedProductsLoader({ chunkSize: 32 }) : naiveProductsLoader(),
      });

export const collections = { products };
