/**
 * A product feed in Google's format (RSS 2.0 with the `g:` namespace), read by Merchant Center and
 * the shopping feeds that follow it: one item per offer a product page states, made from the same
 * offers as its JSON-LD (product-offers.ts), so a feed price cannot differ from the page's.
 * Streamed product by product, so a served feed holds one product at a time.
 */
import { entryData, type WithBody, type WithData } from '../entries/entry-data.js';
import { plainText } from '../entries/plain-text.js';
import { xmlText } from '../helpers/xml-text.js';
import { pageSeo } from '../seo-head/page-seo.js';
import { offerShippingDetails } from './merchant-policies.js';
import type { ResolvedStructuredDataOptions } from './options.js';
import { productBrand, productImages } from './product.js';
import { productIdentifiers } from './product-identifiers.js';
import { productOffers, type StatedOffer, variantName } from './product-offers.js';
import type { ModificationSource, ProductSource } from './record-sources.js';

/** One product of the feed: its entry, the modifications its page lists, the images the page made. */
export interface FeedProduct {
  product: WithBody<ProductSource>;
  modifications: readonly WithData<ModificationSource>[];
  /** The raster images the page shows (root-relative or absolute), main photo first. @default the service's big photos */
  images?: readonly string[] | undefined;
}

/** The feed's channel. */
export interface FeedChannel {
  /** @default the `organization` option's name, else the site's host */
  title?: string;
  /** @default the shop's home page */
  link?: string;
  /** @default the title */
  description?: string;
}

const SCHEMA = 'https://schema.org/';

/** schema.org availability → Google's feed values. */
const AVAILABILITY: Record<string, string> = {
  InStock: 'in_stock',
  LimitedAvailability: 'in_stock',
  OnlineOnly: 'in_stock',
  InStoreOnly: 'in_stock',
  PreOrder: 'preorder',
  PreSale: 'preorder',
  BackOrder: 'backorder',
  MadeToOrder: 'backorder',
  OutOfStock: 'out_of_stock',
  SoldOut: 'out_of_stock',
  Discontinued: 'out_of_stock',
  Reserved: 'out_of_stock',
};
const CONDITION: Record<string, string> = {
  NewCondition: 'new',
  UsedCondition: 'used',
  RefurbishedCondition: 'refurbished',
  DamagedCondition: 'used',
};

/** Feed values for the offer's schema.org URLs. */
export const feedAvailability = (schemaUrl: string) => AVAILABILITY[schemaUrl.replace(SCHEMA, '')];
const feedCondition = (schemaUrl: string) => CONDITION[schemaUrl.replace(SCHEMA, '')];

/** A price as Google's feed writes one: `349.00 USD`. */
export const feedPrice = (value: number, currency: string) => `${value.toFixed(2)} ${currency}`;

const tag = (name: string, value: string | undefined) =>
  value === undefined || value === '' ? '' : `<${name}>${xmlText(value)}</${name}>`;

/** Google's `g:shipping` of one offer, from the `shipping` option: the rate its price falls in. */
function feedShipping(stated: StatedOffer, options: ResolvedStructuredDataOptions): string {
  const { shipping } = options;
  if (!shipping) return '';
  const details = offerShippingDetails(shipping, stated.point.price, options.currency);
  const rate = (details.shippingRate as { value: number }).value;
  const parts = shipping.countries.map(
    (country) =>
      `<g:shipping>${tag('g:country', country)}${tag('g:price', feedPrice(rate, options.currency))}` +
      `${tag('g:min_transit_time', String(shipping.transitDays.min))}${tag('g:max_transit_time', String(shipping.transitDays.max))}</g:shipping>`,
  );
  return (
    parts.join('') +
    tag('g:min_handling_time', String(shipping.handlingDays.min)) +
    tag('g:max_handling_time', String(shipping.handlingDays.max))
  );
}

function identifiersTag(
  product: ProductSource,
  modification: ModificationSource | undefined,
  options: ResolvedStructuredDataOptions,
): string {
  const map = options.identifiers;
  if (!map) return '';
  const ids = modification
    ? productIdentifiers('modifications', modification.id, () => map(modification, product))
    : productIdentifiers('products', product.id, () => map(undefined, product));
  return tag('g:gtin', ids.gtin) + tag('g:mpn', ids.mpn);
}

/** The feed items of one product page: one per offer its JSON-LD states. */
export function feedItems(entry: FeedProduct, options: ResolvedStructuredDataOptions): string {
  const product = entryData(entry.product);
  const modifications = entry.modifications.map((m) => entryData(m));
  // First: a URL off the site is an invalid record named by collection, id and field.
  const offers = productOffers(product, modifications, options);
  const name = plainText(product.zag);
  const description = pageSeo(entry.product, options).description;
  const [image, ...more] = productImages(product, entry.images, options);
  const brand = productBrand(product, options).brand?.name as string | undefined;
  return offers
    .map((stated) => {
      const { offer, point, modification, variant } = stated;
      const id = variant && modification ? `${product.id}-${modification.id}` : String(product.id);
      const price = feedPrice(point.oldPrice ?? point.price, options.currency);
      const sale = point.oldPrice === undefined ? undefined : feedPrice(point.price, options.currency);
      return (
        '<item>' +
        tag('g:id', id) +
        (variant ? tag('g:item_group_id', String(product.id)) : '') +
        tag('g:title', variant && modification ? variantName(name, modification) : name) +
        tag('g:description', description) +
        tag('g:link', String(offer.url)) +
        tag('g:image_link', image) +
        more.map((url) => tag('g:additional_image_link', url)).join('') +
        tag('g:availability', feedAvailability(String(offer.availability))) +
        tag('g:price', price) +
        tag('g:sale_price', sale) +
        tag('g:condition', feedCondition(String(offer.itemCondition))) +
        tag('g:brand', brand) +
        identifiersTag(product, modification, options) +
        feedShipping(stated, options) +
        '</item>\n'
      );
    })
    .join('');
}

/** The feed's opening, up to its first item. */
export function feedHead(channel: FeedChannel, options: ResolvedStructuredDataOptions): string {
  const title = channel.title ?? options.organization?.name ?? new URL(options.site).host;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>' +
    tag('title', title) +
    tag('link', channel.link ?? `${options.site}/`) +
    tag('description', channel.description ?? title) +
    '\n'
  );
}

export const FEED_TAIL = '</channel>\n</rss>\n';

/**
 * The whole feed as a stream of UTF-8 text, one product's items at a time. A product whose items
 * cannot be made (a record no page could show) ends the feed with its error, unless `skipped` is
 * given: a served feed then leaves it out and tells `skipped`.
 */
export function productFeedStream(
  products: Iterable<FeedProduct> | AsyncIterable<FeedProduct>,
  channel: FeedChannel,
  options: ResolvedStructuredDataOptions,
  skipped?: (product: FeedProduct, error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const safeFeedItems = (product: FeedProduct) => {
    if (!skipped) return feedItems(product, options);
    try {
      return feedItems(product, options);
    } catch (error) {
      skipped(product, error);
      return '';
    }
  };
  async function* chunks() {
    yield feedHead(channel, options);
    for await (const product of products) yield safeFeedItems(product);
    yield FEED_TAIL;
  }
  const it = chunks();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await it.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await it.return(undefined);
    },
  });
}
