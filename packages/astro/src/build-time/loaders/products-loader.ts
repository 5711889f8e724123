import { isSiteContentError, type Product } from '@sitecontent/client';
import { readAhead } from '@sitecontent/client/internal';
import type { Loader } from 'astro/loaders';
import { productPages, recordPages } from '../../entries/page-kinds.js';
import { readUrlStyle } from '../../entries/page-url.js';
import type { PageProblem } from '../../entries/product-page.js';
import { productDataSchemaFor, type SeoOption } from '../../entries/schemas.js';
import type { SectionIndex } from '../../entries/section-index.js';
import { indexSections } from '../../entries/section-index.js';
import { PRODUCTS_LOADER_NAME } from '../../loader-names.js';
import { catalogFilter } from '../../options/catalog-filter.js';
import { entryLoaderSettings, type ProductsLoaderOptions } from '../../options/loader-options.js';
import type { CatalogFilterOptions } from '../../options/loader-shapes.js';
import {
  type CatalogReadMemory,
  catidsToRead,
  extraCatids,
  isWholeCatalog,
  LARGE_CATALOG_PRODUCTS,
  readsBySection,
  rememberedRead,
  rememberRead,
  SectionReadTally,
} from '../load-run/catalog-read.js';
import { Progress } from '../load-run/fan-out-progress.js';
import type { FetchContext, SyncSections } from '../load-run/fetch-context.js';
import { EnoughInvalidRecords } from '../load-run/invalid-records.js';
import { runLoad } from '../load-run/run-load.js';
import { readSection, SECTION_READS_AHEAD, sectionBodyDigest } from '../load-run/section-reads.js';
import { type ItemSource, KEEP_STORED, type SyncItem, type SyncSource } from '../staging/sync-item.js';
import { warnSectionsMissing } from './missing-sections.js';
import { movedLinks } from './moved-links.js';
import { pageFingerprint } from './page-fingerprint.js';
import { pageItems } from './page-items.js';

/** Catalog products (`goods/Get`): the client's `Product` plus `section`, `url` and, with `seo`, `seo`. */
export function productsLoader<const S extends string = 'sections', const Q extends SeoOption = undefined>(
  options: ProductsLoaderOptions<S> & { seo?: Q } = {},
) {
  const settings = entryLoaderSettings<'products', S, Q>('products', options);
  return {
    name: PRODUCTS_LOADER_NAME,
    schema: productDataSchemaFor(settings.sectionsCollection, settings.seoPresence),
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'products',
        options: settings.opts,
        metaMaxAge: settings.metaMaxAge,
        sanitize: settings.opts.sanitize,
        fingerprint: pageFingerprint(settings, ctx.config, settings.opts.productUrl),
        fetch: (fc) => fetchProducts(fc, settings),
      }),
  } satisfies Loader;
}

/** What the fetch reads of the loader's settings. */
type ProductsSettings = Pick<
  ReturnType<typeof entryLoaderSettings<'products', string>>,
  'opts' | 'seo' | 'sectionsCollection'
>;

/**
 * The catalog's products: in one `goods/Get` while it is small, else section by section
 * (load-run/catalog-read.ts); then each page's meta and entry. Unchanged answers with fresh cached
 * meta keep the stored entries.
 */
async function fetchProducts(fc: FetchContext, settings: ProductsSettings): Promise<SyncSource> {
  const filter = catalogFilter(settings.opts);
  const memory = rememberedRead(fc.ctx.meta);
  let reason: string;
  if (readsBySection(filter, memory)) {
    reason = `the last sync read ${memory?.products.toLocaleString('en')} products (from ${LARGE_CATALOG_PRODUCTS.toLocaleString('en')} it reads by section)`;
  } else {
    try {
      return await fetchWhole(fc, settings, filter, memory?.wholeDigest);
    } catch (error) {
      // One answer over the size cap, or too slow to come whole: the catalog is read again in
      // bounded bodies, section by section; a service that is down fails those reads too.
      if (!isWholeCatalog(filter) || !tooBigForOneAnswer(error)) throw error;
      reason = isSiteContentError(error, 'response_too_large')
        ? `the whole catalog's goods/Get is over maxResponseBytes (${error.limitBytes} bytes)`
        : `the whole catalog's goods/Get timed out after ${fc.wholeCatalogMs} ms`;
    }
  }
  // One line says why: the reads that follow are many `goods/Get?catid=`, not one.
  fc.ctx.logger.info(`${fc.ctx.collection}: reading the catalog section by section: ${reason}`);
  return fetchBySection(fc, settings, memory);
}

