/** A domain record as a collection entry. */
import type { Domain } from '@sitecontent/client';
import { knownKeys, withExtra } from './extra-fields.js';
import { type DomainData, domainDataSchema } from './schemas.js';

const DOMAIN_KEYS = knownKeys(domainDataSchema);

/** Entry data of a domain. */
export function buildDomainEntry(domain: Domain): { data: DomainData } {
  return { data: withExtra(domain, DOMAIN_KEYS) as DomainData };
}
