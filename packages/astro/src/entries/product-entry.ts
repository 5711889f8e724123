/** A product record as a collection entry (shared by the build-time and the live loader). */
import type { Product } from '@sitecontent/client';
import { knownKeys, withExtra } from './extra-fields.js';
import {
  type EntryReference,
  type ProductData,
  productDataSchema,
  productImageDataSchema,
  productSkuDataSchema,
} from './schemas.js';
import { type EntryInput, entrySeo } from './seo.js';

const PRODUCT_KEYS = knownKeys(productDataSchema);
const SKU_KEYS = knownKeys(productSkuDataSchema);
const IMAGE_KEYS = knownKeys(productImageDataSchema);

/** What a product entry is built from besides the record. */
export interface ProductEntryInput<S extends string> extends EntryInput {
  /** Relative page URL. */
  url: string;
  /** The product's section entry, `null` when the service has no such section. */
  section: EntryReference<S> | null;
}

/** Entry data and rendered body of a product. */
export function buildProductEntry<S extends string>(
  product: Product,
  input: ProductEntryInput<S>,
): { data: ProductData<S>; rendered: { html: string } } {
  const txt = input.cleanHtml(product.txt);
  const data = {
    ...withExtra(product, PRODUCT_KEYS),
    sku: product.sku.map((sku) => withExtra(sku, SKU_KEYS)),
    // The client's absolute `urls` are left out: `imageUrls()` derives them from `path` and the names.
    img: product.img.map(({ urls: _derived, ...image }) => withExtra(image, IMAGE_KEYS)),
    stxt: input.cleanHtml(product.stxt),
    txt,
    section: input.section,
    url: input.url,
  } as ProductData<S>;
  const seo = entrySeo(input, {
    title: product.zag,
    teaser: product.stxt,
    text: product.txt,
    url: input.url,
    image: product.img[0]?.urls.big || product.img[0]?.urls.image,
  });
  if (seo) data.seo = seo;
  return { data, rendered: { html: txt } };
}
