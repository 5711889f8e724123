/**
 * What makes a record a page, said once for build-time and live loaders: its place among the
 * sections (and a product's URL), its meta module, what its entry is made of, and the entry.
 */

import type { Article, Meta, Product, Section } from '@sitecontent/client';
import { buildArticleEntry } from './article-entry.js';
import {
  type ArticleMetaModule,
  chooseArticleModule,
  choosePageModule,
  type MetaModule,
} from './meta-module.js';
import { type MovedPages, movesMet, NO_MOVES } from './moved-pages.js';
import type { UrlStyle } from './page-url.js';
import { buildProductEntry } from './product-entry.js';
import { type PageProblem, type ProductUrlOption, productPage } from './product-page.js';
import type { HtmlCleaner } from './sanitize.js';
import { buildSectionEntry } from './section-entry.js';
import { type SectionIndex, sectionReference } from './section-index.js';
import { sectionParent } from './section-parent.js';

/** How a page's entry is finished: its HTML cleaned, and with `seo` its meta on the site's origin. */
export interface EntryFinish {
  cleanHtml: HtmlCleaner;
  seo: { meta: Meta | undefined; origin: string } | undefined;
}

/** A record that gets a page. */
export interface RecordPage<R> {
  record: R;
  /** The service's id of the record: for its `meta/Get` and for messages. */
  recordId: number;
  /** The entry's id. */
  entryId: string;
  /** The module (`md`) of the page's meta; a `metaModule` function that fails is named with the record. */
  metaModule(): string;
  /** What the entry is made of besides its meta and the site's origin (the sync digests it). */
  digestInputs: Record<string, unknown>;
  /** The HTML fields the entry cleans (sanitized off the main thread in a build). */
  html: string[];
  /** When the record last changed, where the service says (a cache's `Last-Modified`). */
  lastModified: Date | undefined;
  /** The entry's data and rendered body. */
  entry(finish: EntryFinish): { data: Record<string, unknown>; rendered: { html: string } };
}

/** A record's page, or why it has none: an invalid record, named by its id and the field at fault. */
export type PageOf<R> = RecordPage<R> | { recordId: number; problem: PageProblem };

/** What turns a record into its page, given the site's sections. */
export type PageKind<R> = (record: R, index: SectionIndex) => PageOf<R>;

/** A page kind whose every record has a page (articles, sections). */
export type TotalPageKind<R> = (record: R, index: SectionIndex) => RecordPage<R>;

/** What every page kind is told by its loader. */
export interface PageKindSettings<S extends string, R> {
  collection: string;
  sectionsCollection: S;
  urlStyle: UrlStyle;
  metaModule: MetaModule<R>;
  /** Pages at a new URL, for the links in the records' HTML; none on demand. */
  moved?: MovedPages | undefined;
}

/** A product's page: its section, the `productUrl` option's URL, and its photos' origin. */
export function productPages<S extends string>(
  settings: PageKindSettings<S, Product> & {
    productUrl: ProductUrlOption;
    imageOrigin: string;
  },
): PageKind<Product> {
  const { collection, sectionsCollection, urlStyle, metaModule, productUrl, imageOrigin } = settings;
  const moved = settings.moved ?? NO_MOVES;
  return (product, index) => {
    const found = index.byTx.get(product.cattx);
    const page = productPage(collection, productUrl, product, found, urlStyle);
    if (page.problem !== undefined) return { recordId: product.id, problem: page.problem };
    const { url } = page;
    const section = sectionReference(sectionsCollection, found);
    return {
      record: product,
      recordId: product.id,
      entryId: String(product.id),
      metaModule: () => choosePageModule(collection, metaModule, product, product.id),
      digestInputs: {
        record: product,
        url,
        section,
        imageOrigin: product.img.length > 0 ? imageOrigin : undefined,
        moves: movesMet([product.stxt, product.txt], moved),
      },
      html: [product.stxt, product.txt],
      lastModified: product.dt,
      entry: (finish) =>
        buildProductEntry(product, { url, section, imageOrigin, urlStyle, moved, ...finish }),
    };
  };
}

/** An article's page: its section, and its module by the `metaModule` option or its section. */
export function articlePages<S extends string>(
  settings: Omit<PageKindSettings<S, Article>, 'metaModule'> & {
    metaModule: ArticleMetaModule;
  },
): TotalPageKind<Article> {
  const { collection, sectionsCollection, urlStyle, metaModule } = settings;
  const moved = settings.moved ?? NO_MOVES;
  return (article, index) => {
    const section = sectionReference(sectionsCollection, index.byId.get(article.catid));
    return {
      record: article,
      recordId: article.id,
      entryId: String(article.id),
      metaModule: () => chooseArticleModule(collection, metaModule, article, index),
      digestInputs: { record: article, section, moves: movesMet([article.stxt, article.txt], moved) },
      html: [article.stxt, article.txt],
      lastModified: article.dt ?? undefined,
      entry: (finish) => buildArticleEntry(article, { section, urlStyle, moved, ...finish }),
    };
  };
}

/** A section's page: its parent entry (none for a hidden one with `onlyVisible`). Entry id: its `tx`. */
export function sectionPages<S extends string>(
  settings: PageKindSettings<S, Section> & { onlyVisible: boolean },
): TotalPageKind<Section> {
  const { collection, sectionsCollection, urlStyle, metaModule, onlyVisible } = settings;
  const moved = settings.moved ?? NO_MOVES;
  return (section, index) => {
    const parent = sectionParent(section, index, { sectionsCollection, onlyVisible });
    return {
      record: section,
      recordId: section.id,
      entryId: section.tx,
      metaModule: () => choosePageModule(collection, metaModule, section, section.id),
      digestInputs: { record: section, parent, moves: movesMet([section.txt], moved) },
      html: [section.txt],
      lastModified: undefined,
      entry: (finish) => buildSectionEntry(section, { parent, urlStyle, moved, ...finish }),
    };
  };
}

/** The pages of `records`; each record without one goes to `rejected` (never, for a total kind). */
export function recordPages<R>(
  kind: PageKind<R>,
  records: readonly R[],
  index: SectionIndex,
  rejected: (recordId: number, problem: PageProblem) => void,
): RecordPage<R>[] {
  const pages: RecordPage<R>[] = [];
  for (const record of records) {
    const page = kind(record, index);
    if ('problem' in page) rejected(page.recordId, page.problem);
    else pages.push(page);
  }
  return pages;
}
