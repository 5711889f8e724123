import type { Meta, Product, Section } from '@sitecontent/client';
import type { Loader, LoaderContext } from 'astro/loaders';
import { pageModuleOf } from '../entries/meta-module.js';
import { type UrlStyle, urlStyleOf } from '../entries/page-url.js';
import { buildProductEntry } from '../entries/product-entry.js';
import { productPage } from '../entries/product-page.js';
import { productDataSchemaFor, type SeoOption } from '../entries/schemas.js';
import { indexSections, type SectionIndex, sectionReference } from '../entries/section-index.js';
import type { FetchContext } from '../load/fetch-context.js';
import { EnoughInvalidRecords } from '../load/invalid-records.js';
import { runLoad } from '../load/run-load.js';
import type { ProductsAnswer, SyncProducts } from '../load/sync-products.js';
import { PRODUCTS_LOADER_NAME } from '../loader-names.js';
import { catalogFilter } from '../options/catalog-filter.js';
import { entryLoaderSettings, type ProductsLoaderOptions } from '../options/loader-options.js';
import { KEEP_STORED, type SyncItem, type SyncSource } from '../sync/sync-item.js';
import { warnSectionsMissing } from './missing-sections.js';
import { pageFingerprint } from './page-fingerprint.js';

/**
 * Catalog products (`goods/Get`). Entry id: `String(id)`. Data: the client's `Product` plus
 * `section` (a reference to the product's section), `url` and, with `seo: true`, `seo`. `txt` is
 * the rendered body.
 */
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

/** A product that gets a page: its section and the page's URL. */
interface ProductPage {
  product: Product;
  section: Section | undefined;
  url: string;
}

/**
 * `goods/Get`, the products' pages, then each page's meta and entry as its meta arrives. When the
 * answers the stored entries were made of come again unchanged, byte for byte, and every page's
 * meta is fresh in the cache, the stored entries are kept and no record is typed.
 */
async function fetchProducts(fc: FetchContext, settings: ProductsSettings): Promise<SyncSource> {
  const { ctx, itemsWithMeta, siteOrigin, sections } = fc;
  const { opts, seo } = settings;
  const [answer, sync, origin] = await Promise.all([
    fc.products(catalogFilter(opts), (opts.onInvalid ?? 'fail') === 'fail'),
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
  const urlStyle = urlStyleOf(ctx.config);
  const pages = productPages(ctx, read.products, indexSections(sync.sections), settings, fc);
  const metaPageOf = ({ product }: ProductPage) => ({
    record: product,
    md: pageModuleOf(ctx.collection, opts.metaModule, product, product.id),
    id: product.id,
  });
  return itemsWithMeta(pages, seo ? metaPageOf : undefined, (page, meta) =>
    productItem(page, meta, settings, { origin, urlStyle, imageOrigin: answer.imageOrigin }),
  );
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

/**
 * The products that get a page, with its URL. A URL that would leave the site is an invalid
 * record, named by id and field (docs/interface.md, "Wire format"), never a link to another host.
 */
function productPages(
  ctx: LoaderContext,
  all: readonly Product[],
  index: SectionIndex,
  { opts }: ProductsSettings,
  { invalid }: Pick<FetchContext, 'invalid'>,
): ProductPage[] {
  const urlStyle = urlStyleOf(ctx.config);
  const pages: ProductPage[] = [];
  const sectionless: Product[] = [];
  for (const product of opts.onlyVisible ? all.filter((p) => p.shw) : all) {
    const section = index.byTx.get(product.cattx);
    if (section === undefined) sectionless.push(product);
    const page = productPage(ctx.collection, opts.productUrl, product, section, urlStyle);
    if (page.problem === undefined) pages.push({ product, section, url: page.url });
    else invalid.add({ recordId: product.id, ...page.problem });
  }
  warnSectionsMissing(ctx.logger, ctx.collection, sectionless);
  return pages;
}

function productItem(
  { product, section, url }: ProductPage,
  meta: Meta | undefined,
  { seo, sectionsCollection }: ProductsSettings,
  site: { origin: string; urlStyle: UrlStyle; imageOrigin: string },
): SyncItem {
  const ref = sectionReference(sectionsCollection, section);
  return {
    id: String(product.id),
    digestInputs: {
      record: product,
      url,
      section: ref,
      meta,
      origin: site.origin,
      imageOrigin: product.img.length > 0 ? site.imageOrigin : undefined,
    },
    html: [product.stxt, product.txt],
    build: (clean) =>
      buildProductEntry(product, {
        url,
        section: ref,
        imageOrigin: site.imageOrigin,
        cleanHtml: clean,
        seo: seo ? { meta, origin: site.origin } : undefined,
        urlStyle: site.urlStyle,
      }),
  };
}
