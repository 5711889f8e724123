import type { Loader } from 'astro/loaders';
import { pagesOf, productPages } from '../../entries/page-kinds.js';
import { urlStyleOf } from '../../entries/page-url.js';
import { productDataSchemaFor, type SeoOption } from '../../entries/schemas.js';
import { indexSections } from '../../entries/section-index.js';
import { PRODUCTS_LOADER_NAME } from '../../loader-names.js';
import { catalogFilter } from '../../options/catalog-filter.js';
import { entryLoaderSettings, type ProductsLoaderOptions } from '../../options/loader-options.js';
import type { FetchContext } from '../load-run/fetch-context.js';
import { EnoughInvalidRecords } from '../load-run/invalid-records.js';
import { runLoad } from '../load-run/run-load.js';
import type { ProductsAnswer, SyncProducts } from '../load-run/sync-products.js';
import { KEEP_STORED, type SyncSource } from '../staging/sync-item.js';
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

/** `goods/Get`, then each page's meta and entry; unchanged answers with fresh cached meta keep the stored entries. */
async function fetchProducts(fc: FetchContext, settings: ProductsSettings): Promise<SyncSource> {
  const { ctx, siteOrigin, sections } = fc;
  const { opts, seo } = settings;
  const [answer, sync, origin] = await Promise.all([
    fc.products(catalogFilter(opts), opts.onInvalid === 'fail'),
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
  const read = await typedProducts(fc, answer);
  const all = opts.onlyVisible ? read.products.filter((p) => p.shw) : read.products;
  const index = indexSections(sync.sections);
  warnSectionsMissing(
    ctx.logger,
    ctx.collection,
    all.filter((product) => !index.byTx.has(product.cattx)),
  );
  const kind = productPages({
    collection: ctx.collection,
    sectionsCollection: settings.sectionsCollection,
    urlStyle: urlStyleOf(ctx.config),
    metaModule: opts.metaModule,
    productUrl: opts.productUrl,
    imageOrigin: answer.imageOrigin,
    moved: movedLinks(ctx, sync.sections),
  });
  // A URL that would leave the site is an invalid record, named by id and field, never a link to
  // another host (docs/interface.md, "Wire format").
  const pages = pagesOf(kind, all, index, (recordId, problem) => fc.invalid.add({ recordId, ...problem }));
  return pageItems(fc, pages, seo, origin);
}

/** The sync's `goods/Get` typed, its invalid records this load's; typing stopped early brings them too. */
async function typedProducts(fc: FetchContext, answer: ProductsAnswer): Promise<SyncProducts> {
  try {
    const read = await answer.typed();
    fc.invalid.addAll(read.invalid);
    return read;
  } catch (error) {
    if (error instanceof EnoughInvalidRecords && error.records) fc.invalid.addAll(error.records);
    throw error;
  }
}
