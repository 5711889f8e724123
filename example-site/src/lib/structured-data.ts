// JSON-LD of the storefront's pages, from the package's builders: the facts the service does not
// hold come from the shop's settings: the currency (shop.ts), who the shop is, its shipping and
// returns (merchant.ts), and what its variants are called (variants.ts).
import { type StructuredDataBuilders, structuredData } from '@sitecontent/astro';
import { ORGANIZATION, RETURNS, SHIPPING } from './merchant';
import { STORE } from './shop';
import { variantFacts } from './variants';

let builders: StructuredDataBuilders | undefined;

/** The builders for the site's origin (Astro's `site`, set by the integration from the service). */
export function jsonLdBuilders(site: URL | undefined): StructuredDataBuilders {
  if (!site) throw new Error('The storefront needs Astro’s `site` for its JSON-LD and canonical URLs');
  builders ??= structuredData({
    site,
    currency: STORE.currency,
    variantProperties: variantFacts,
    organization: ORGANIZATION,
    shipping: SHIPPING,
    returns: RETURNS,
  });
  return builders;
}
