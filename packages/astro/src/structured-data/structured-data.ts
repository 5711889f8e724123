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
  /** A product page: `Product` with an `Offer` (none or one modification) or `ProductGroup` with `hasVariant`. */
  product(
    product: WithData<ProductSource>,
    modifications: readonly WithData<ModificationSource>[],
  ): ProductJsonLd;
  /** The trail from the root section down to `entry` (a section, product or article of `collection`). */
  breadcrumbs(
    entry: TrailSource,
    collection: PageCollection,
    sections: readonly WithData<SectionLike>[],
  ): WithContext<BreadcrumbList>;
  /** The products a section page lists, in its order; `place` numbers page n's from its place in the listing. */
  productList(products: readonly WithData<ListedProduct>[], place?: ListPlace): WithContext<ItemList>;
  /** An article page: its `@type` by meta module (or `articleType`); `organization` is author and publisher. */
  article(
    article: WithData<ArticleSource>,
    sections: readonly WithData<ArticleSectionSource>[],
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
    product: (product, modifications) => productJsonLd(product, modifications, resolved),
    breadcrumbs: (entry, collection, sections) => breadcrumbListJsonLd(entry, collection, sections, resolved),
    productList: (products, place) => productListJsonLd(products, resolved, place),
    article: (article, sections) => articleJsonLd(article, sections, resolved),
    webPage: (entry, collection, type, shown = [], place = {}) =>
      webPageJsonLd(entry, collection, type, shown, resolved, place),
    organization: (facts) => organizationJsonLd(facts, resolved),
    website: (facts) => webSiteJsonLd(facts, resolved),
  };
}
