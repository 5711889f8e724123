/** The loaders' names as Astro knows them, keyed by the collection kind a user may name instead. */
export const PRODUCTS_LOADER_NAME = 'sitecontent-products';
export const MODIFICATIONS_LOADER_NAME = 'sitecontent-modifications';
export const SECTIONS_LOADER_NAME = 'sitecontent-sections';
export const ARTICLES_LOADER_NAME = 'sitecontent-articles';
export const DOMAINS_LOADER_NAME = 'sitecontent-domains';

/** The live loader's name for the kind the build-time loader `name` loads: a route tells a live collection's kind by it. */
export const liveLoaderName = (name: string): string => `${name}-live`;

export const LOADER_NAMES: Readonly<Record<string, string>> = {
  products: PRODUCTS_LOADER_NAME,
  modifications: MODIFICATIONS_LOADER_NAME,
  sections: SECTIONS_LOADER_NAME,
  articles: ARTICLES_LOADER_NAME,
  domains: DOMAINS_LOADER_NAME,
};
