// Who the shop is and how it writes prices: plain facts with no Astro import, so the Astro config
// (the search index's options, lib/search.ts) can read them as the pages do.
export const STORE = {
  name: 'Lumen & Oak',
  tagline: 'Electronics we have tested ourselves',
  lang: 'en',
  locale: 'en-US',
  currency: 'USD',
} as const;
