/**
 * The offers a product page states, each at its own URL: one per modification the page lists, or
 * the product's own lowest price without modifications. The JSON-LD (product.ts) and the product
 * feed (product-feed.ts) both state these, so a price or a URL cannot differ between the two.
 */
import type { Offer } from 'schema-dts';
import { entryData, type WithData } from '../entries/entry-data.js';
import { plainText } from '../entries/plain-text.js';
import { pageUrlOn } from './json-ld-urls.js';
import { makeOffer, type PricePoint } from './offer.js';
import type { ResolvedStructuredDataOptions } from './options.js';
import type { ModificationSource, ProductSource } from './record-sources.js';

/** The query parameter that names a variant on its product's page (`?variant=<modification id>`). */
export const VARIANT_PARAMETER = 'variant';

/** One offer of a product page, with what it is the offer of. */
export interface StatedOffer {
  point: PricePoint;
  /** The modification it prices; `undefined` for a product priced from its own `sku` list. */
  modification: ModificationSource | undefined;
  /** Whether it is one of several variants (its own URL and id), rather than the product's only offer. */
  variant: boolean;
  offer: Offer;
}

/**
 * The price of a product page without modification entries (the modifications collection is not
 * loaded, say): the lowest positive price of the product's `sku` list, the price such a page shows
 * as "from". `undefined` when the service states no price.
 */
function productPrice(product: ProductSource): PricePoint | undefined {
  const prices = product.sku.map((sku) => sku.price).filter((price) => price > 0);
  if (prices.length === 0) return undefined;
  return {
    productId: product.id,
    modificationId: undefined,
    price: Math.min(...prices),
    sf: undefined,
    oldPrice: undefined,
  };
}

function modificationPrice(product: ProductSource, modification: ModificationSource): PricePoint {
  return {
    productId: product.id,
    modificationId: modification.id,
    price: modification.price,
    sf: modification.sf,
    oldPrice: modification.price_old > modification.price ? modification.price_old : undefined,
  };
}

/**
 * The prices a product page's JSON-LD states, in the order of `modifications`: one per modification,
 * or, without modifications, the product's lowest `sku` price; none when the service states no price.
 * A page that shows the lowest of them shows the price its JSON-LD states.
 */
export function offerPrices(
  productEntry: WithData<ProductSource>,
  modificationEntries: readonly WithData<ModificationSource>[],
): PricePoint[] {
  const product = entryData(productEntry);
  if (modificationEntries.length === 0) {
    const point = productPrice(product);
    return point ? [point] : [];
  }
  return modificationEntries.map((entry) => modificationPrice(product, entryData(entry)));
}

/** The absolute URL of a product's page. */
export function productPageUrl(product: ProductSource, options: ResolvedStructuredDataOptions): string {
  return pageUrlOn(options.site, product.url, { collection: 'products', id: product.id, field: 'url' });
}

/**
 * The URL of a variant: its product's page naming it, so a search engine lands a shopper on the
 * colour or size it showed. The page's canonical stays the product's page.
 */
export function variantUrl(pageUrl: string, modificationId: number): string {
  const url = new URL(pageUrl);
  url.searchParams.set(VARIANT_PARAMETER, String(modificationId));
  return url.href;
}

/** The name of a variant: the product's, then the modification's label (its text or code). */
export function variantName(name: string, modification: ModificationSource): string {
  const label = plainText(modification.stxt) || modification.articul;
  return label ? `${name} — ${label}` : name;
}

/** The offers of a product page listing `modifications`; a variant's at its own URL when there are several. */
export function productOffers(
  product: ProductSource,
  modifications: readonly ModificationSource[],
  options: ResolvedStructuredDataOptions,
): StatedOffer[] {
  const url = productPageUrl(product, options);
  const points = offerPrices(product, modifications);
  const variant = modifications.length > 1;
  return points.map((point, i) => {
    const modification = modifications[i];
    const at = variant && modification ? variantUrl(url, modification.id) : url;
    return { point, modification, variant, offer: makeOffer(point, at, options) };
  });
}
