/**
 * What a record's digest covers, and the reads that make it: a product with its `sku` summary (and,
 * when asked, its modifications and meta), a section, an article (and their meta). The detector and
 * the check before a purge compute a digest the same way, so equal digests mean the same page.
 */
import type { SiteContentClient } from '../client.js';
import { articleMetaModule, indexModuleSections } from '../meta-sync/article-module.js';
import type { Article, Product, Section } from '../schemas/records.js';
import type { RecordKind } from './change.js';
import { recordDigest } from './record-digest.js';

/** What the detector reads besides products, sections and their section lists. */
export interface DetectScope {
  /** Read the articles (`article/Get`, one request). @default true */
  articles: boolean;
  /** Fold each product's modifications into its digest (`goods/SkuGet`: one request per product). @default false */
  modifications: boolean;
  /** Fold each page's meta into its digest (`meta/Get`: one request per product, section and article). @default false */
  meta: boolean;
}

export const DEFAULT_SCOPE: DetectScope = { articles: true, modifications: false, meta: false };

/** The client's resources a detection reads. */
export type CatalogClient = Pick<
  SiteContentClient,
  'products' | 'modifications' | 'sections' | 'articles' | 'meta'
>;

/**
 * The reads of one detection (or one check before a purge): the client, what to read, the signal,
 * and the operations called, counted where they are called (`ask`), so no caller counts by hand.
 */
export class CatalogReads {
  readonly client: CatalogClient;
  readonly scope: DetectScope;
  readonly #call: { signal?: AbortSignal };
  #operations = 0;

  constructor(client: CatalogClient, scope: DetectScope, signal?: AbortSignal) {
    this.client = client;
    this.scope = scope;
    this.#call = signal ? { signal } : {};
  }

  /** Operations called so far. */
  get operations(): number {
    return this.#operations;
  }

  /** Calls one operation of the service with the reads' signal. */
  ask<T>(operation: (client: CatalogClient, call: { signal?: AbortSignal }) => Promise<T>): Promise<T> {
    this.#operations++;
    return operation(this.client, this.#call);
  }

  /** The call options of work that is no operation (reading an answer's records). */
  get call(): { signal?: AbortSignal } {
    return this.#call;
  }
}

/** A page's meta when the scope has it (`null`: none), else `undefined`. */
async function pageMeta(reads: CatalogReads, md: string, id: number): Promise<unknown> {
  if (!reads.scope.meta) return undefined;
  return (await reads.ask((client, call) => client.meta.get(md, id, call))) ?? null;
}

/** A product's digest: the record, then its modifications and meta when the scope has them. */
export async function productDigest(reads: CatalogReads, product: Product): Promise<string> {
  const modifications = reads.scope.modifications
    ? await reads.ask((client, call) => client.modifications.list({ goodsId: product.id }, call))
    : null;
  return recordDigest(product, modifications, (await pageMeta(reads, 'goods', product.id)) ?? null);
}

/** A section's digests: everything shown on its page, and its name (what other pages show of it). */
export async function sectionDigests(
  reads: CatalogReads,
  section: Section,
): Promise<{ digest: string; name: string }> {
  return {
    digest: recordDigest(section, (await pageMeta(reads, 'dir', section.id)) ?? null),
    name: recordDigest([section.zag, section.tx, section.par, section.url, section.shw]),
  };
}

/** An article's digest; its meta module follows the one rule the loaders use. */
export async function articleDigest(
  reads: CatalogReads,
  article: Article,
  sections: ReturnType<typeof indexModuleSections>,
): Promise<string> {
  const meta = await pageMeta(reads, articleMetaModule(article, sections), article.id);
  return recordDigest(article, meta ?? null);
}

/**
 * One record read again by id, for the check before a purge: its digest, or `undefined` when the
 * service no longer has it.
 */
export async function currentDigest(
  reads: CatalogReads,
  kind: RecordKind,
  id: number,
  sections: readonly Section[],
): Promise<string | undefined> {
  if (kind === 'product') {
    const [product] = await reads.ask((client, call) => client.products.list({ id }, call));
    return product && productDigest(reads, product);
  }
  if (kind === 'section') {
    const [section] = await reads.ask((client, call) => client.sections.list({ id }, call));
    return section && (await sectionDigests(reads, section)).digest;
  }
  const [article] = await reads.ask((client, call) => client.articles.list({ id }, call));
  return article && articleDigest(reads, article, indexModuleSections(sections));
}
