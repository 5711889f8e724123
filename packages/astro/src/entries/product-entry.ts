/** A product record as a collection entry (shared by the build-time and the live loader). */
import type { Product } from '@sitecontent/client';
import { BODY, knownKeys, withExtra } from './extra-fields.js';
import {
  type EntryReference,
  type ProductData,
  productDataSchema,
  productImageDataSchema,
  productSkuDataSchema,
} from './schemas.js';
import { type EntryInput, entrySeo } from './seo.js';
import { entryHtml } from './site-links.js';

const PRODUCT_KEYS = knownKeys(productDataSchema);
const SKU_KEYS = knownKeys(productSkuDataSchema);
const IMAGE_KEYS = knownKeys(productImageDataSchema);
/** The client's absolute photo URLs: `imageUrls()` derives them from `path` and the file names. */
const IMAGE_URLS: ReadonlySet<string> = new Set(['urls']);

/** What a product entry is built from besides the record. */
export interface ProductEntryInput<S extends string> extends EntryInput {
  /** Relative page URL. */
  url: string;
  /** The product's section entry, `null` when the service has no such section. */
  section: EntryReference<S> | null;
  /** Origin of the photos' URLs (`https://<site domain>`), as the client read it. */
  imageOrigin: string;
}

/** Entry data and rendered body of a product. */
export function buildProductEntry<S extends string>(
  product: Product,
  input: ProductEntryInput<S>,
): { data: ProductData<S>; rendered: { html: string } } {
  const html = entryHtml(input.cleanHtml, input.urlStyle, input.seo?.origin, input.moved);
  const txt = html(product.txt);
  const data = {
    ...withExtra(product, PRODUCT_KEYS, BODY),
    sku: product.sku.map((sku) => withExtra(sku, SKU_KEYS)),
    img: product.img.map((image) => withExtra(image, IMAGE_KEYS, IMAGE_URLS)),
    stxt: html(product.stxt),
    section: input.section,
    url: input.url,
  } as ProductData<S>;
  // Only where there are photos: the entry says where they are, so `imageUrls()` reads nothing else.
  if (product.img.length > 0) data.imageOrigin = input.imageOrigin;
  const seo = entrySeo(input, { url: input.url });
  if (seo) data.seo = seo;
  return { data, rendered: { html: txt } };
}
