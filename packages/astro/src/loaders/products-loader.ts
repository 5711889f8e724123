import type { Meta, Product, Section } from '@sitecontent/client';
import type { Loader } from 'astro/loaders';
import { runLoad } from '../load-runner.js';
import {
  type CommonLoaderOptions,
  type HtmlOptions,
  productsOptionsSchema,
  type SeoOptions,
  validateOptions,
} from '../options.js';
import { type ProductData, productDataSchema } from '../schemas.js';
import type { MetaTags } from '../seo.js';
import { buildSeo } from '../seo.js';
import { catalogFilter, html, indexSections, moduleOf, optionFingerprint } from './shared.js';

export interface ProductsLoaderOptions extends CommonLoaderOptions, HtmlOptions, SeoOptions {
  /** Only products of the section with this id (`goods/Get` `catid`). */
  catid?: number;
  /** Only products of the section with this `tx` (`goods/Get` `cattx`). */
  cattx?: string;
  /** Leave out products with `shw` = 0 (not displayed). @default true */
  onlyVisible?: boolean;
  /** `md` module for `meta/Get`. @default 'goods' */
  metaModule?: string | ((product: Product) => string);
  /**
   * Relative page URL of a product, used for `data.url` and the canonical URL.
   * @default the section's `url` + `/` + product id (`/catalog/phones/12`); `/<cattx>/<id>` when the section is unknown
   */
  productUrl?: (product: Product, section: Section | undefined) => string;
}

export const PRODUCTS_LOADER_NAME = 'sitecontent-products';

/** The default product URL: its section's URL + `/` + id. */
export function defaultProductUrl(product: Product, section: Section | undefined): string {
  const base = section?.url ?? (product.cattx ? `/${product.cattx}` : '');
  return `${base.replace(/\/+$/, '')}/${product.id}`;
}

/** Entry data and rendered body of a product (shared by the build-time and the live loader). */
export function buildProductEntry(
  product: Product,
  url: string,
  sanitize: boolean,
  seo: { meta: Meta | undefined; origin: string } | undefined,
): { data: ProductData; rendered: { html: string } } {
  const txt = html(product.txt, sanitize);
  const data: ProductData = {
    ...product,
    stxt: html(product.stxt, sanitize),
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

/**
 * Catalog products (`goods/Get`). Entry id: `String(id)`. Data: the client's `Product` plus
 * `section` (the section's `tx`), `url` and, with `seo: true`, `seo`. `txt` is the rendered body.
 */
export function productsLoader(options: ProductsLoaderOptions = {}) {
  const opts = validateOptions('productsLoader', productsOptionsSchema, options) as ProductsLoaderOptions;
  const onlyVisible = opts.onlyVisible ?? true;
  const sanitize = opts.sanitize ?? true;
  const seo = opts.seo ?? false;
  const metaModule = opts.metaModule ?? 'goods';
  const productUrl = opts.productUrl ?? defaultProductUrl;
  return {
    name: PRODUCTS_LOADER_NAME,
    schema: productDataSchema,
    load: (ctx) =>
      runLoad(ctx, {
        factory: 'productsLoader',
        options: opts,
        fingerprint: [
          onlyVisible,
          sanitize,
          seo,
          optionFingerprint(metaModule),
          optionFingerprint(productUrl),
        ],
        async fetch({ client, callOptions, fanOut, siteOrigin, sections }) {
          const filter = catalogFilter(opts);
          const [all, shared, origin] = await Promise.all([
            client.products.list(filter, callOptions),
            // Sections only give product URLs; an invalid section record is not a product problem.
            sections(),
            seo ? siteOrigin() : Promise.resolve(''),
          ]);
          const products = onlyVisible ? all.filter((p) => p.shw) : all;
          const index = indexSections(shared.sections);
          const metas: (Meta | undefined)[] = seo
            ? await fanOut('meta', products, (p, signal) =>
                client.meta.get(moduleOf(metaModule, p), p.id, { signal }),
              )
            : [];
          return products.map((product, i) => {
            const url = productUrl(product, index.byTx.get(product.cattx));
            const meta = metas[i];
            return {
              id: String(product.id),
              source: { r: product, u: url, m: meta, o: origin },
              build: () => buildProductEntry(product, url, sanitize, seo ? { meta, origin } : undefined),
            };
          });
        },
      }),
  } satisfies Loader;
}
