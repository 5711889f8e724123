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

/** The reads of one detection: the client, what to read, the signal, and a count of operations called. */
export interface ReadContext {
  client: Pick<SiteContentClient, 'products' | 'modifications' | 'sections' | 'articles' | 'meta'>;
  scope: DetectScope;
  signal?: AbortSignal | undefined;
  /** Incremented once per operation called. */
  calls: { count: number };
}

const opts = (ctx: ReadContext) => (ctx.signal ? { signal: ctx.signal } : {});

async function metaOf(ctx: ReadContext, md: string, id: number): Promise<unknown> {
  if (!ctx.scope.meta) return undefined;
  ctx.calls.count++;
  return (await ctx.client.meta.get(md, id, opts(ctx))) ?? null;
}

/** A product's digest: the record, then its modifications and meta when the scope has them. */
export async function productDigest(ctx: ReadContext, product: Product): Promise<string> {
  let modifications: unknown;
  if (ctx.scope.modifications) {
    ctx.calls.count++;
    modifications = await ctx.client.modifications.list({ goodsId: product.id }, opts(ctx));
  }
  return recordDigest(product, modifications ?? null, (await metaOf(ctx, 'goods', product.id)) ?? null);
}

/** A section's digests: everything shown on its page, and its name (what other pages show of it). */
export async function sectionDigests(
  ctx: ReadContext,
  section: Section,
): Promise<{ digest: string; name: string }> {
  return {
    digest: recordDigest(section, (await metaOf(ctx, 'dir', section.id)) ?? null),
    name: recordDigest([section.zag, section.tx, section.par, section.url, section.shw]),
  };
}

/** An article's digest; its meta module follows the one rule the loaders use. */
export async function articleDigest(
  ctx: ReadContext,
  article: Article,
  sections: ReturnType<typeof indexModuleSections>,
): Promise<string> {
  const meta = await metaOf(ctx, articleMetaModule(article, sections), article.id);
  return recordDigest(article, meta ?? null);
}

/**
 * One record read again by id, for the check before a purge: its digest, or `undefined` when the
 * service no longer has it.
 */
export async function currentDigest(
  ctx: ReadContext,
  kind: RecordKind,
  id: number,
  sections: readonly Section[],
): Promise<string | undefined> {
  ctx.calls.count++;
  if (kind === 'product') {
    const [product] = await ctx.client.products.list({ id }, opts(ctx));
    return product && productDigest(ctx, product);
  }
  if (kind === 'section') {
    const [section] = await ctx.client.sections.list({ id }, opts(ctx));
    return section && (await sectionDigests(ctx, section)).digest;
  }
  const [article] = await ctx.client.articles.list({ id }, opts(ctx));
  return article && articleDigest(ctx, article, indexModuleSections(sections));
}
