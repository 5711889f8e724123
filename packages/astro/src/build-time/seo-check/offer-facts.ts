/**
 * The offer facts a storefront states beyond Google's rules: every `Offer` its price,
 * `priceCurrency` and `availability`, an `AggregateOffer` its `lowPrice` and `priceCurrency`. A price
 * without a currency cannot be compared.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

export const schemaTypes = (node: Node): string[] =>
  asList(node['@type']).filter((t) => typeof t === 'string');

const has = (node: Node, field: string) =>
  node[field] !== undefined && node[field] !== null && node[field] !== '';

/** `field` on the offer or on its `priceSpecification`. */
function stated(offer: Node, field: string): boolean {
  if (has(offer, field)) return true;
  return asList(offer.priceSpecification).some((spec) => isNode(spec) && has(spec, field));
}

function offerProblems(offer: Node, where: string): string[] {
  const aggregate = schemaTypes(offer).includes('AggregateOffer');
  const fields = aggregate ? ['lowPrice', 'priceCurrency'] : ['price', 'priceCurrency', 'availability'];
  return fields.filter((field) => !stated(offer, field)).map((field) => `${where}.${field} is missing`);
}

/** The products of a `Product` or `ProductGroup` node: itself, or its `hasVariant` list. */
function findProducts(node: Node): { product: Node; where: string }[] {
  if (!schemaTypes(node).includes('ProductGroup')) return [{ product: node, where: 'offers' }];
  return asList(node.hasVariant)
    .filter(isNode)
    .map((product, i) => ({ product, where: `hasVariant[${i}].offers` }));
}

/** What a `Product` / `ProductGroup` node leaves out of its offers. */
export function offerFactProblems(node: Node): string[] {
  const problems: string[] = [];
  for (const { product, where } of findProducts(node)) {
    const offers = asList(product.offers).filter(isNode);
    offers.forEach((offer, i) => {
      problems.push(...offerProblems(offer, offers.length > 1 ? `${where}[${i}]` : where));
    });
  }
  return problems;
}

/** An offer as a page's JSON-LD states it: what the product feed must repeat. */
export interface StatedOffer {
  price: unknown;
  currency: unknown;
  availability: unknown;
}

/** The offers of a `Product` / `ProductGroup` node, by their `url` (those without one are left out). */
export function offersByUrl(node: Node): [string, StatedOffer][] {
  return findProducts(node).flatMap(({ product }) =>
    asList(product.offers)
      .filter(isNode)
      .filter((offer) => typeof offer.url === 'string')
      .map((offer): [string, StatedOffer] => [
        offer.url as string,
        { price: offer.price, currency: offer.priceCurrency, availability: offer.availability },
      ]),
  );
}
