import type { Loader } from 'astro/loaders';
import { buildDomainEntry } from '../../entries/domain-entry.js';
import { domainDataSchema } from '../../entries/schemas.js';
import { DOMAINS_LOADER_NAME } from '../../loader-names.js';
import { type DomainsLoaderOptions, loaderOptions } from '../../options/loader-options.js';
import { runLoad } from '../load-run/run-load.js';

/** The site's domains (`site/DomainAll`). Entry id: the domain name. */
export function domainsLoader(options: DomainsLoaderOptions = {}) {
  const opts = loaderOptions('domains', options);
  return {
    name: DOMAINS_LOADER_NAME,
    schema: domainDataSchema,
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'domains',
        options: opts,
        // Their records hold no HTML: nothing to sanitize.
        sanitize: false,
        fingerprint: [],
        async fetch({ client, callOptions }) {
          const domains = await client.site.domains(callOptions);
          return domains.map((domain) => ({
            id: domain.domain,
            digestInputs: domain,
            build: () => buildDomainEntry(domain),
          }));
        },
      }),
  } satisfies Loader;
}
