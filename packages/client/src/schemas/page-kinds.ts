/**
 * The kinds of records with a page of their own, said once for both packages: what a purge names,
 * what the cache tags of live entries are made of, what a page's change time and JSON-LD are built
 * for.
 */
export const PAGE_KINDS = ['products', 'sections', 'articles'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
