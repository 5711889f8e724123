/**
 * JSON-LD of a product page: a `Product` with one `Offer`, or a `ProductGroup` with a `Product` per
 * modification. Prices are the ones the page shows: pass the modifications it lists.
 */
import type { Brand, Product, ProductGroup, WithContext } from 'schema-dts';
import { dataOf, type WithBody, type WithData } from '../entries/entry-data.js';
import { plainText } from '../entries/plain-text.js';
import { imageUrls } from '../helpers/image-urls.js';
import { pageSeo } from '../seo-head/page-seo.js';
import { pageUrlOn } from './json-ld-urls.js';
import { offerOf, type PricePoint } from './offer.js';
import type { ResolvedStructuredDataOptions } from './options.js';
import type { ModificationSource, ProductSource } from './record-sources.js';
import { SCHEMA_ORG } from './schema-org.js';
import { type VariantProperty, variantFactsOf, variesByOf } from './variants.js';

/** What a product page's JSON-LD is: a single product or a group of variants. */
export type ProductJsonLd = WithContext<Product> | WithContext<ProductGroup>;

/** `brand` from the vendor, else from the `brand` option; nothing when neither names one. */
function brandOf(product: ProductSource, options: ResolvedStructuredDataOptions): { brand?: Brand } {
  const name = product.vendor.trim() || options.brand;
  return name ? { brand: { '@type': 'Brand', name } } : {};
}

/** Without modification entries: the lowest positive `sku` price, the "from" price such a page shows. */
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

/** The name of a variant: the product's, then the modification's label (its text or code). */
function variantName(name: string, modification: ModificationSource): string {
  const label = plainText(modification.stxt) || modification.articul;
  return label ? `${name} — ${label}` : name;
}

/** The prices a product page's JSON-LD states: one per modification, else the lowest `sku` price, else none. */
export function offerPrices(
  productEntry: WithData<ProductSource>,
  modificationEntries: readonly WithData<ModificationSource>[],
): PricePoint[] {
  const product = dataOf(productEntry);
  if (modificationEntries.length === 0) {
    const point = productPrice(product);
    return point ? [point] : [];
  }
  return modificationEntries.map((entry) => modificationPrice(product, dataOf(entry)));
}

/** The variant facts of each modification, by the `variantProperties` option; none without it. */
function variantFactsOfAll(
  product: ProductSource,
  modifications: readonly ModificationSource[],
  options: ResolvedStructuredDataOptions,
): Partial<Record<VariantProperty, string>>[] {
  const map = options.variantProperties;
  return modifications.map((modification) =>
    map ? variantFactsOf(modification.id, () => map(modification, product)) : {},
  );
}

/** A product page's JSON-LD from its entry and the modifications the page lists. */
export function productJsonLd(
  productEntry: WithBody<ProductSource>,
  modificationEntries: readonly WithData<ModificationSource>[],
  options: ResolvedStructuredDataOptions,
): ProductJsonLd {
  const product = dataOf(productEntry);
  const modifications = modificationEntries.map((entry) => dataOf(entry));
  const url = pageUrlOn(options.site, product.url, { collection: 'products', id: product.id, field: 'url' });
  const name = plainText(product.zag);
  const common = {
    name,
    description: pageSeo(productEntry, options).description,
    url,
    image: imageUrls(product).map((image) => image.big),
    ...brandOf(product, options),
  };
  const facts = variantFactsOfAll(product, modifications, options);
  const variesBy = variesByOf(facts);
  if (modifications.length > 1 && variesBy.length > 0) {
    const group: WithContext<ProductGroup> = {
      '@context': SCHEMA_ORG,
      '@type': 'ProductGroup',
      ...common,
      productGroupID: String(product.id),
      variesBy,
      hasVariant: modifications.map((modification, i) => ({
        '@type': 'Product',
        name: variantName(name, modification),
        ...(modification.articul ? { sku: modification.articul } : {}),
        ...facts[i],
        image: common.image,
        offers: offerOf(modificationPrice(product, modification), url, options),
      })),
    };
    return group;
  }
  // Variants nothing tells apart are offers of one product: a group would claim a difference.
  if (modifications.length > 1) {
    const several: WithContext<Product> = {
      '@context': SCHEMA_ORG,
      '@type': 'Product',
      ...common,
      offers: modifications.map((modification) => ({
        ...offerOf(modificationPrice(product, modification), url, options),
        ...(modification.articul ? { sku: modification.articul } : {}),
      })),
    };
    return several;
  }
  const only = modifications[0];
  const [point] = offerPrices(product, modifications);
  const single: WithContext<Product> = {
    '@context': SCHEMA_ORG,
    '@type': 'Product',
    ...common,
    ...(only?.articul ? { sku: only.articul } : {}),
    ...facts[0],
    ...(point ? { offers: offerOf(point, url, options) } : {}),
  };
  return single;
}
