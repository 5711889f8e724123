/** What the detector reports: a record that changed, how, and the pages that show it. */

/** Pages by the names the purge endpoint takes: product and article ids, section `tx`s. */
export interface ChangePages {
  products: string[];
  sections: string[];
  articles: string[];
}

/** The kinds of record the detector follows. */
export type RecordKind = 'product' | 'section' | 'article';

/**
 * How a record changed since the last state: `created` and `deleted` (it appeared or went), `hidden`
 * and `shown` (its `shw` flag), `moved` (another section: a product's or article's `catid`, a
 * section's parent) and `changed` (anything else its pages show).
 */
export type ChangeType = 'created' | 'changed' | 'hidden' | 'shown' | 'moved' | 'deleted';

export interface Change {
  kind: RecordKind;
  id: number;
  type: ChangeType;
  /**
   * The pages that show the record, as the purge endpoint names them: the record's own page, the
   * section listings it is in (before and after a move), a section's products (their breadcrumbs).
   * The endpoint adds the product sitemaps to any purge naming products or sections.
   */
  pages: ChangePages;
  /** The record's digest as the read found it; absent when it was deleted. */
  digest?: string;
}

/** `changed product 12  pages: product 12, section phones, sitemaps`: the line `sitecontent changes` prints. */
export function changeLine(change: Change): string {
  const pages = [
    ...change.pages.products.map((id) => `product ${id}`),
    ...change.pages.articles.map((id) => `article ${id}`),
    ...change.pages.sections.map((tx) => `section ${tx}`),
  ];
  const shown = pages.length > 4 ? [...pages.slice(0, 4), `${pages.length - 4} more`] : pages;
  // The purge endpoint adds the product sitemaps to any purge naming products or sections.
  if (change.pages.products.length + change.pages.sections.length > 0) shown.push('sitemaps');
  return `${change.type} ${change.kind} ${change.id}  pages: ${shown.join(', ') || 'none'}`;
}

/** `product 12 changed`, for a log line that names several changes. */
export const changeName = (change: Change): string => `${change.kind} ${change.id} ${change.type}`;

/** The purge targets of many changes, each name once. */
export function recordPages(changes: readonly Change[]): ChangePages {
  const products = new Set<string>();
  const sections = new Set<string>();
  const articles = new Set<string>();
  for (const change of changes) {
    for (const id of change.pages.products) products.add(id);
    for (const tx of change.pages.sections) sections.add(tx);
    for (const id of change.pages.articles) articles.add(id);
  }
  return { products: [...products], sections: [...sections], articles: [...articles] };
}
