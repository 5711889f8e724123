/**
 * The domain check: is the site's main domain (site/DomainDefault) among its domains
 * (site/DomainAll), active, and paid past a number of days? `paidtill` is read strictly as
 * day.month.year by the record schema (schemas/primitives.ts), so a date in another form fails the
 * read, naming the record and field, instead of passing as no date. Shared by `sitecontent domains
 * check` and the build's warning in `@sitecontent/astro`.
 */
import type { SiteApi } from '../resources/site.js';
import type { Domain } from '../schemas/records.js';

/** Days ahead a check looks for an expiry, unless told otherwise. */
export const DOMAIN_CHECK_DAYS = 30;

const DAY_MS = 86_400_000;

/** One thing wrong with the main domain. */
export type DomainProblem =
  | { kind: 'missing'; domain: string; line: string }
  | { kind: 'inactive'; domain: string; line: string }
  | { kind: 'expired' | 'expiring'; domain: string; days: number; paidTill: Date; line: string };

export interface DomainCheck {
  /** The main domain, as site/DomainDefault names it. */
  main: string;
  /** Its record in site/DomainAll, if it is there. */
  record: Domain | undefined;
  /** Whole days from today (UTC) to the day it is paid till; `null` when it has no such date. */
  daysLeft: number | null;
  /** Empty when all is well. */
  problems: DomainProblem[];
}

/** `14.03.2027`: `paidtill` as the service writes it. */
export function dayMonthYear(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}.${two(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/** Whole days from `now`'s UTC day to `date`'s (a `paidtill` is a UTC midnight). */
function daysUntil(date: Date, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((date.getTime() - today) / DAY_MS);
}

/**
 * What is wrong with `main` among `all`: not listed; inactive; expired; or paid till within
 * `withinDays` of `now` (0 = today is its last paid day). A domain with no `paidtill` (the technical
 * subdomain) never expires.
 */
export function domainProblems(
  main: string,
  all: readonly Domain[],
  options: { withinDays?: number; now?: Date } = {},
): DomainCheck {
  const withinDays = options.withinDays ?? DOMAIN_CHECK_DAYS;
  const now = options.now ?? new Date();
  const record = all.find((d) => d.domain.toLowerCase() === main.toLowerCase());
  if (record === undefined) {
    const listed = all.map((d) => d.domain).join(', ') || 'none';
    return {
      main,
      record,
      daysLeft: null,
      problems: [
        {
          kind: 'missing',
          domain: main,
          line: `${main}: the main domain (site/DomainDefault) is not among all domains (site/DomainAll: ${listed})`,
        },
      ],
    };
  }
  const problems: DomainProblem[] = [];
  if (!record.active) problems.push({ kind: 'inactive', domain: main, line: `${main}: inactive (active 0)` });
  const paidTill = record.paidtill;
  const daysLeft = paidTill === null ? null : daysUntil(paidTill, now);
  if (paidTill !== null && daysLeft !== null) {
    const till = `paid till ${dayMonthYear(paidTill)}`;
    if (daysLeft < 0) {
      const ago = -daysLeft;
      problems.push({
        kind: 'expired',
        domain: main,
        days: daysLeft,
        paidTill,
        line: `${main}: expired ${ago} ${ago === 1 ? 'day' : 'days'} ago (${till})`,
      });
    } else if (daysLeft <= withinDays) {
      const when = daysLeft === 0 ? 'today' : `in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
      problems.push({
        kind: 'expiring',
        domain: main,
        days: daysLeft,
        paidTill,
        line: `${main}: expires ${when} (${till})`,
      });
    }
  }
  return { main, record, daysLeft, problems };
}

/** Reads site/DomainDefault and site/DomainAll (at once) and checks the main domain. */
export async function checkDomains(
  site: Pick<SiteApi, 'defaultDomain' | 'domains'>,
  options: { withinDays?: number; now?: Date; timeoutMs?: number } = {},
): Promise<DomainCheck> {
  const call = options.timeoutMs === undefined ? undefined : { timeoutMs: options.timeoutMs };
  const [main, all] = await Promise.all([site.defaultDomain(call), site.domains(call)]);
  return domainProblems(main, all, options);
}
