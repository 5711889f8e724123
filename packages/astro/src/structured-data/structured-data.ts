/**
 * `structuredData(options)`: the JSON-LD builders bound to a site's options, validated once; each
 * takes entries (or their `data`) and returns `schema-dts`-typed JSON-LD for `<SeoHead jsonLd>`.
 */
import type { PageKind } from '@sitecontent/client/internal';
import type {
  Article,
  BreadcrumbList,
  ItemList,
  Organization,
  WebPage,
  WebSite,
  WithContext,
} from 'schema-dts';
import type { WithData } from '../entries/entry-data.js';
import type { SectionLike } from '../helpers/section-tree.js';
import { type ArticleSectionSource, type ArticleSource, articleJsonLd } from './article.js';
import {
  breadcrumbListJsonLd,
  type ListedProduct,
  type ListPlace,
  productListJsonLd,
  type TrailSource,
} from './lists.js';
import { resolveStructuredDataOptions, type StructuredDataOptions } from './options.js';
import { type ProductJsonLd, productJsonLd } from './product.js';
import { type FeedChannel, type FeedProduct, productFeedStream } from './product-feed.js';
import type { ModificationSource, ProductSource } from './record-sources.js';
import type { SiteFacts } from './shop-facts.js';
import { organizationJsonLd, webSiteJsonLd } from './site.js';
import {
  type PageSource,
  type ShownRecord,
  type WebPagePlace,
  type WebPageType,
  webPageJsonLd,
} from './web-page.js';

/** The collections whose entries have pages, for errors that name a record. */
export type PageCollection = PageKind;

export interface StructuredDataBuilders {
  /**
   * A product page: `Product` with an `Offer` (none or one modification) or `ProductGroup` with
   * `hasVariant`, each variant's offer at its own URL (`?variant=<modification id>`). `images`: the
   * raster files the page made of its photos (search reads no SVG); the service's photos without it.
   */
  product(
    product: WithData<ProductSource>,
    modifications: readonly WithData<ModificationSource>[],
    images?: readonly string[],
  ): ProductJsonLd;
  /**
   * The product feed (Google's RSS 2.0 with the `g:` namespace) of `products`, streamed: one item
   * per offer their pages' JSON-LD states, at the same price, availability and URL. `skipped`: leave
   * out a product whose items cannot be made (and be told), rather than end the feed with its error.
   */
  productFeed(
    products: Iterable<FeedProduct> | AsyncIterable<FeedProduct>,
    channel?: FeedChannel,
    skipped?: (product: FeedProduct, error: unknown) => void,
  ): ReadableStream<Uint8Array>;
  /** The trail from the root section down to `entry` (a section, product or article of `collection`). */
  breadcrumbs(
    entry: TrailSource,
    collection: PageCollection,
    sections: readonly WithData<SectionLike>[],
  ): WithContext<BreadcrumbList>;
  /** The products a section page lists, in its order; `place` numbers page n's from its place in the listing. */
  productList(products: readonly WithData<ListedProduct>[], place?: ListPlace): WithContext<ItemList>;
  /**
   * An article page: its `@type` by meta module (or `articleType`); `organization` is author and
   * publisher. `shareImage`: the raster image the page shares, its `image` before the meta's.
   */
  article(
    article: WithData<ArticleSource>,
    sections: readonly WithData<ArticleSectionSource>[],
    shareImage?: string,
  ): WithContext<Article>;
  /** The page itself, with `dateModified` from the entry and what it lists (`changedAt`), when known. */
  webPage(
    entry: WithData<PageSource>,
    collection: PageCollection,
    type: WebPageType,
    shown?: readonly WithData<ShownRecord>[],
    place?: WebPagePlace,
  ): WithContext<WebPage>;
  /** The shop, with its shipping and returns when `policiesOn` is `'organization'`; facts default to the `organization` option. */
  organization(facts?: SiteFacts): WithContext<Organization>;
  /** The site; facts default to the `organization` option. */
  website(facts?: SiteFacts): WithContext<WebSite>;
}

/** The JSON-LD builders for one site; throws `SiteContentOptionsError` for a bad option. */
export function structuredData(options: StructuredDataOptions): StructuredDataBuilders {
  const resolved = resolveStructuredDataOptions(options);
  return {
    product: (product, modifications, images) => productJsonLd(product, modifications, resolved, images),
    productFeed: (products, channel = {}, skipped) => productFeedStream(products, channel, resolved, skipped),
    breadcrumbs: (entry, collection, sections) => breadcrumbListJsonLd(entry, collection, sections, resolved),
    productList: (products, place) => productListJsonLd(products, resolved, place),
    article: (article, sections, shareImage) => articleJsonLd(article, sections, resolved, shareImage),
    webPage: (entry, collection, type, shown = [], place = {}) =>
      webPageJsonLd(entry, collection, type, shown, resolved, place),
    organization: (facts) => organizationJsonLd(facts, resolved),
    website: (facts) => webSiteJsonLd(facts, resolved),
  };
}
