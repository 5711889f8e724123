import type { Loader } from 'astro/loaders';
import { runLoad } from '../load-runner.js';
import { type CommonLoaderOptions, domainsOptionsSchema, validateOptions } from '../options.js';
import { domainDataSchema } from '../schemas.js';

export type DomainsLoaderOptions = CommonLoaderOptions;

export const DOMAINS_LOADER_NAME = 'sitecontent-domains';

/** The site's domains (`site/DomainAll`). Entry id: the domain name. */
export function domainsLoader(options: DomainsLoaderOptions = {}) {
  const opts = validateOptions('domainsLoader', domainsOptionsSchema, options);
  return {
    name: DOMAINS_LOADER_NAME,
    schema: domainDataSchema,
    load: (ctx) =>
      runLoad(ctx, {
        factory: 'domainsLoader',
        options: opts,
        fingerprint: [],
        async fetch({ client, callOptions }) {
          const domains = await client.site.domains(callOptions);
          return domains.map((domain) => ({
            id: domain.domain,
            source: domain,
            build: () => ({ data: { ...domain } }),
          }));
        },
      }),
  } satisfies Loader;
}
