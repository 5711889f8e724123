/** Absolute URLs of the pages and images JSON-LD names, always on the site's own origin. */
import { siteUrl } from '../entries/seo.js';
import { SiteContentInvalidRecordError } from '../errors/invalid-record-error.js';

/** Which record a URL belongs to, for the error that names it. */
export interface UrlOwner {
  collection: string;
  id: number | string;
  field: string;
}

/** `path` as an absolute URL on `site`; one that leaves the site is an invalid record, named in full. */
export function pageUrlOn(site: string, path: string, owner: UrlOwner): string {
  const url = siteUrl(path || '/', site);
  if (url === undefined) {
    throw new SiteContentInvalidRecordError(
      `structured data: ${owner.collection} record ${owner.id} has ${owner.field} ${JSON.stringify(path)}, not a URL on ${site}`,
      { collection: owner.collection, recordId: String(owner.id), field: owner.field },
    );
  }
  return url;
}
