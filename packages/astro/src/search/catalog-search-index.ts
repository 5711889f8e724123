/**
 * The search index of a catalog read from the service section by section, for sites whose product
 * pages render on demand (`sitecontent search-index --out DIR`): the same records a static build
 * writes, made from entries built as the loaders build them (URLs, sections, sanitized HTML), with
 * one section's products and their modifications in memory at a time. With `split`, each top
 * section's records go to a bundle of their own, written before the next top section is read.
 */
import type { Modification, Product, Section, SiteContentClient } from '@sitecontent/client';
import { mapBounded, readAhead } from '@sitecontent/client/internal';
import type { WithBody, WithData } from '../entries/entry-data.js';
import { buildModificationEntry } from '../entries/modification-entry.js';
import { articlePages, type EntryFinish, productPages, sectionPages } from '../entries/page-kinds.js';
import { DEFAULT_URL_STYLE, type UrlStyle } from '../entries/page-url.js';
import { plainText } from '../entries/plain-text.js';
import { defaultProductUrl, type ProductUrlOption } from '../entries/product-page.js';
import { sanitizeHtml } from '../entries/sanitize.js';
import { indexSections } from '../entries/section-index.js';
import type { SectionLike } from '../helpers/section-tree.js';
import type { ResolvedSearchOptions } from '../options/search-options.js';
import { type SearchBundleGroup, splitSections, writeSplitSearchIndex } from './search-bundles.js';
import { type SearchIndexSummary, writeSearchIndex } from './search-index.js';
import {
  articleRecord,
  productRecord,
  type RecordContext,
  type SearchArticleSource,
  type SearchModificationSource,
  type SearchProductSource,
  type SearchRecord,
} from './search-records.js';

/** Sections whose products are read while the records of an earlier one are made. */
const SECTIONS_AHEAD = 2;

export interface CatalogSearchIndexOptions {
  client: SiteContentClient;
  search: ResolvedSearchOptions;
  /** The folder the index is written to (what the site serves at `/<search.path>/`). */
  outDir: string;
  /** How the site's page URLs end, as its loaders are told. @default trailingSlash 'ignore', format 'directory' */
  urlStyle?: UrlStyle | undefined;
  /** The products loader's `productUrl`. @default the section's URL + `/` + id */
  productUrl?: ProductUrlOption | undefined;
  /** The site's origin: photos on it are linked root-relative. */
  site?: string | undefined;
  /** Modification reads in flight at once. @default 8 */
  concurrency?: number | undefined;
  /** Told of each section read: its `tx` and the records it gave. */
  progress?: ((section: string, records: number) => void) | undefined;
}

/** The `tx` of every section shown: its own `shw` and every ancestor's is set (hidden ones hide what is below). */
function shownSections(sections: readonly Section[]): Set<string> {
  const byTx = new Map(sections.map((s) => [s.tx, s]));
  const shown = new Set<string>();
  for (const section of sections) {
    const seen = new Set<string>();
    let at: Section | undefined = section;
    let visible = true;
    while (at && !seen.has(at.tx)) {
      seen.add(at.tx);
      if (!at.shw) visible = false;
      at = at.par ? byTx.get(at.par) : undefined;
    }
    if (visible) shown.add(section.tx);
  }
  return shown;
}

const FINISH: EntryFinish = { cleanHtml: sanitizeHtml, seo: undefined };

/**
 * The groups of a split index from a section-by-section read: `read` reordered so each top
 * section's sections come together (tops in catalog order) and those above the split (`splitSections`)
 * last, one group per top section, whose records are taken from one shared read as the writer asks
 * for them; then the rest: the products above the split, and the articles.
 */
async function* topSectionGroups(
  read: readonly Section[],
  sectionEntries: readonly { id: string; data: SectionLike }[],
  sectionRecords: (read: readonly Section[]) => AsyncGenerator<SearchRecord[]>,
  articles: AsyncIterable<SearchRecord>,
): AsyncGenerator<SearchBundleGroup> {
  const tops = splitSections(sectionEntries.map((s) => s.data));
  const byTop = new Map<string, Section[]>();
  const above: Section[] = [];
  for (const section of read) {
    const top = tops.get(section.tx)?.tx;
    const group = top === undefined ? above : (byTop.get(top) ?? []);
    group.push(section);
    if (top !== undefined) byTop.set(top, group);
  }
  const shared = sectionRecords([...[...byTop.values()].flat(), ...above])[Symbol.asyncIterator]();
  async function* take(count: number) {
    for (let i = 0; i < count; i++) {
      const next = await shared.next();
      if (next.done) return;
      yield* next.value;
    }
  }
  for (const [tx, group] of byTop) {
    yield { section: { tx, name: plainText(tops.get(tx)?.zag ?? tx) }, records: take(group.length) };
  }
  yield {
    records: (async function* () {
      yield* take(above.length);
      yield* articles;
    })(),
  };
}

