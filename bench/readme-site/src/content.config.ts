// Ours: packages/astro/README.md's content config. Chunks: the products a user loads by hand.
import { defineCollection } from 'astro:content';
import { productsLoader, sectionsLoader } from '@sitecontent/astro';
import { chunkedProductsLoader } from '../../site/src/loaders/hand-written-products-loader';

const ours = (process.env.README_SITE_LOADER ?? 'ours') === 'ours';
/** Options over the README's for ours' products loader (JSON), to see what a setting costs. */
const extra = JSON.parse(process.env.README_SITE_OURS_OPTIONS || '{}');

export const collections = ours
  ? {
      products: defineCollection({ loader: productsLoader({ seo: true, ...extra }) }),
      sections: defineCollection({ loader: sectionsLoader({ seo: true }) }),
    }
  : { products: defineCollection({ loader: chunkedProductsLoader({ chunkSize: 32 }) }) };
