/** JSON-LD of the page itself, which carries `dateModified` (a `Product` or `ItemList` has none). */
import type { WebPage, WithContext } from 'schema-dts';
import { entryData, type WithBody, type WithData } from '../entries/entry-data.js';
import { type ChangeTime, lastChanged } from '../entries/last-changed.js';
import { plainText } from '../entries/plain-text.js';
import { pageSeo, type SeoSource } from '../seo-head/page-seo.js';
import { pageUrlOn } from './json-ld-urls.js';
import type { ResolvedStructuredDataOptions } from './options.js';
import { SCHEMA_ORG } from './schema-org.js';

/** A record the page shows, with its change time when known. */
export interface ShownRecord extends ChangeTime {
  id: number | string;
}

/** The fields of an entry with a page, as the products, sections and articles loaders store them. */
export interface PageSource extends ChangeTime, SeoSource {
  id: number | string;
}

/** Where the page is, when it is not at its entry's `url`, and when it changed, when it shows more than `shown`. */
export interface WebPagePlace {
  /** The page's root-relative URL: page n of a section's listing (`listingPages()`) is not at the section's `url`. */
  url?: string | undefined;
  /**
   * When the page last changed, as `pageChangeTimes().at(url)` gives it (the sitemap's `<lastmod>`).
   * @default the latest `lastChanged()` of the entry and of `shown`
   */
  changedAt?: Date | undefined;
}

/** The page types a storefront's pages are. */
export type WebPageType = 'WebPage' | 'ItemPage' | 'CollectionPage';

/** The latest change time among `sources`, as an ISO date-time; `undefined` when none knows it. */
export function latestChange(...sources: readonly ChangeTime[]): string | undefined {
  const times = sources.flatMap((source) => lastChanged(source)?.getTime() ?? []);
  return times.length > 0 ? new Date(Math.max(...times)).toISOString() : undefined;
}

/** The page of `entry` as a `type`, `dateModified` the latest change of the entry and of `shown`. */
export function webPageJsonLd(
  entry: WithBody<PageSource>,
  collection: string,
  type: WebPageType,
  shown: readonly WithData<ShownRecord>[],
  options: ResolvedStructuredDataOptions,
  place: WebPagePlace = {},
): WithContext<WebPage> {
  const data = entryData(entry);
  const dateModified =
    'changedAt' in place
      ? place.changedAt?.toISOString()
      : latestChange(data, ...shown.map((item) => entryData(item)));
  const url = pageUrlOn(options.site, place.url ?? data.url, { collection, id: data.id, field: 'url' });
  // Without `seo` (the loader's option off) the page states no description.
  const seo = data.seo === undefined ? undefined : pageSeo(entry, options);
  const description = seo?.description;
  return {
    '@context': SCHEMA_ORG,
    '@type': type,
    url,
    name: seo?.title || plainText(data.zag),
    ...(description ? { description } : {}),
    ...(dateModified ? { dateModified } : {}),
  };
}
