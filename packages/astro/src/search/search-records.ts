/**
 * The search index's records, one per product page and per article, made from the entries: the
 * price a product page shows comes from the offers its JSON-LD and the feed state (`offerPrices`,
 * `makeOffer`), its colours from the variant facts mapping, never from a colour code. Pure functions
 * of a record and its section trail, so a build and the section-by-section read of
 * `sitecontent search-index` make the same records (docs/src/content/docs/guides/search.mdx).
 */
import { entryBody, entryData, type WithBody, type WithData } from '../entries/entry-data.js';
import { plainText } from '../entries/plain-text.js';
import { truncateOnWordBoundary } from '../entries/seo.js';
import { breadcrumbsFor } from '../helpers/breadcrumbs.js';
import { imageUrls } from '../helpers/image-urls.js';
import type { SectionLike } from '../helpers/section-tree.js';
import type { ResolvedSearchOptions } from '../options/search-options.js';
import { makeOffer, type PricePoint } from '../structured-data/offer.js';
import type { ResolvedStructuredDataOptions } from '../structured-data/options.js';
import { feedAvailability } from '../structured-data/product-feed.js';
import { offerPrices } from '../structured-data/product-offers.js';
import type { ModificationSource, ProductSource } from '../structured-data/record-sources.js';
import { makeVariantFacts } from '../structured-data/variants.js';

/** A record as Pagefind's `addCustomRecord()` takes it. */
export interface SearchRecord {
  url: string;
  content: string;
  language: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  sort: Record<string, string>;
}

/** The filter names of the index, as the browser reads them (`?section=…&vendor=…`). */
export const SEARCH_FILTERS = ['kind', 'section', 'vendor', 'colour', 'price', 'sale', 'stock'] as const;
/** The sort keys of the index: `price`, `added` (the record's `dt`, newest last) and `title`. */
export const SEARCH_SORTS = ['price', 'added', 'title'] as const;

/**
 * The meta fields that repeat a record's numeric sort keys (`sort_price`, `sort_added`): Pagefind's
 * results do not carry sort keys, and a browser merging the bundles of a split index in a sort's
 * order compares them (the title sort compares the `title` meta, lower-cased).
 */
export const SORT_META = { price: 'sort_price', added: 'sort_added' } as const;

/** The value of the `kind` filter of each page kind. */
export const KIND_NAMES = { products: 'Product', articles: 'Article' } as const;
/** The value of the `sale` filter of a product whose shown price is below its old price. */
export const ON_SALE = 'On sale';
/** The value of the `stock` filter of a product with an offer in stock. */
export const IN_STOCK = 'In stock';

/** The product fields a record reads. */
export type SearchProductSource = ProductSource & {
  imageOrigin?: string | undefined;
  shw?: boolean | undefined;
  dt?: Date | undefined;
  section?: { id: string } | null | undefined;
};
/** The modification fields a record reads. */
export type SearchModificationSource = ModificationSource & { shw?: boolean | undefined };
/** The article fields a record reads. */
export interface SearchArticleSource {
  id: number;
  zag: string;
  stxt: string;
  url: string;
  shw?: boolean | undefined;
  dt?: Date | undefined;
  section?: { id: string } | null | undefined;
}

/** One product page: its entry, its modifications, and the raster images the page made, if known. */
export interface SearchProduct {
  product: WithBody<SearchProductSource>;
  modifications: readonly WithData<SearchModificationSource>[];
  /** Raster images the page names (its JSON-LD `image`), root-relative or absolute. @default the service's big photos, when raster */
  images?: readonly string[] | undefined;
}

/** What the records of one catalog share: the options, the section tree and how prices are written. */
export interface RecordContext {
  options: ResolvedSearchOptions;
  sections: readonly WithData<SectionLike>[];
  /** The site's origin: images on it are linked root-relative, so the index works on any host. */
  site?: string | undefined;
}

