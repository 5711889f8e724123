/**
 * JSON-LD of a product page: a `Product` with one `Offer`, or a `ProductGroup` with a `Product` per
 * modification. Prices are the ones the page shows: pass the modifications it lists.
 */
import type { Brand, Product, ProductGroup, WithContext } from 'schema-dts';
import { entryData, type WithBody, type WithData } from '../entries/entry-data.js';
import { plainText } from '../entries/plain-text.js';
import { imageUrls } from '../helpers/image-urls.js';
import { pageSeo } from '../seo-head/page-seo.js';
import { pageUrlOn } from './json-ld-urls.js';
import type { ResolvedStructuredDataOptions } from './options.js';
import { productOffers, productPageUrl, variantName } from './product-offers.js';
import type { ModificationSource, ProductSource } from './record-sources.js';
import { SCHEMA_ORG } from './schema-org.js';
import { findVariesBy, makeVariantFacts, type VariantProperty } from './variants.js';

/** What a product page's JSON-LD is: a single product or a group of variants. */
export type ProductJsonLd = WithContext<Product> | WithContext<ProductGroup>;

/** `brand` from the vendor, else from the `brand` option; nothing when neither names one. */
export function productBrand(
  product: ProductSource,
  options: ResolvedStructuredDataOptions,
): { brand?: Brand } {
  const name = product.vendor.trim() || options.brand;
  return name ? { brand: { '@type': 'Brand', name } } : {};
}

/** The variant facts of each modification, by the `variantProperties` option; none without it. */
function variantFactsOfAll(
  product: ProductSource,
  modifications: readonly ModificationSource[],
  options: ResolvedStructuredDataOptions,
): Partial<Record<VariantProperty, string>>[] {
  const map = options.variantProperties;
  return modifications.map((modification) =>
    map ? makeVariantFacts(modification.id, () => map(modification, product)) : {},
  );
}

/**
 * The images search reads for a product: `images` as the page gives them (raster files it made,
 * root-relative or absolute), else the service's big photos; absolute, on the site when relative.
 */
export function productImages(
  product: ProductSource,
  images: readonly string[] | undefined,
  options: ResolvedStructuredDataOptions,
): string[] {
  if (images === undefined) return imageUrls(product).map((image) => image.big);
  return images.map((image) =>
    /^https?:\/\//i.test(image)
      ? image
      : pageUrlOn(options.site, image, { collection: 'products', id: product.id, field: 'img' }),
  );
}

/**
 * A product page's JSON-LD from its entry and the modifications the page lists; `images` are the
 * raster files the page made of its photos (the service's photos when left out).
 */
export function productJsonLd(
  productEntry: WithBody<ProductSource>,
  modificationEntries: readonly WithData<ModificationSource>[],
  options: ResolvedStructuredDataOptions,
  images?: readonly string[],
): ProductJsonLd {
  const product = entryData(productEntry);
  const modifications = modificationEntries.map((entry) => entryData(entry));
  const url = productPageUrl(product, options);
  const name = plainText(product.zag);
  const common = {
    name,
    description: pageSeo(productEntry, options).description,
    url,
    image: productImages(product, images, options),
    ...productBrand(product, options),
  };
  const offers = productOffers(product, modifications, options);
  const facts = variantFactsOfAll(product, modifications, options);
  const variesBy = findVariesBy(facts);
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
        offers: offers[i]!.offer,
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
      offers: modifications.map((modification, i) => ({
        ...offers[i]!.offer,
        ...(modification.articul ? { sku: modification.articul } : {}),
      })),
    };
    return several;
  }
  const only = modifications[0];
  const [stated] = offers;
  const single: WithContext<Product> = {
    '@context': SCHEMA_ORG,
    '@type': 'Product',
    ...common,
    ...(only?.articul ? { sku: only.articul } : {}),
    ...facts[0],
    ...(stated ? { offers: stated.offer } : {}),
  };
  return single;
}
