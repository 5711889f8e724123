/** `siteContent()` hooks called with Astro-shaped arguments (the fixture builds cover the real thing). */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLoaderNames } from '../src/build-time/integration/refresh-endpoint.js';
import { siteContent } from '../src/index.js';
import { onDemandOptionsSchema } from '../src/options/on-demand-options.js';
import { servingSettings } from '../src/options/serving-settings.js';
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
  await integration.hooks['astro:build:done']?.({ logger } as never);
  return { updates, lines, root: rootUrl };
}

describe('siteContent()', () => {
  it('no connection at build time (an on-demand-only site): no warning, one line with the cost and the fix', async () => {
    const { lines, updates } = await setup(siteContent());
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
    const notes = lines.filter((l) => l.message.includes('no connection settings at build time'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ level: 'info' });
    expect(notes[0]!.message).toContain(
      '`site` stays unset (on-demand pages take their canonical origin from the service',
    );
    expect(notes[0]!.message).toContain(
      'to have both, set `site` and image.remotePatterns in astro.config.mjs',
    );
    expect(updates.some((u) => 'site' in u || 'image' in u)).toBe(false);
  });

  it('a purge token or preview secret under 16 characters in .env: a warning at start naming it, never its value', async () => {
    const env = 'SITECONTENT_PURGE_TOKEN=tok-1234\nSITECONTENT_PREVIEW_SECRET=preview-secret-4b8e\n';
    const { lines } = await setup(siteContent(), {}, env);
    const warnings = lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^SITECONTENT_PURGE_TOKEN is shorter than 16 characters: .*; it is refused until then$/,
    );
    expect(JSON.stringify(lines)).not.toContain('tok-1234');
  });

  it("SITECONTENT_DEBUG=1 in .env: a line per request through Astro's logger, key masked; the summary at the end either way", async () => {
    const env = `SITECONTENT_BASE_URL=${emu.url}\nSITECONTENT_API_KEY=${emu.key}\nSITECONTENT_SID=${emu.sid}\n`;
    const debug = await setup(siteContent(), {}, `${env}SITECONTENT_DEBUG=1\n`);
    const info = debug.lines.filter((l) => l.level === 'info').map((l) => l.message);
    expect(info).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^site/DomainDefault 200 \\d+ ms \\d+ bytes retry 0 ${emu.url}/v1/site/DomainDefault\\?key=\\*\\*\\*&sid=${emu.sid}$`,
        ),
      ),
    );
    expect(info.at(-1)).toBe('1 request to the service: site/DomainDefault 1 (200 ×1)');
    expect(JSON.stringify(debug.lines)).not.toContain(emu.key);
    const quiet = await setup(siteContent(), {}, env);
    const quietInfo = quiet.lines.map((l) => l.message);
    expect(quietInfo.some((m) => m.includes('bytes retry'))).toBe(false);
    expect(quietInfo.at(-1)).toBe('1 request to the service: site/DomainDefault 1 (200 ×1)');
  });

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
    expect(resolveLoaderNames(['products', 'sitecontent-products'])).toEqual({
      loaders: ['sitecontent-products'],
    });
    expect(resolveLoaderNames(['x'])).toHaveProperty('error');
  });
});

describe('siteContent() on an on-demand site: the product sitemaps', () => {
  async function onDemandSetup(options: Parameters<typeof siteContent>[0], liveConfig?: string) {
    const root = mkdtempSync(join(tmpdir(), 'sitecontent-int-'));
    roots.push(root);
    const rootUrl = pathToFileURL(`${root}/`);
    if (liveConfig) {
      mkdirSync(join(root, 'src'));
      writeFileSync(join(root, 'src', liveConfig), 'export const collections = {};\n');
    }
    const routes: { pattern: string; entrypoint: URL; prerender?: boolean }[] = [];
    const integrations: AstroIntegration[] = [];
    const { logger } = createLogger();
    await siteContent({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid, ...options }).hooks[
      'astro:config:setup'
    ]!({
      config: {
        root: rootUrl,
        srcDir: new URL('src/', rootUrl),
        cacheDir: new URL('.cache/', rootUrl),
        site: 'https://shop.test',
        cache: { provider: {} },
      },
      command: 'build',
      isRestart: false,
      updateConfig: (c: { integrations?: AstroIntegration[] }) => {
        integrations.push(...(c.integrations ?? []));
        return c;
      },
      createCodegenDir: () => rootUrl,
      addMiddleware: () => {},
      injectRoute: (route: (typeof routes)[number]) => routes.push(route),
      logger,
    } as never);
    return { routes, integrations, rootUrl };
  }

  it('injects the index and file routes, each handed the live collections', async () => {
    const { routes, rootUrl } = await onDemandSetup({}, 'live.config.ts');
    const sitemaps = routes.filter((r) => r.pattern.startsWith('/sitemap-products'));
    expect(sitemaps.map((r) => [r.pattern, r.prerender])).toEqual([
      ['/sitemap-products.xml', false],
      ['/sitemap-products-[file].xml', false],
    ]);
    const liveConfig = JSON.stringify(fileURLToPath(new URL('src/live.config.ts', rootUrl)));
    for (const route of sitemaps) {
      // So the sitemaps read the live products loader's productUrl from the loader itself, and the
      // server's settings from the one module that parses them.
      const module = readFileSync(route.entrypoint, 'utf8');
      expect(module).toContain(`import { collections } from ${liveConfig};`);
      expect(module).toContain("import settings from './serving-settings.mjs';");
      expect(module).toMatch(/Handler\(settings, collections\);$/m);
    }
    const settingsModule = readFileSync(new URL('serving-settings.mjs', sitemaps[0]!.entrypoint), 'utf8');
    const written = /servingSettings\((.*)\);$/m.exec(settingsModule)?.[1];
    expect(servingSettings(JSON.parse(written!))).toEqual({
      onDemand: onDemandOptionsSchema.parse({}),
      urlStyle: { trailingSlash: 'ignore', format: 'directory', base: '/' },
    });
    // A site without live collections: the sitemaps follow the live products loader's defaults.
    const without = (await onDemandSetup({})).routes.filter((r) => r.pattern.startsWith('/sitemap-products'));
    for (const route of without) {
      const module = readFileSync(route.entrypoint, 'utf8');
      expect(module).not.toContain('collections');
      expect(module).toMatch(/Handler\(settings, undefined\);$/m);
    }
    expect((await onDemandSetup({ onDemand: { sitemap: false } })).routes.map((r) => r.pattern)).toEqual([
      '/_sitecontent/preview/[kind]/[id]',
      '/_sitecontent/purge',
    ]);
  });

  it('injects the preview route the CLI links to, handed the live collections whose entries name the pages', async () => {
    const { routes, rootUrl } = await onDemandSetup({}, 'live.config.ts');
    const preview = routes.filter((r) => r.pattern === '/_sitecontent/preview/[kind]/[id]');
    expect(preview.map((r) => r.prerender)).toEqual([false]);
    const module = readFileSync(preview[0]!.entrypoint, 'utf8');
    const liveConfig = JSON.stringify(fileURLToPath(new URL('src/live.config.ts', rootUrl)));
    expect(module).toContain(`import { collections } from ${liveConfig};`);
    expect(module).toContain("import settings from './serving-settings.mjs';");
    expect(module).toMatch(/^export const GET = previewRouteHandler\(settings, collections\);$/m);
  });

  it('with include, appends the check that fails the build when @astrojs/sitemap wrote another file', async () => {
    expect((await onDemandSetup({})).integrations.map((i) => i.name)).not.toContain(
      '@sitecontent/astro/sitemap-include-check',
    );
    const { integrations, rootUrl } = await onDemandSetup({
      onDemand: { sitemap: { include: ['/sitemap-0.xml'] } },
    });
    const check = integrations.find((i) => i.name === '@sitecontent/astro/sitemap-include-check');
    expect(check).toBeDefined();
    const { logger } = createLogger();
    const done = () => check!.hooks['astro:build:done']!({ dir: rootUrl, logger } as never);
    expect(done).toThrow('onDemand.sitemap.include: /sitemap-0.xml is not a file of the build');
    writeFileSync(new URL('sitemap-0.xml', rootUrl), '');
    expect(done).not.toThrow();
  });
});