const RASTER = /\.(?:avif|gif|jpe?g|png|webp)(?:[?#].*)?$/i;
const DESCRIPTION_MAX = 160;

/** Formatters and band names per options object: `Intl.NumberFormat` is costly to make per record. */
const madeFor = new WeakMap<ResolvedSearchOptions, { price: (value: number) => string; bands: string[] }>();

function formattersFor(options: ResolvedSearchOptions) {
  let made = madeFor.get(options);
  if (!made) {
    const money = new Intl.NumberFormat(options.locale, { style: 'currency', currency: options.currency });
    made = { price: options.formatPrice ?? ((value) => money.format(value)), bands: bandNames(options) };
    madeFor.set(options, made);
  }
  return made;
}

/** A price as the pages show it, by the `formatPrice` option or the locale's currency format. */
export function priceFormatter(options: ResolvedSearchOptions): (value: number) => string {
  return formattersFor(options).price;
}

/** A band's bound, without cents when it is whole. */
function boundFormatter(options: ResolvedSearchOptions): (value: number) => string {
  const whole = new Intl.NumberFormat(options.locale, {
    style: 'currency',
    currency: options.currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
  const exact = new Intl.NumberFormat(options.locale, { style: 'currency', currency: options.currency });
  return (value) => (Number.isInteger(value) ? whole : exact).format(value);
}

/** The names of the price bands, cheapest first: `Under $25`, `$25 – $50`, …, `$1,000 and over`. */
export function priceBandNames(options: ResolvedSearchOptions): string[] {
  return [...formattersFor(options).bands];
}

function bandNames(options: ResolvedSearchOptions): string[] {
  const bound = boundFormatter(options);
  const bands = options.priceBands;
  const names = [`Under ${bound(bands[0] as number)}`];
  for (let i = 1; i < bands.length; i++)
    names.push(`${bound(bands[i - 1] as number)} – ${bound(bands[i] as number)}`);
  names.push(`${bound(bands[bands.length - 1] as number)} and over`);
  return names;
}

/** The band a price falls in: below the first bound whose value is above it, else the last. */
export function priceBand(price: number, options: ResolvedSearchOptions): string {
  const names = formattersFor(options).bands;
  const index = options.priceBands.findIndex((bound) => price < bound);
  return names[index === -1 ? names.length - 1 : index] as string;
}

/** The names of the section trail down to `tx`, root first (a filter value per level). */
function sectionTrailNames(tx: string | undefined, sections: readonly WithData<SectionLike>[]): string[] {
  if (!tx) return [];
  const section = sections.map((s) => entryData(s)).find((s) => s.tx === tx);
  if (!section) return [];
  return breadcrumbsFor(section, sections).map((crumb) => plainText(crumb.label));
}

const sectionCache = new WeakMap<readonly unknown[], Map<string, string[]>>();

/** `sectionTrailNames`, worked out once per section and catalog. */
function cachedSectionTrail(tx: string | undefined, sections: readonly WithData<SectionLike>[]): string[] {
  if (!tx) return [];
  let cache = sectionCache.get(sections);
  if (!cache) {
    cache = new Map();
    sectionCache.set(sections, cache);
  }
  let trail = cache.get(tx);
  if (!trail) {
    trail = sectionTrailNames(tx, sections);
    cache.set(tx, trail);
  }
  return trail;
}

/** An image for a result: the page's first raster image, else the service's big photo when it is raster. */
function resultImage(item: SearchProduct, site: string | undefined): string | undefined {
  const product = entryData(item.product);
  const candidates =
    item.images ??
    (product.img.length > 0 && product.imageOrigin !== undefined ? imageUrls(product).map((i) => i.big) : []);
  const image = candidates.find((url) => RASTER.test(url));
  if (image === undefined || site === undefined) return image;
  return image.startsWith(`${site}/`) ? image.slice(site.length) : image;
}

/** The structured-data options the offers are made with (the URL they carry is not read here). */
function offerOptions(options: ResolvedSearchOptions): ResolvedStructuredDataOptions {
  return {
    site: 'https://search.invalid',
    currency: options.currency,
    availability: options.availability,
    itemCondition: 'NewCondition',
    policiesOn: 'organization',
  } as ResolvedStructuredDataOptions;
}

/** Whether an offer is in stock, by Google's feed reading of its schema.org availability. */
function inStock(point: PricePoint, options: ResolvedStructuredDataOptions): boolean {
  return (
    feedAvailability(String(makeOffer(point, 'https://search.invalid/', options).availability)) === 'in_stock'
  );
}

/** The colour names of a product's modifications, by the `variantProperties` option. */
function colourNames(
  product: SearchProductSource,
  modifications: readonly SearchModificationSource[],
  options: ResolvedSearchOptions,
): string[] {
  const map = options.variantProperties;
  if (!map) return [];
  const names = new Set<string>();
  for (const modification of modifications) {
    const { color } = makeVariantFacts(modification.id, () => map(modification, product));
    if (color) names.add(color);
  }
  return [...names];
}

/** The text a record is found by: its title, teaser and body as plain text. */
function searchableText(title: string, ...parts: string[]): string {
  return [title, ...parts.map((part) => plainText(part))].filter(Boolean).join('\n');
}

/** A Unix time in seconds as a sort key (Pagefind sorts numbers numerically). */
const timeKey = (date: Date | undefined) => String(Math.floor((date?.getTime() ?? 0) / 1000));

/**
 * The record of a product page: `undefined` for a hidden product. Only its shown modifications
 * count, cheapest first, as the page lists them.
 */
export function productRecord(item: SearchProduct, context: RecordContext): SearchRecord | undefined {
  const { options, sections } = context;
  const product = entryData(item.product);
  if (product.shw === false) return undefined;
  const modifications = item.modifications.map((m) => entryData(m)).filter((m) => m.shw !== false);
  const title = plainText(product.zag);
  const body = entryBody(item.product);
  const description = truncateOnWordBoundary(plainText(product.stxt) || plainText(body), DESCRIPTION_MAX);
  const structured = offerOptions(options);
  const points = offerPrices(product, modifications);
  const cheapest = points.reduce<PricePoint | undefined>(
    (low, p) => (!low || p.price < low.price ? p : low),
    undefined,
  );
  const format = priceFormatter(options);
  const vendor = product.vendor.trim();
  const trail = cachedSectionTrail(product.section?.id, sections);
  const image = resultImage(item, context.site);
  const meta: Record<string, string> = { title, description, kind: KIND_NAMES.products };
  const filters: Record<string, string[]> = { kind: [KIND_NAMES.products] };
  const sort: Record<string, string> = {
    added: timeKey(product.dt),
    title: title.toLocaleLowerCase(options.locale),
  };
  meta[SORT_META.added] = sort.added as string;
  if (image) {
    meta.image = image;
    meta.image_alt = title;
  }
  if (trail.length > 0) {
    filters.section = trail;
    meta.section = trail[trail.length - 1] as string;
  }
  if (vendor) {
    filters.vendor = [vendor];
    meta.vendor = vendor;
  }
  const colours = colourNames(product, modifications, options);
  if (colours.length > 0) filters.colour = colours;
  if (cheapest) {
    const from = points.some((p) => p.price !== cheapest.price);
    meta.price = `${from ? 'from ' : ''}${format(cheapest.price)}`;
    if (cheapest.oldPrice !== undefined) {
      meta.old_price = format(cheapest.oldPrice);
      filters.sale = [ON_SALE];
    }
    filters.price = [priceBand(cheapest.price, options)];
    sort.price = String(cheapest.price);
    meta[SORT_META.price] = sort.price;
    if (points.some((p) => inStock(p, structured))) filters.stock = [IN_STOCK];
  }
  return {
    url: product.url,
    content: searchableText(title, product.stxt, body, vendor, colours.join(' ')),
    language: options.language,
    meta,
    filters,
    sort,
  };
}

/** The record of an article page: `undefined` for a hidden article. */
export function articleRecord(
  entry: WithBody<SearchArticleSource>,
  context: RecordContext,
): SearchRecord | undefined {
  const { options, sections } = context;
  const article = entryData(entry);
  if (article.shw === false) return undefined;
  const title = plainText(article.zag);
  const body = entryBody(entry);
  const description = truncateOnWordBoundary(plainText(article.stxt) || plainText(body), DESCRIPTION_MAX);
  const trail = cachedSectionTrail(article.section?.id, sections);
  const added = timeKey(article.dt);
  const meta: Record<string, string> = {
    title,
    description,
    kind: KIND_NAMES.articles,
    [SORT_META.added]: added,
  };
  const filters: Record<string, string[]> = { kind: [KIND_NAMES.articles] };
  if (trail.length > 0) {
    filters.section = trail;
    meta.section = trail[trail.length - 1] as string;
  }
  return {
    url: article.url,
    content: searchableText(title, article.stxt, body),
    language: options.language,
    meta,
    filters,
    sort: { added, title: title.toLocaleLowerCase(options.locale) },
  };
}
