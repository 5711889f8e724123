/** JSON-LD of the site as a whole: the `Organization` behind it and the `WebSite`, for the home page. */
import type { Organization, WebSite, WithContext } from 'schema-dts';
import { pageUrlOn } from './json-ld-urls.js';
import type { ResolvedStructuredDataOptions } from './options.js';
import { SCHEMA_ORG } from './schema-org.js';

/** What the interface does not hold about the shop itself. */
export interface SiteFacts {
  /** The shop's name, as people search for it. */
  name: string;
  /** The logo: a path on the site or an absolute URL. */
  logo?: string | undefined;
  /** Profiles of the shop elsewhere (absolute URLs). */
  sameAs?: readonly string[] | undefined;
}

function logoUrl(logo: string, options: ResolvedStructuredDataOptions): string {
  return /^https?:\/\//i.test(logo)
    ? new URL(logo).href
    : pageUrlOn(options.site, logo, { collection: 'site', id: 'organization', field: 'logo' });
}

export function organizationJsonLd(
  facts: SiteFacts,
  options: ResolvedStructuredDataOptions,
): WithContext<Organization> {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Organization',
    name: facts.name,
    url: `${options.site}/`,
    ...(facts.logo ? { logo: logoUrl(facts.logo, options) } : {}),
    ...(facts.sameAs && facts.sameAs.length > 0 ? { sameAs: [...facts.sameAs] } : {}),
  };
}

export function webSiteJsonLd(
  facts: SiteFacts,
  options: ResolvedStructuredDataOptions,
): WithContext<WebSite> {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'WebSite',
    name: facts.name,
    url: `${options.site}/`,
  };
}
