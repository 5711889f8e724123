/** The `Offer` of one price: a modification's, or the product's own when it has no modification. */
import type { Offer, UnitPriceSpecification } from 'schema-dts';
import { offerShippingDetails, returnPolicy } from './merchant-policies.js';
import type { OfferFacts, ResolvedStructuredDataOptions } from './options.js';

/** A price as the page shows it, with the old price when it is higher (a strike-through price). */
export interface PricePoint extends OfferFacts {
  /** The old price (`price_old`), stated only when it is above `price`. */
  oldPrice: number | undefined;
}

const SCHEMA = 'https://schema.org/';

/** Google's form of a strike-through price: a list price beside the offer's own price. */
function listPrice(price: number, currency: string): UnitPriceSpecification {
  return {
    '@type': 'UnitPriceSpecification',
    priceType: `${SCHEMA}ListPrice`,
    price,
    priceCurrency: currency,
  };
}

/** The availability of `point`, by the `availability` option (one value or a rule). */
function offerAvailability(point: PricePoint, options: ResolvedStructuredDataOptions): string {
  const { availability } = options;
  return `${SCHEMA}${typeof availability === 'function' ? availability(point) : availability}`;
}

/** An `Offer` of `point`, at `url`, in the options' currency and condition, with the shop's policies when stated per offer. */
export function makeOffer(point: PricePoint, url: string, options: ResolvedStructuredDataOptions): Offer {
  const offer: Offer = {
    '@type': 'Offer',
    url,
    price: point.price,
    priceCurrency: options.currency,
    availability: offerAvailability(point, options) as Offer['availability'],
    itemCondition: `${SCHEMA}${options.itemCondition}` as Offer['itemCondition'],
  };
  if (point.oldPrice !== undefined) offer.priceSpecification = listPrice(point.oldPrice, options.currency);
  if (options.policiesOn === 'offers') {
    if (options.shipping)
      offer.shippingDetails = offerShippingDetails(options.shipping, point.price, options.currency);
    if (options.returns) offer.hasMerchantReturnPolicy = returnPolicy(options.returns);
  }
  return offer;
}
