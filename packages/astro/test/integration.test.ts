/** `siteContent()` hooks called with Astro-shaped arguments (the fixture builds cover the real thing). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContent } from '../src/index.js';
import { resolveLoaderNames } from '../src/integration/refresh-endpoint.js';
import { createLogger, type Emulator, emulator } from './helpers/index.js';

let emu: Emulator;
const roots: string[] = [];
beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

async function setup(
  integration: AstroIntegration,
  config: { site?: string } = {},
  envFile = '',
  command: 'build' | 'preview' = 'build',
) {
  const root = mkdtempSync(join(tmpdir(), 'sitecontent-int-'));
  roots.push(root);
  if (envFile) writeFileSync(join(root, '.env'), envFile);
  const rootUrl = pathToFileURL(`${root}/`);
  const updates: Record<string, unknown>[] = [];
  const { logger, lines } = createLogger();
  const hook = integration.hooks['astro:config:setup']!;
  await hook({
    config: { root: rootUrl, cacheDir: new URL('.cache/', rootUrl), site: config.site },
    command,
    isRestart: false,
    updateConfig: (c: Record<string, unknown>) => {
      updates.push(c);
      return c;
    },
    logger,
  } as never);
  await integration.hooks['astro:build:done']?.({} as never);
  return { updates, lines, root: rootUrl };
}

describe('siteContent()', () => {
  it('declares the env schema (key secret), sets site and allows the image domain; the key is in no config update', async () => {
    const { updates } = await setup(
      siteContent({ concurrency: 4 }),
      {},
      `SITECONTENT_BASE_URL=${emu.url}\nSITECONTENT_API_KEY=${emu.key}\nSITECONTENT_SID=${emu.sid}\n`,
    );
    const merged = Object.assign({}, ...updates) as {
      env: { schema: Record<string, { context: string; access: string; type: string }> };
      site: string;
      image: { remotePatterns: { protocol: string; hostname: string }[] };
    };
    expect(merged.env.schema.SITECONTENT_API_KEY).toMatchObject({
      context: 'server',
      access: 'secret',
      type: 'string',
    });
    expect(merged.env.schema.SITECONTENT_BASE_URL).toMatchObject({ context: 'server', type: 'string' });
    expect(merged.env.schema.SITECONTENT_SID).toMatchObject({ context: 'server', type: 'number' });
    expect(merged.site).toBe('https://shop.example');
    expect(merged.image.remotePatterns).toEqual([{ protocol: 'https', hostname: 'shop.example' }]);
    expect(JSON.stringify(updates)).not.toContain(emu.key);
  });

  it("keeps the user's site; setSite/remoteImages false skip the domain lookup", async () => {
    const before = emu.stats.byOperation['site/DomainDefault'] ?? 0;
    const kept = await setup(siteContent({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid }), {
      site: 'https://mine.example',
    });
    expect(kept.updates.some((u) => 'site' in u)).toBe(false);
    expect(kept.updates.some((u) => 'image' in u)).toBe(true);
    const off = await setup(
      siteContent({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid, setSite: false, remoteImages: false }),
    );
    expect(off.updates.some((u) => 'site' in u || 'image' in u)).toBe(false);
    expect(emu.stats.byOperation['site/DomainDefault']).toBe(before + 1);
  });

  it('astro preview (which serves the built site) asks the service nothing', async () => {
    const before = emu.stats.total;
    const { updates } = await setup(
      siteContent({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid }),
      {},
      '',
      'preview',
    );
    expect(emu.stats.total).toBe(before);
    expect(updates.some((u) => 'site' in u || 'image' in u)).toBe(false);
  });

  it('warns (does not fail) when the domain cannot be read', async () => {
    const { updates, lines } = await setup(
      siteContent({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', sid: 1, retries: 0 }),
    );
    expect(updates.some((u) => 'site' in u)).toBe(false);
    expect(lines.find((l) => l.level === 'warn')?.message).toContain('site/DomainDefault');
  });
});

describe('refresh endpoint loader names', () => {
  it('maps kinds to loader names and rejects unknown ones', () => {
    expect(resolveLoaderNames(['products', 'sitecontent-articles'])).toEqual({
      loaders: ['sitecontent-products', 'sitecontent-articles'],
    });
    expect(resolveLoaderNames(undefined)).toEqual({
      loaders: [
        'sitecontent-products',
        'sitecontent-modifications',
        'sitecontent-sections',
        'sitecontent-articles',
        'sitecontent-domains',
      ],
    });
    expect(resolveLoaderNames('products')).toHaveProperty('error');
    expect(resolveLoaderNames(['x'])).toHaveProperty('error');
  });
});
