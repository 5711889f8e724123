// The storefront's collections, all loaded from the Site Content service at build time.
// Connection settings come from the siteContent() integration and SITECONTENT_* environment variables.
import { defineCollection } from 'astro:content';
import { articlesLoader, modificationsLoader, productsLoader, sectionsLoader } from '@sitecontent/astro';

export const collections = {
  products: defineCollection({ loader: productsLoader({ seo: true }) }),
  sections: defineCollection({ loader: sectionsLoader({ seo: true }) }),
  articles: defineCollection({ loader: articlesLoader({ seo: true }) }),
  modifications: defineCollection({ loader: modificationsLoader() }),
};
