/**
 * The domains of a site set at start (`startEmulator({ domains })`): any `paidtill` and `active`, so
 * tests and demos can have a main domain that expires next week, expired last month or is switched off.
 */
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db/open.js';
import { SeedWriter } from './writer.js';

/** One domain of the site. */
export interface SeedDomain {
  /** The host name, e.g. `shop.example`. */
  domain: string;
  /** Whether the site answers on it (`active` 1 or 0). @default true */
  active?: boolean;
  /**
   * The day it is paid till, `yyyy-mm-dd` (served as `dd.mm.yyyy`); any other text is served as it
   * is, to try a client on a date the interface does not allow. @default none (served as `""`)
   */
  paidtill?: string;
  /**
   * The main domain (site/DomainDefault). `false` on a domain and `true` on none: no main domain, so
   * site/DomainDefault answers the first active one, else the technical subdomain.
   * @default the first domain given
   */
  default?: boolean;
  /** DNS servers. @default ['ns1.example-dns.net', 'ns2.example-dns.net'] */
  ns?: readonly string[];
}

/** Replaces the domains of site `sid` with `domains`, in one transaction. */
export function setDomains(db: DatabaseSync, sid: number, domains: readonly SeedDomain[]): void {
  const marked = domains.findIndex((d) => d.default === true);
  const main = marked >= 0 ? marked : domains.some((d) => d.default === false) ? -1 : 0;
  transaction(db, () => {
    db.prepare('DELETE FROM domains WHERE sid = ?').run(sid);
    const w = new SeedWriter(db, sid);
    domains.forEach((d, index) => {
      w.domain({
        domain: d.domain,
        technical: 0,
        is_default: index === main ? 1 : 0,
        active: d.active === false ? 0 : 1,
        ns: JSON.stringify(d.ns ?? ['ns1.example-dns.net', 'ns2.example-dns.net']),
        paidtill: d.paidtill ?? null,
      });
    });
  });
}
