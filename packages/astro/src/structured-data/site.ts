/** JSON-LD of the site as a whole: the `Organization` behind it and the `WebSite`, for the home page. */
import type { Organization, WebSite, WithContext } from 'schema-dts';
import type { z } from 'zod';
import { SiteContentOptionsError } from '../errors/options-error.js';
import { parseOptions } from '../options/parse-options.js';
import { pageUrlOn } from './json-ld-urls.js';
import { returnPolicy, shippingService } from './merchant-policies.js';
import type { ResolvedStructuredDataOptions } from './options.js';
import { SCHEMA_ORG } from './schema-org.js';
import { type SiteFacts, siteFactsSchema } from './shop-facts.js';

type Site = z.output<typeof siteFactsSchema>;

function logoUrl(logo: string, options: ResolvedStructuredDataOptions): string {
  return /^https?:\/\//i.test(logo)
    ? new URL(logo).href
    : pageUrlOn(options.site, logo, { collection: 'site', id: 'organization', field: 'logo' });
}

/** The shop's facts: those given, else the `organization` option; one of them is needed. */
export function makeSiteFacts(
  builder: string,
  facts: SiteFacts | undefined,
  options: ResolvedStructuredDataOptions,
): Site {
  if (facts !== undefined) return parseOptions(`structuredData.${builder}`, siteFactsSchema, facts);
  if (options.organization !== undefined) return options.organization;
  throw new SiteContentOptionsError(`structuredData.${builder}`, [
    'organization: the shop’s facts are needed: set the organization option or pass them',
  ]);
}

/** The shop as an `Organization` node: name, url and logo, what an article's publisher states. */
export function organizationNode(site: Site, options: ResolvedStructuredDataOptions) {
  return {
    '@type': 'Organization',
    name: site.name,
    url: `${options.site}/`,
    ...(site.logo ? { logo: logoUrl(site.logo, options) } : {}),
  } satisfies Organization;
}

export function organizationJsonLd(
  facts: SiteFacts | undefined,
  options: ResolvedStructuredDataOptions,
): WithContext<Organization> {
  const site = makeSiteFacts('organization', facts, options);
  const onOrganization = options.policiesOn === 'organization';
  return {
    '@context': SCHEMA_ORG,
    ...organizationNode(site, options),
    ...(site.sameAs && site.sameAs.length > 0 ? { sameAs: [...site.sameAs] } : {}),
    ...(site.address ? { address: { '@type': 'PostalAddress', ...site.address } } : {}),
    ...(site.email ? { email: site.email } : {}),
    ...(site.telephone ? { telephone: site.telephone } : {}),
    ...(site.email || site.telephone
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer service',
            ...(site.email ? { email: site.email } : {}),
            ...(site.telephone ? { telephone: site.telephone } : {}),
          },
        }
      : {}),
    ...(onOrganization && options.shipping
      ? { hasShippingService: shippingService(options.shipping, options.currency) }
      : {}),
    ...(onOrganization && options.returns ? { hasMerchantReturnPolicy: returnPolicy(options.returns) } : {}),
  } as WithContext<Organization>;
}

export function webSiteJsonLd(
  facts: SiteFacts | undefined,
  options: ResolvedStructuredDataOptions,
): WithContext<WebSite> {
  const site = makeSiteFacts('website', facts, options);
  return {
    '@context': SCHEMA_ORG,
    '@type': 'WebSite',
    name: site.name,
    url: `${options.site}/`,
  };
}
