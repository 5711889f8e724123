/**
 * The `search` option at `astro:build:done`: a Pagefind index of the build's product pages and
 * articles, made from the entries the loaders read (no HTML crawl), written into the output. Only
 * pages the build wrote get a record, so a result never links to a page that does not exist; a
 * product's image is the raster file its page's JSON-LD names. With `split`, one bundle per top
 * section (search-bundles.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { plainText } from '../../entries/plain-text.js';
import type { SectionLike } from '../../helpers/section-tree.js';
import type { ResolvedSearchOptions } from '../../options/search-options.js';
import type { LoadedEntry } from '../../project/build-record.js';
import { pathKey } from '../../project/page-facts.js';
import { type SearchBundleGroup, splitSections, writeSplitSearchIndex } from '../../search/search-bundles.js';
import { type SearchIndexSummary, writeSearchIndex } from '../../search/search-index.js';
import {
  articleRecord,
  productRecord,
  type RecordContext,
  type SearchArticleSource,
  type SearchModificationSource,
  type SearchProductSource,
  type SearchRecord,
} from '../../search/search-records.js';
import type { OutputLayout } from '../seo-check/page-file.js';
import { pageFileCandidates } from '../seo-check/page-file.js';
import { pageSearchImages } from '../sitemap-facts/page-images.js';

export interface BuildSearchIndex {
  loadedEntries: (kind: string) => readonly LoadedEntry[];
  options: ResolvedSearchOptions;
  /** The build's output folder. */
  outDir: string;
  layout: OutputLayout;
  site: string | undefined;
  logger: Pick<AstroIntegrationLogger, 'info' | 'warn'>;
}

type Entry<T> = { id: string; data: T; rendered?: { html: string } | undefined };

/** The shown modifications of each product entry, cheapest first (the order product pages list them). */
function modificationsByProduct(
  entries: readonly LoadedEntry[],
): Map<string, Entry<SearchModificationSource>[]> {
  const byProduct = new Map<string, Entry<SearchModificationSource>[]>();
  for (const entry of entries as unknown as Entry<SearchModificationSource & { product: { id: string } }>[]) {
    if (entry.data.shw === false) continue;
    const list = byProduct.get(entry.data.product.id) ?? [];
    list.push(entry);
    byProduct.set(entry.data.product.id, list);
  }
  for (const list of byProduct.values())
    list.sort((a, b) => a.data.price - b.data.price || a.data.id - b.data.id);
  return byProduct;
}

/** Entries by their page's URL: Pagefind numbers pages in the order they come, so one order makes one index. */
const byUrl = <T extends { data: { url: string } }>(entries: readonly T[]): T[] =>
  [...entries].sort((a, b) => (a.data.url < b.data.url ? -1 : a.data.url > b.data.url ? 1 : 0));

/** The entries of the pages the build wrote, in URL order (a kept store holds its entries in another). */
function writtenEntries(build: BuildSearchIndex) {
  const { outDir, layout, options } = build;
  const written = (url: string) =>
    pageFileCandidates(`${pathKey(url)}/`, layout).some((file) => existsSync(path.join(outDir, file)));
  const shown = <T extends { data: { url: string; shw?: boolean | undefined } }>(entries: readonly T[]) =>
    byUrl(entries).filter((entry) => entry.data.shw !== false && written(entry.data.url));
  return {
    products: options.include.includes('products')
      ? shown(build.loadedEntries('products') as unknown as Entry<SearchProductSource>[])
      : [],
    articles: options.include.includes('articles')
      ? shown(build.loadedEntries('articles') as unknown as Entry<SearchArticleSource>[])
      : [],
  };
}

/** The records of `products`, then of `articles`. */
function* buildRecords(
  build: BuildSearchIndex,
  context: RecordContext,
  products: readonly Entry<SearchProductSource>[],
  articles: readonly Entry<SearchArticleSource>[],
): Generator<SearchRecord> {
  const modifications =
    products.length > 0 ? modificationsByProduct(build.loadedEntries('modifications')) : new Map();
  for (const entry of products) {
    const key = pathKey(entry.data.url);
    const images = pageSearchImages(build.outDir, build.layout, [key]).get(key);
    const record = productRecord(
      { product: entry, modifications: modifications.get(entry.id) ?? [], images },
      context,
    );
    if (record) yield record;
  }
  for (const entry of articles) {
    const record = articleRecord(entry, context);
    if (record) yield record;
  }
}

/** The build's records grouped as a split index holds them: each top section's products, then the rest. */
function* buildGroups(
  build: BuildSearchIndex,
  context: RecordContext,
  sections: readonly Entry<SectionLike>[],
): Generator<SearchBundleGroup> {
  const { products, articles } = writtenEntries(build);
  const tops = splitSections(sections.map((s) => s.data));
  const byTop = new Map<string, Entry<SearchProductSource>[]>();
  const rest: Entry<SearchProductSource>[] = [];
  for (const entry of products) {
    const top = tops.get(entry.data.section?.id ?? '');
    if (!top) rest.push(entry);
    else {
      const group = byTop.get(top.tx) ?? [];
      group.push(entry);
      byTop.set(top.tx, group);
    }
  }
  for (const section of sections) {
    const group = byTop.get(section.data.tx);
    if (!group) continue;
    yield {
      section: { tx: section.data.tx, name: plainText(section.data.zag) },
      records: buildRecords(build, context, group, []),
    };
  }
  yield { records: buildRecords(build, context, rest, articles) };
}

/** Writes the build's search index into `outDir` at the option's `path`: one index, or split by top section. */
export async function writeBuildSearchIndex(build: BuildSearchIndex): Promise<void> {
  const sections = build.loadedEntries('sections') as unknown as Entry<SectionLike>[];
  const site = build.site ? new URL(build.site).origin : undefined;
  const context: RecordContext = { options: build.options, sections, site };
  const outputPath = path.join(build.outDir, build.options.path);
  let summary: SearchIndexSummary & { bundles?: readonly unknown[] };
  if (build.options.split) {
    summary = await writeSplitSearchIndex(buildGroups(build, context, sections), outputPath);
  } else {
    const { products, articles } = writtenEntries(build);
    summary = await writeSearchIndex(buildRecords(build, context, products, articles), outputPath);
  }
  if (summary.records === 0)
    build.logger.warn('search index: no product page or article was built, so the index is empty');
  const bundles = summary.bundles ? ` in ${summary.bundles.length} bundles` : '';
  build.logger.info(
    `search index: ${summary.records} pages${bundles} in ${summary.ms} ms → ${build.options.path}/`,
  );
}
