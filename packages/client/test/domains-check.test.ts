/**
 * `sitecontent domains check` through the built bin against emulators seeded with the domains of
 * each case (`startEmulator({ domains })`): 0 when the main domain is active and paid past DAYS, 3
 * with a line per problem, 1 when the service fails or sends a `paidtill` that is not
 * day.month.year, 2 for bad usage; and `domainProblems` at the edges of its day count.
 */
import { type Emulator, type SeedDomain, startEmulator } from '@sitecontent/emulator';
import { afterEach, describe, expect, it } from 'vitest';
import { domainProblems } from '../src/domains/domain-check.js';
import type { Domain } from '../src/index.js';
import { runBin } from './helpers/bin.js';
import { closedPortUrl, TEST_KEY } from './helpers/server.js';

const DAY = 86_400_000;
/** `yyyy-mm-dd`, `days` from today (UTC), as the emulator stores a `paidtill`. */
const isoDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** `dd.mm.yyyy`, as the service and the check write it. */
const dmy = (days: number) => isoDay(days).split('-').reverse().join('.');

const running: Emulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((emu) => emu.close()));
});

async function check(domains: SeedDomain[], args: string[] = []) {
  const emu = await startEmulator({ seed: 'none', keys: { [TEST_KEY]: [1] }, domains });
  running.push(emu);
  const env = { SITECONTENT_BASE_URL: emu.url, SITECONTENT_API_KEY: TEST_KEY, SITECONTENT_SID: '1' };
  const run = await runBin(['domains', 'check', ...args], env);
  return { ...run, emu };
}

describe('sitecontent domains check (spawned bin)', () => {
  it('exit 0 when the main domain is active and paid past 30 days; it asks the two operations once each', async () => {
    const { code, stdout, stderr, emu } = await check([
      { domain: 'shop.example', paidtill: isoDay(200) },
      { domain: 'old-shop.example', paidtill: isoDay(-10), active: false },
    ]);
    expect(code, stderr).toBe(0);
    expect(stdout).toBe(`shop.example: active, paid till ${dmy(200)} (200 days, more than 30)\n`);
    expect(emu.stats.byOperation).toEqual({ 'site/DomainDefault': 1, 'site/DomainAll': 1 });
  });

  it('exit 3 with a line per problem: expires in N days, expired, inactive, not among all domains', async () => {
    const soon = await check([{ domain: 'shop.example', paidtill: isoDay(12) }]);
    expect(soon.code).toBe(3);
    expect(soon.stdout).toBe(`shop.example: expires in 12 days (paid till ${dmy(12)})\n`);

    const expiredAndOff = await check([{ domain: 'shop.example', paidtill: isoDay(-3), active: false }]);
    expect(expiredAndOff.code).toBe(3);
    expect(expiredAndOff.stdout).toBe(
      `shop.example: inactive (active 0)\nshop.example: expired 3 days ago (paid till ${dmy(-3)})\n`,
    );

    // No main domain among the real ones: site/DomainDefault answers the technical subdomain,
    // which site/DomainAll does not list.
    const missing = await check([
      { domain: 'shop.example', paidtill: isoDay(300), active: false, default: false },
    ]);
    expect(missing.code).toBe(3);
    expect(missing.stdout).toBe(
      '1.sites.test: the main domain (site/DomainDefault) is not among all domains (site/DomainAll: shop.example)\n',
    );
  });

  it('--within DAYS moves the line: 12 days left is fine within 5, a problem within 12', async () => {
    const domains = [{ domain: 'shop.example', paidtill: isoDay(12) }];
    const within5 = await check(domains, ['--within', '5']);
    expect(within5.code, within5.stderr).toBe(0);
    expect(within5.stdout).toBe(`shop.example: active, paid till ${dmy(12)} (12 days, more than 5)\n`);
    expect((await check(domains, ['--within', '12'])).code).toBe(3);
  });

  it('a site without real domains (the technical subdomain, no paidtill) is fine', async () => {
    const { code, stdout } = await check([]);
    expect(code).toBe(0);
    expect(stdout).toBe('1.sites.test: active, no expiry date\n');
  });

  it('exit 1 when the service fails, or sends a paidtill that is not day.month.year', async () => {
    const down = await runBin(['domains', 'check'], {
      SITECONTENT_BASE_URL: await closedPortUrl(),
      SITECONTENT_API_KEY: TEST_KEY,
      SITECONTENT_SID: '1',
      SITECONTENT_RETRIES: '0',
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^sitecontent: site\/Domain(Default|All) .*ECONNREFUSED/s);

    const american = await check([{ domain: 'shop.example', paidtill: '03/14/2027' }]);
    expect(american.code).toBe(1);
    expect(american.stderr).toMatch(/site\/DomainAll.*paidtill.*expected dd\.mm\.yyyy/s);
    expect(american.stdout).toBe('');
  });

  it('bad usage is exit 2 before any request', async () => {
    const env = {
      SITECONTENT_BASE_URL: await closedPortUrl(),
      SITECONTENT_API_KEY: TEST_KEY,
      SITECONTENT_SID: '1',
    };
    for (const [args, message] of [
      [['domains'], 'domains takes check, got nothing'],
      [['domains', 'list'], 'domains takes check, got "list"'],
      [['domains', 'check', '--within', 'soon'], '--within must be a whole number of days, got "soon"'],
      [['domains', 'check', '--within=-1'], '--within must be a whole number of days, got "-1"'],
      [['domains', 'check', '--days', '3'], 'unknown option --days (known: --within, --help)'],
    ] as const) {
      const run = await runBin([...args], env);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(message);
    }
  });
});

describe('domainProblems', () => {
  const now = new Date('2026-12-07T23:59:00Z');
  const domain = (paidtill: string | null, active = true): Domain => ({
    domain: 'shop.example',
    active,
    ns: [],
    paidtill: paidtill === null ? null : new Date(`${paidtill}T00:00:00Z`),
  });
  const kinds = (paidtill: string | null, withinDays?: number) =>
    domainProblems('shop.example', [domain(paidtill)], { now, withinDays }).problems.map((p) => p.line);

  it('counts whole UTC days: the last paid day is today (0), within 30 is a problem, 31 is not', () => {
    expect(kinds('2026-12-07')).toEqual(['shop.example: expires today (paid till 07.12.2026)']);
    expect(kinds('2026-12-08')).toEqual(['shop.example: expires in 1 day (paid till 08.12.2026)']);
    expect(kinds('2027-01-06')).toEqual(['shop.example: expires in 30 days (paid till 06.01.2027)']);
    expect(kinds('2027-01-07')).toEqual([]);
    expect(kinds('2026-12-06')).toEqual(['shop.example: expired 1 day ago (paid till 06.12.2026)']);
    expect(kinds('2026-12-07', 0)).toEqual(['shop.example: expires today (paid till 07.12.2026)']);
    expect(kinds('2026-12-08', 0)).toEqual([]);
    expect(kinds(null)).toEqual([]);
  });

  it('matches the main domain whatever its case', () => {
    const check = domainProblems('Shop.Example', [domain('2027-06-01')], { now });
    expect(check.problems).toEqual([]);
    expect(check.daysLeft).toBe(176);
  });
});