/** Reads the catalog section by section and writes its search index to `outDir` (split by top section with `split`). */
export async function catalogSearchIndex(options: CatalogSearchIndexOptions): Promise<SearchIndexSummary> {
  const { client, search } = options;
  const urlStyle = options.urlStyle ?? DEFAULT_URL_STYLE;
  const [sections, imageOrigin] = await Promise.all([client.sections.list(), client.site.origin()]);
  const index = indexSections(sections);
  const shown = shownSections(sections);
  const sectionPage = sectionPages({
    collection: 'sections',
    sectionsCollection: 'sections',
    urlStyle,
    metaModule: 'dir',
    onlyVisible: true,
  });
  const sectionEntries = sections
    .filter((s) => shown.has(s.tx))
    .map((s) => ({ id: s.tx, data: sectionPage(s, index).entry(FINISH).data as unknown as SectionLike }));
  const context: RecordContext = { options: search, sections: sectionEntries, site: options.site };
  const productPage = productPages({
    collection: 'products',
    sectionsCollection: 'sections',
    urlStyle,
    metaModule: 'goods',
    productUrl: options.productUrl ?? defaultProductUrl,
    imageOrigin,
  });
  const concurrency = options.concurrency ?? 8;

  /** One section's products with their shown modifications, cheapest first. */
  async function readSection(section: Section, signal: AbortSignal) {
    const products = (await client.products.list({ catid: section.id }, { signal })).filter((p) => p.shw);
    const modifications = await mapBounded(products, concurrency, (product: Product) =>
      client.modifications.list({ goodsId: product.id }, { signal }),
    );
    return products.map((product, i) => ({
      product,
      modifications: (modifications[i] ?? [])
        .filter((m: Modification) => m.shw)
        .sort((a: Modification, b: Modification) => a.price - b.price || a.id - b.id)
        .map(
          (m: Modification) =>
            buildModificationEntry(m, 'products') as unknown as WithData<SearchModificationSource>,
        ),
    }));
  }

  /** The product records of each of `read`, a section at a time, in order. */
  async function* sectionRecords(read: readonly Section[]): AsyncGenerator<SearchRecord[]> {
    let at = 0;
    for await (const items of readAhead(read, SECTIONS_AHEAD, readSection)) {
      const made: SearchRecord[] = [];
      for (const { product, modifications } of items) {
        const page = productPage(product, index);
        // A product without a page (its URL would leave the site) has no record either.
        if (!('entry' in page)) continue;
        const record = productRecord(
          { product: page.entry(FINISH) as unknown as WithBody<SearchProductSource>, modifications },
          context,
        );
        if (record) made.push(record);
      }
      options.progress?.((read[at++] as Section).tx, made.length);
      yield made;
    }
  }

  async function* articleRecords(): AsyncGenerator<SearchRecord> {
    if (!search.include.includes('articles')) return;
    const articlePage = articlePages({
      collection: 'articles',
      sectionsCollection: 'sections',
      urlStyle,
      metaModule: undefined,
    });
    for (const article of await client.articles.list({})) {
      const section = index.byId.get(article.catid);
      if (!article.shw || (section && !shown.has(section.tx))) continue;
      const entry = articlePage(article, index).entry(FINISH);
      const record = articleRecord(entry as unknown as { id: string; data: SearchArticleSource }, context);
      if (record) yield record;
    }
  }

  const read = search.include.includes('products') ? sections.filter((s) => shown.has(s.tx)) : [];
  if (search.split) {
    return writeSplitSearchIndex(
      topSectionGroups(read, sectionEntries, sectionRecords, articleRecords()),
      options.outDir,
    );
  }
  async function* records(): AsyncGenerator<SearchRecord> {
    for await (const made of sectionRecords(read)) yield* made;
    yield* articleRecords();
  }
  return writeSearchIndex(records(), options.outDir);
}