/** A whole-catalog read that failed for its size: over the body cap, or timed out. */
const tooBigForOneAnswer = (error: unknown) =>
  isSiteContentError(error, 'response_too_large') || isSiteContentError(error, 'timeout');

/** How the products become pages, from the sync's sections and the photos' origin. */
function productKind(
  fc: FetchContext,
  settings: ProductsSettings,
  sections: SyncSections,
  imageOrigin: string,
) {
  const { ctx } = fc;
  return productPages({
    collection: ctx.collection,
    sectionsCollection: settings.sectionsCollection,
    urlStyle: readUrlStyle(ctx.config),
    metaModule: settings.opts.metaModule,
    productUrl: settings.opts.productUrl,
    imageOrigin,
    moved: movedLinks(ctx, sections.sections),
  });
}

/**
 * The items of a part of the catalog (a typed slice, a section's answer), each once its meta is in,
 * and its products whose section is unknown. A URL that would leave the site is an invalid record,
 * named by id and field, never a link to another host (docs/interface.md, "Wire format").
 */
function partItems(
  fc: FetchContext,
  settings: ProductsSettings,
  kind: ReturnType<typeof productKind>,
  index: SectionIndex,
  origin: string,
) {
  const rejected = (recordId: number, problem: PageProblem) => fc.invalid.add({ recordId, ...problem });
  return (products: Product[]) => {
    const shown = settings.opts.onlyVisible ? products.filter((p) => p.shw) : products;
    const pages = recordPages(kind, shown, index, rejected);
    return { orphans: findOrphans(shown, index), items: pageItems(fc, pages, settings.seo, origin) };
  };
}

/** Slices of the typed catalog asking their pages' meta ahead of the one being staged. */
const SLICES_AHEAD = 2;

/** Products whose section is not among the valid ones: kept to warn once, as `{ id, catid }`. */
function findOrphans(products: readonly Product[], index: SectionIndex): { id: number; catid: number }[] {
  return products.filter((product) => !index.byTx.has(product.cattx)).map(({ id, catid }) => ({ id, catid }));
}

/**
 * The whole catalog (or the user's filter) in one `goods/Get`, shared with the modifications loader:
 * typed a slice at a time, each slice's pages asking their meta as soon as it is typed, a few slices
 * ahead of the one being staged (the first `meta/Get` does not wait for the whole catalog's typing).
 */
async function fetchWhole(
  fc: FetchContext,
  settings: ProductsSettings,
  filter: CatalogFilterOptions,
  knownBodyDigest: string | undefined,
): Promise<SyncSource> {
  const { ctx, siteOrigin, sections } = fc;
  const { opts, seo } = settings;
  const [answer, sync, origin] = await Promise.all([
    fc.products(filter, opts.onInvalid === 'fail', knownBodyDigest),
    // Sections only give product URLs; an invalid section record is not a product problem.
    sections(),
    seo ? siteOrigin() : Promise.resolve(''),
  ]);
  const answers = {
    products: answer.bodyDigest,
    sections: sync.bodyDigest,
    origin,
    imageOrigin: answer.imageOrigin,
  };
  if (fc.keepsStored(answers, seo)) return KEEP_STORED;
  const index = indexSections(sync.sections);
  const itemsOf = partItems(fc, settings, productKind(fc, settings, sync, answer.imageOrigin), index, origin);
  const sliceItems = (slice: Product[]) => ({ slice, ...itemsOf(slice) });
  async function* items(): AsyncGenerator<SyncItem> {
    const catids: number[] = [];
    const orphans: { id: number; catid: number }[] = [];
    try {
      for await (const part of readAhead(answer.slices(), SLICES_AHEAD, sliceItems)) {
        for (const product of part.slice) catids.push(product.catid);
        orphans.push(...part.orphans);
        yield* toStream(part.items);
      }
      fc.invalid.addAll((await answer.typed()).invalid);
    } catch (error) {
      // Typing stopped early (`onInvalid: 'fail'`) brings the invalid records it counted.
      if (error instanceof EnoughInvalidRecords && error.records) fc.invalid.addAll(error.records);
      throw error;
    }
    warnSectionsMissing(ctx.logger, ctx.collection, orphans);
    if (isWholeCatalog(filter)) {
      rememberRead(fc, {
        products: catids.length,
        extraCatids: extraCatids(catids, (catid) => index.byId.has(catid)),
        sections: {},
        wholeDigest: answer.bodyDigest,
      });
    }
  }
  // As many items as records at most: staging tells a small catalog from a large one by it.
  return Object.assign(items(), { length: answer.rowCount });
}

