import type { Loader } from 'astro/loaders';
import { pageModuleOf } from '../entries/meta-module.js';
import { urlStyleOf } from '../entries/page-url.js';
import { buildProductEntry } from '../entries/product-entry.js';
import { productPage } from '../entries/product-page.js';
import { productDataSchemaFor, type SeoOption } from '../entries/schemas.js';
import { indexSections, sectionReference } from '../entries/section-index.js';
import { runLoad } from '../load/run-load.js';
import { PRODUCTS_LOADER_NAME } from '../loader-names.js';
import { entryLoaderSettings, type ProductsLoaderOptions } from '../options/loader-options.js';
import { catalogFilter, optionFingerprint, warnSectionsMissing } from './shared.js';

/**
 * Catalog products (`goods/Get`). Entry id: `String(id)`. Data: the client's `Product` plus
 * `section` (a reference to the product's section), `url` and, with `seo: true`, `seo`. `txt` is
 * the rendered body.
 */
export function productsLoader<const S extends string = 'sections', const Q extends SeoOption = undefined>(
  options: ProductsLoaderOptions<S> & { seo?: Q } = {},
) {
  const { opts, sectionsCollection, seo, seoPresence, metaMaxAge } = entryLoaderSettings<'products', S, Q>(
    'products',
    options,
  );
  const { onlyVisible, sanitize, metaModule, productUrl } = opts;
  return {
    name: PRODUCTS_LOADER_NAME,
    schema: productDataSchemaFor(sectionsCollection, seoPresence),
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'products',
        options: opts,
        metaMaxAge,
        sanitize,
        fingerprint: [
          onlyVisible,
          sanitize,
          seo,
          sectionsCollection,
          optionFingerprint(metaModule),
          optionFingerprint(productUrl),
          urlStyleOf(ctx.config),
        ],
        async fetch({ ctx, client, callOptions, invalid, itemsWithMeta, siteOrigin, sections }) {
          const urlStyle = urlStyleOf(ctx.config);
          const [all, shared, origin] = await Promise.all([
            client.products.list(catalogFilter(opts), callOptions),
            // Sections only give product URLs; an invalid section record is not a product problem.
            sections(),
            seo ? siteOrigin() : Promise.resolve(''),
          ]);
          const index = indexSections(shared.sections);
          const products = [];
          const sectionless = [];
          for (const product of onlyVisible ? all.filter((p) => p.shw) : all) {
            const section = index.byTx.get(product.cattx);
            if (section === undefined) sectionless.push(product);
            const page = productPage(ctx.collection, productUrl, product, section, urlStyle);
            if (page.problem === undefined) products.push({ product, section, url: page.url });
            else invalid.add({ recordId: product.id, ...page.problem });
          }
          warnSectionsMissing(ctx.logger, ctx.collection, sectionless);
          return itemsWithMeta(
            products,
            seo
              ? ({ product }) => ({
                  record: product,
                  md: pageModuleOf(ctx.collection, metaModule, product, product.id),
                  id: product.id,
                })
              : undefined,
            ({ product, section, url }, meta) => {
              const ref = sectionReference(sectionsCollection, section);
              return {
                id: String(product.id),
                digestInputs: { record: product, url, section: ref, meta, origin },
                html: [product.stxt, product.txt],
                build: (clean) =>
                  buildProductEntry(product, {
                    url,
                    section: ref,
                    cleanHtml: clean,
                    seo: seo ? { meta, origin } : undefined,
                    urlStyle,
                  }),
              };
            },
          );
        },
      }),
  } satisfies Loader;
}
