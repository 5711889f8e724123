import { encodeDomain, makeTechnicalDomain, technicalNs } from '../wire/encode.js';
import type { Route } from './types.js';

export const siteRoutes: Route[] = [
  {
    // Always a value: the default real domain, else the first active one, else `<sid>.<technical>`.
    operation: 'site/DomainDefault',
    method: 'GET',
    handle: ({ sid, store, technicalDomain }) => {
      const domains = store.listDomains(sid).filter((d) => d.technical === 0);
      const chosen = domains.find((d) => d.is_default === 1) ?? domains.find((d) => d.active === 1);
      return [{ domain: chosen ? chosen.domain : makeTechnicalDomain(sid, technicalDomain) }];
    },
  },
  {
    operation: 'site/DomainAll',
    method: 'GET',
    handle: ({ sid, store, technicalDomain }) => {
      const domains = store.listDomains(sid);
      if (domains.length === 0) {
        const domain = makeTechnicalDomain(sid, technicalDomain);
        return [{ domain, active: '1', ns: technicalNs(technicalDomain), paidtill: '' }];
      }
      return domains.map((d) => encodeDomain(d, sid, technicalDomain));
    },
  },
];
