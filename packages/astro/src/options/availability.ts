/** An offer's availability, as `structuredData()` and the search index read it. */

/** schema.org availability values (`https://schema.org/<name>`) Google reads on an offer. */
export const AVAILABILITIES = [
  'InStock',
  'OutOfStock',
  'PreOrder',
  'PreSale',
  'BackOrder',
  'MadeToOrder',
  'LimitedAvailability',
  'OnlineOnly',
  'InStoreOnly',
  'SoldOut',
  'Discontinued',
  'Reserved',
] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** What an availability rule is asked about: one offer, priced from a modification or from the product. */
export interface OfferFacts {
  /** The product's id. */
  productId: number;
  /** The modification's id; `undefined` for an offer priced from the product's own `sku` list. */
  modificationId: number | undefined;
  price: number;
  /** The modification's `sf` flag (shown in the service's widget); `undefined` without a modification. */
  sf: boolean | undefined;
}