/**
 * The catalog section by section: each answer's entries staged, and its pages' meta asked, as soon
 * as it is typed, a few sections read ahead; nothing holds a body the size of the catalog.
 */
async function fetchBySection(
  fc: FetchContext,
  settings: ProductsSettings,
  memory: CatalogReadMemory | undefined,
): Promise<SyncSource> {
  const { ctx } = fc;
  const { seo } = settings;
  const [sync, origin, imageOrigin] = await Promise.all([
    fc.sections(),
    seo ? fc.siteOrigin() : Promise.resolve(''),
    fc.client.site.origin({ signal: fc.callOptions.signal }),
  ]);
  const index = indexSections(sync.sections);
  const catids = catidsToRead(
    sync.sections.map((s) => s.id),
    sync.invalidIds,
    memory,
  );
  const answerRecord = (bodies: string) => ({
    products: ctx.generateDigest(bodies),
    sections: sync.bodyDigest,
    origin,
    imageOrigin,
  });
  if (memory && (await unchangedSections(fc, catids, memory, seo))) {
    const bodies = JSON.stringify(catids.map((catid) => [catid, memory.sections[String(catid)]]));
    if (fc.keepsStored(answerRecord(bodies), seo)) {
      rememberRead(fc, memory);
      return KEEP_STORED;
    }
  }
  const itemsOf = partItems(fc, settings, productKind(fc, settings, sync, imageOrigin), index, origin);
  const progress = new Progress(ctx.logger, `${ctx.collection}: goods/Get by section`, catids.length);
  // Each section's meta requests start as soon as it is typed, while the next sections are read.
  const readSections = () =>
    readAhead(catids, SECTION_READS_AHEAD, async (catid) => {
      const answer = await readSection(fc, catid);
      progress.tick();
      return { catid, answer, ...itemsOf(answer.products) };
    });
  async function* items(): AsyncGenerator<SyncItem> {
    const tally = new SectionReadTally();
    const orphans: { id: number; catid: number }[] = [];
    for await (const section of readSections()) {
      tally.add(section.catid, section.answer.bodyDigest, section.answer.products.length);
      orphans.push(...section.orphans);
      yield* toStream(section.items);
    }
    warnSectionsMissing(ctx.logger, ctx.collection, orphans);
    // The answers this load's entries were made of, for the next load's conditional read.
    fc.recordAnswers(answerRecord(tally.bodies), seo);
    rememberRead(
      fc,
      tally.memory((catid) => index.byId.has(catid)),
    );
  }
  return items();
}

/**
 * Whether every section's body is as the last sync read it: read one by one without typing, the
 * first difference stops the probe. Only tried where stored entries could be kept (no meta, or
 * cached meta): a load that asks every page's meta builds its entries anyway.
 */
async function unchangedSections(
  fc: FetchContext,
  catids: readonly number[],
  memory: CatalogReadMemory | undefined,
  seo: boolean,
): Promise<boolean> {
  if (memory === undefined || (seo && !fc.metaCaches)) return false;
  const known = Object.keys(memory.sections);
  if (known.length !== catids.length || catids.some((catid) => memory.sections[String(catid)] === undefined))
    return false;
  for await (const same of readAhead(catids, SECTION_READS_AHEAD, async (catid) => {
    return (await sectionBodyDigest(fc, catid)) === memory.sections[String(catid)];
  })) {
    if (!same) return false;
  }
  return true;
}

/** An item source as a stream. */
async function* toStream(source: ItemSource): AsyncGenerator<SyncItem> {
  for await (const item of source) if (item !== undefined) yield item;
}
