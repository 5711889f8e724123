/**
 * The product feed of an on-demand site, served: the site's own `structuredData()` builders (its
 * currency, shipping, identifiers) make it, from the service at request time, one section at a time
 * (`goods/Get?catid=`, as the product sitemaps read it), so memory holds a few sections however
 * large the catalog. A product's offers come from its `sku` list (each modification's id and
 * price, as the page states them): one request per section, not one per product. Cached for
 * `maxAge` and purged with any product or section, like the product sitemaps.
 */
import type { Product, Section, SiteContentClient } from '@sitecontent/client';
import { readAhead } from '@sitecontent/client/internal';
import type { APIContext } from 'astro';
import { productPage } from '../../entries/product-page.js';
import { imageUrls } from '../../helpers/image-urls.js';
import type { FeedProduct } from '../../structured-data/product-feed.js';
import type { ModificationSource } from '../../structured-data/record-sources.js';
import type { StructuredDataBuilders } from '../../structured-data/structured-data.js';
import { CACHE_TAG, kindTag, SITEMAPS_TAG } from '../live-loaders/cache-tags.js';
import { servingState } from '../live-loaders/on-demand-state.js';
import { liveErrorResponse } from '../live-loaders/page-answers.js';
import { requestFailure } from '../live-loaders/request-failure.js';
import { type LiveCollections, productPagesIn } from '../product-sitemaps/product-pages-source.js';

/** Sections read at once: each answer is held until its products are written. */
const SECTIONS_AT_ONCE = 4;
/** Products written between two turns of the event loop. */
const YIELD_EVERY = 50;

export interface ProductFeedHandlerOptions {
  /** The site's builders for its origin, e.g. `(site) => structuredData({ site, currency: 'USD', … })`. */
  builders: (site: URL) => StructuredDataBuilders;
  /** The site's live collections (`import { collections } from '../live.config'`): product URLs are made as its live products loader makes them. */
  collections?: LiveCollections | undefined;
  /** The live collection whose loader makes the product pages, when there are several. */
  collection?: string | undefined;
  /** The images of a product as the feed names them (raster: Merchant Center rejects SVG), e.g. through an image CDN. @default the service's big photos */
  images?: ((product: Product, photos: readonly string[]) => readonly string[]) | undefined;
  /** Seconds the feed is served from the route cache. @default 3600 */
  maxAge?: number | undefined;
  /** Seconds after `maxAge` a stale feed is still served while it is made again. @default 600 */
  swr?: number | undefined;
}

/** A modification as the product's `sku` list states it: its id, price and colour. */
function skuModification(sku: Product['sku'][number]): ModificationSource {
  return {
    id: sku.id,
    price: sku.price,
    price_old: 0,
    articul: '',
    stxt: '',
    color: sku.color ?? '',
    sf: true,
  };
}

/** The feed's GET handler. */
export function productFeedHandler(options: ProductFeedHandlerOptions) {
  const state = servingState();
  const { place, log } = state;
  const source = productPagesIn(options.collections, options.collection);
  const report = (error: unknown) =>
    log.report(requestFailure(error instanceof Error ? error : new Error(String(error))));
  return async (context: Pick<APIContext, 'cache' | 'site'>): Promise<Response> => {
    let service: SiteContentClient;
    let origin: string;
    let imageOrigin: string;
    let sections: Section[];
    try {
      // The lookups in force when the request comes: the middleware may bring the server's settings later.
      service = state.lookups.client('feed', source.options, 'patient');
      place.noteSite(context.site);
      [origin, imageOrigin, sections] = await Promise.all([
        place.origin(service, source.site),
        service.site.origin(),
        service.sections.list(),
      ]);
    } catch (error) {
      report(error);
      return liveErrorResponse(context, error instanceof Error ? error : new Error(String(error)));
    }
    const builders = options.builders(new URL(origin));
    const urlStyle = place.urlStyle;
    const perSection = readAhead(sections, SECTIONS_AT_ONCE, async (section, signal) => {
      // An invalid record has no page, so no item: it is left out, as the product sitemaps leave it out.
      const products = await service.products.list(
        { catid: section.id },
        { onInvalidRecord: () => {}, signal },
      );
      return products.flatMap((product): FeedProduct[] => {
        if (source.onlyVisible && !product.shw) return [];
        const page = productPage('feed', source.productUrl, product, section, urlStyle);
        if (page.url === undefined) return [];
        const data = { ...product, url: page.url, imageOrigin };
        const photos = options.images?.(
          product,
          imageUrls(data).map((photo) => photo.big),
        );
        const modifications = product.sku.length > 1 ? product.sku.map(skuModification) : [];
        return [{ product: data, modifications, ...(photos ? { images: photos } : {}) }];
      });
    });
    let made = 0;
    async function* products() {
      try {
        for await (const section of perSection) {
          for (const product of section) {
            yield product;
            // A turn of the event loop now and then: a server's writer that does not wait for
            // its socket (Astro's Node adapter) then sends what it holds before more is made.
            if (++made % YIELD_EVERY === 0) await new Promise((resolve) => setTimeout(resolve, 0));
          }
        }
      } catch (error) {
        // After the first bytes: the answer ends with an error, so no cache keeps a partial feed.
        report(error);
        throw error;
      }
    }
    context.cache.set({
      maxAge: options.maxAge ?? 3600,
      swr: options.swr ?? 600,
      tags: [CACHE_TAG, kindTag('products'), kindTag('sections'), SITEMAPS_TAG],
    });
    // A record no page could show (a photo off the site, say) has no item; the rest of the feed stands.
    const skipped = (_product: FeedProduct, error: unknown) => report(error);
    return new Response(builders.productFeed(products(), {}, skipped), {
      headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
    });
  };
}
