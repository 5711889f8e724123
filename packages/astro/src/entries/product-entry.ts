/** A product record as a collection entry (shared by the build-time and the live loader). */
import type { Meta, Product, Section } from '@sitecontent/client';
import { sanitizeIf } from './sanitize.js';
import type { ProductData } from './schemas.js';
import { buildSeo, type MetaTags } from './seo.js';

/** The default product URL: its section's URL + `/` + id. */
export function defaultProductUrl(product: Product, section: Section | undefined): string {
  const base = section?.url ?? (product.cattx ? `/${product.cattx}` : '');
  return `${base.replace(/\/+$/, '')}/${product.id}`;
}

/** Entry data and rendered body of a product. */
export function buildProductEntry(
  product: Product,
  url: string,
  sanitize: boolean,
  seo: { meta: Meta | undefined; origin: string } | undefined,
): { data: ProductData; rendered: { html: string } } {
  const txt = sanitizeIf(product.txt, sanitize);
  const data: ProductData = {
    ...product,
    stxt: sanitizeIf(product.stxt, sanitize),
    txt,
    section: product.cattx,
    url,
  };
  if (seo) {
    data.seo = buildSeo(
      {
        title: product.zag,
        teaser: product.stxt,
        text: product.txt,
        url,
        image: product.img[0]?.urls.big || product.img[0]?.urls.image,
      },
      seo.meta as MetaTags | undefined,
      seo.origin,
    );
  }
  return { data, rendered: { html: txt } };
}
