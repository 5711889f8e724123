/** site/DomainDefault, site/DomainAll. */
import { z } from 'zod';
import { ResponseFormatError } from '../errors/response-format-error.js';
import { hostNameField } from '../schemas/host-name.js';
import { type Domain, domainSchema } from '../schemas/records.js';
import { type CallOptions, type ClientCore, list } from './core.js';
import { parseRecords } from './record-parsing.js';

export interface SiteApi {
  /** site/DomainDefault: the main domain, or `<sid>.<technical_domain>` when the site has none. */
  defaultDomain(opts?: CallOptions): Promise<string>;
  /**
   * The origin of image URLs: `siteOrigin`, else site/DomainDefault asked once and cached (a failure
   * is not); `{ refresh: true }` asks again.
   */
  origin(opts?: CallOptions & { refresh?: boolean }): Promise<string>;
  /** site/DomainAll */
  domains(opts?: CallOptions): Promise<Domain[]>;
}

/** The one record of site/DomainDefault: `domain` must be a plain host name (see `isHostName`). */
export const defaultDomainSchema = z.looseObject({ domain: hostNameField });

export function siteApi(core: ClientCore): SiteApi {
  return {
    async defaultDomain(opts) {
      const op = 'site/DomainDefault';
      const result = await core.call(op, {}, opts);
      if (result.rows.length === 0) {
        // `[]`: the site has no domain to give, which no image or canonical URL can do without.
        throw new ResponseFormatError({
          operation: op,
          url: result.url,
          status: 200,
          bodyPreview: '[]',
          reason: 'no domain in the answer (an empty list)',
        });
      }
      const [first] = parseRecords(op, defaultDomainSchema, {
        rows: result.rows.slice(0, 1),
        url: result.url,
      });
      return first!.domain;
    },
    origin: (opts) => core.siteOrigin(opts),
    async domains(opts) {
      const op = 'site/DomainAll';
      return list(core, op, domainSchema, undefined, opts);
    },
  };
}
