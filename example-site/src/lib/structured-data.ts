// JSON-LD of the storefront's pages, from the package's builders: the facts the service does not
// hold (the currency) come from the shop's settings in shop.ts.
import { type StructuredDataBuilders, structuredData } from '@sitecontent/astro';
import { STORE } from './shop';

let builders: StructuredDataBuilders | undefined;

/** The builders for the site's origin (Astro's `site`, set by the integration from the service). */
export function jsonLdBuilders(site: URL | undefined): StructuredDataBuilders {
  if (!site) throw new Error('The storefront needs Astro’s `site` for its JSON-LD and canonical URLs');
  builders ??= structuredData({ site, currency: STORE.currency });
  return builders;
}
