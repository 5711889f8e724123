/**
 * `domainCheck`: at the start of `astro build` the main domain is checked once (site/DomainDefault
 * and site/DomainAll, one of each); an expiring, expired or inactive one is one warning, a failure
 * only with `'fail'`; a service that cannot be asked is a warning, never a failure. A real build
 * against an emulator whose main domain expires in 12 days, and the step itself against others.
 */
import { createClient, type SiteContentClient } from '@sitecontent/client';
import type { SeedDomain } from '@sitecontent/emulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkBuildDomains } from '../src/build-time/integration/domain-check.js';
import { siteContent } from '../src/build-time/integration/integration.js';
import { isSiteContentAstroError } from '../src/errors/guards.js';
import {
  buildFixture,
  createFixture,
  createLogger,
  type Emulator,
  emulator,
  type Fixture,
  settleAstroWrites,
} from './helpers/index.js';

const KEY = 'canary-key-domains-7c1e5a';
const DAY = 86_400_000;
const isoDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const dmy = (days: number) => isoDay(days).split('-').reverse().join('.');

describe('siteContent({ domainCheck })', () => {
  it("takes 'warn' (the default), 'fail' or false, and names anything else", () => {
    expect(() => siteContent({ domainCheck: 'maybe' as never })).toThrow(/domainCheck: /);
    expect(() => siteContent({ domainCheck: true as never })).toThrow(/domainCheck: /);
    for (const mode of ['warn', 'fail', false] as const)
      expect(() => siteContent({ domainCheck: mode })).not.toThrow();
  });
});

describe('checkBuildDomains against the emulator', () => {
  const open: { emu: Emulator; client: SiteContentClient }[] = [];
  afterEach(async () => {
    for (const { emu, client } of open.splice(0)) {
      await client.close();
      await emu.close();
    }
  });
  async function siteWith(domains: SeedDomain[], baseUrl?: string) {
    const emu = await emulator({ seed: 'none', keys: { [KEY]: [1] }, domains });
    const client = createClient({ baseUrl: baseUrl ?? emu.url, apiKey: KEY, sid: 1, retries: 0 });
    open.push({ emu, client });
    return { emu, client };
  }

  it('warns once with each problem; nothing when the domain is paid for more than 30 days', async () => {
    const { emu, client } = await siteWith([{ domain: 'shop.example', paidtill: isoDay(12), active: false }]);
    const { logger, lines } = createLogger();
    await checkBuildDomains(() => client, 'warn', logger);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: `domain check: shop.example: inactive (active 0); shop.example: expires in 12 days (paid till ${dmy(12)}) (renew or activate it before the site goes dark)`,
      },
    ]);
    expect(emu.stats.byOperation).toEqual({ 'site/DomainDefault': 1, 'site/DomainAll': 1 });

    const fine = await siteWith([{ domain: 'shop.example', paidtill: isoDay(31) }]);
    const quiet = createLogger();
    await checkBuildDomains(() => fine.client, 'fail', quiet.logger);
    expect(quiet.lines).toEqual([]);
  });

  it("'fail' throws SiteContentDomainCheckError naming the problem", async () => {
    const { client } = await siteWith([{ domain: 'shop.example', paidtill: isoDay(-2) }]);
    const error = await checkBuildDomains(() => client, 'fail', createLogger().logger).catch(
      (e: unknown) => e,
    );
    expect(isSiteContentAstroError(error, 'domain_check_failed')).toBe(true);
    expect((error as Error).message).toBe(
      `domain check: shop.example: expired 2 days ago (paid till ${dmy(-2)}) (domainCheck: 'fail'; 'warn' builds anyway)`,
    );
  });

  it('a service that cannot be asked is one warning, also with fail', async () => {
    const { client } = await siteWith([], 'http://127.0.0.1:9');
    const { logger, lines } = createLogger();
    await checkBuildDomains(() => client, 'fail', logger);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toMatch(/^domain check skipped: .*site\/Domain(Default|All)/);
  });
});

describe('astro build with a main domain that expires in 12 days', () => {
  let emu: Emulator;
  let fx: Fixture;
  beforeAll(async () => {
    emu = await emulator({
      keys: { [KEY]: [1] },
      domains: [{ domain: 'shop.example', paidtill: isoDay(12) }],
    });
    fx = createFixture({
      'astro.config.mjs': `import { defineConfig } from 'astro/config';
import { siteContent } from '@sitecontent/astro';
export default defineConfig({ cacheDir: './.cache', integrations: [siteContent({ remoteImages: false })] });
`,
      'src/content.config.ts': `import { defineCollection } from 'astro:content';
import { sectionsLoader } from '@sitecontent/astro';
export const collections = { sections: defineCollection({ loader: sectionsLoader() }) };
`,
      'src/pages/index.astro': `---
import { getCollection } from 'astro:content';
const sections = await getCollection('sections');
---
<html><body><p id="count">{sections.length}</p></body></html>
`,
      '.env': `SITECONTENT_API_KEY=${KEY}\nSITECONTENT_BASE_URL=${emu.url}\nSITECONTENT_SID=1\n`,
    });
  });
  afterAll(async () => {
    await emu?.close();
    await settleAstroWrites();
    fx?.remove();
  });

  it('builds, warning once, with one site/DomainAll request', async () => {
    emu.resetStats();
    const { error, output } = await buildFixture(fx);
    expect(error, output.slice(-2000)).toBeUndefined();
    const warnings = output.split('\n').filter((line) => line.includes('domain check:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`shop.example: expires in 12 days (paid till ${dmy(12)})`);
    expect(emu.stats.byOperation['site/DomainAll']).toBe(1);
    expect(output).not.toContain(KEY);
  }, 120_000);
});
