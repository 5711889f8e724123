/**
 * Build-time meta write-back (packages/client/META.md, "Build-time write-back"): real fixture builds against the
 * emulator. A build without SITECONTENT_WRITE only logs the plan (server-side `meta/Set` stays 0);
 * with SITECONTENT_WRITE=1 it writes exactly the planned pages (read back over HTTP); the next build
 * writes nothing. Three builds in sequence on one fixture.
 */
import { createClient } from '@sitecontent/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContent } from '../src/build-time/integration/integration.js';
import {
  buildFixture,
  createFixture,
  type Emulator,
  emulator,
  type Fixture,
  purgeRecorder,
  settleAstroWrites,
} from './helpers/index.js';

const KEY = 'canary-key-meta-4b8e2d9f1a6c';
const PURGE_TOKEN = 'purge-token-2c7d';

const FILES: Record<string, string> = {
  'astro.config.mjs': `import { defineConfig } from 'astro/config';
import { siteContent } from '@sitecontent/astro';
export default defineConfig({
  cacheDir: './.cache',
  site: 'https://shop.example',
  integrations: [
    siteContent({
      remoteImages: false,
      metaWriteBack: {
        concurrency: 4,
        desired: async ({ products, sections, articles }) => {
          if (articles.length === 0 || !(products[0]?.data.dt instanceof Date)) throw new Error('entries missing');
          // The body is the rendered HTML, as getCollection() gives it; the data holds no second copy.
          if (!products.some((p) => p.rendered?.html.includes('<')) || products.some((p) => 'txt' in p.data)) {
            throw new Error('body not where getCollection() has it');
          }
          return [
            ...products.map((p) => ({ md: 'goods', id: p.data.id, ttl: p.data.zag + ' | Meta test', og_title: p.data.zag })),
            ...sections
              .filter((s) => s.data.parent?.id === 'catalog')
              .map((s) => ({ md: 'dir', id: s.data.id, dsc: 'All ' + s.data.zag.toLowerCase() + ' in one place.' })),
          ];
        },
      },
    }),
  ],
});
`,
  'src/content.config.ts': `import { defineCollection } from 'astro:content';
import { articlesLoader, productsLoader, sectionsLoader } from '@sitecontent/astro';
export const collections = {
  products: defineCollection({ loader: productsLoader() }),
  sections: defineCollection({ loader: sectionsLoader() }),
  articles: defineCollection({ loader: articlesLoader() }),
};
`,
  'src/pages/index.astro': `---
import { getCollection } from 'astro:content';
const products = await getCollection('products');
---
<html><body><p id="count">{products.length}</p></body></html>
`,
};

describe('siteContent({ metaWriteBack }) options', () => {
  it('validates with path: message', () => {
    expect(() => siteContent({ metaWriteBack: { desired: 'nope' as never } })).toThrow(
      'metaWriteBack.desired: expected a function',
    );
    expect(() =>
      siteContent({ metaWriteBack: { desired: () => [], concurrency: 0, write: true } as never }),
    ).toThrow(/metaWriteBack: unknown option\(s\) write/);
    expect(() => siteContent({ metaWriteBack: { desired: () => [], concurrency: 0 } })).toThrow(
      /metaWriteBack\.concurrency: /,
    );
    expect(() => siteContent({ metaWriteBack: { desired: () => [] } })).not.toThrow();
  });
});

describe('meta write-back at astro:build:done against the emulator', () => {
  let emu: Emulator;
  let fx: Fixture;
  let site: Awaited<ReturnType<typeof purgeRecorder>>;
  const outputs: string[] = [];

  async function runBuild(write: boolean) {
    emu.resetStats();
    const result = await buildFixture(fx, write ? { SITECONTENT_WRITE: '1' } : {});
    outputs.push(result.output, result.error?.message ?? '');
    return { ...result, metaSets: emu.stats.byOperation['meta/Set'] ?? 0 };
  }

  beforeAll(async () => {
    emu = await emulator({ keys: { [KEY]: [1] } });
    site = await purgeRecorder();
    fx = createFixture({
      ...FILES,
      '.env':
        `SITECONTENT_API_KEY=${KEY}\nSITECONTENT_BASE_URL=${emu.url}\nSITECONTENT_SID=1\n` +
        `SITECONTENT_SITE_URL=${site.url}\nSITECONTENT_PURGE_TOKEN=${PURGE_TOKEN}\n`,
    });
  });
  afterAll(async () => {
    await emu?.close();
    await site?.close();
    await settleAstroWrites();
    fx?.remove();
  });

  it('dry run logs the plan and writes nothing; SITECONTENT_WRITE=1 writes the plan; a rebuild writes nothing', async () => {
    const client = createClient({ baseUrl: emu.url, apiKey: KEY, sid: 1 });
    try {
      const products = (await client.products.list()).filter((p) => p.shw);
      const catalogSections = (await client.sections.list()).filter((s) => s.par === 'catalog');
      const pages = products.length + catalogSections.length;
      expect(products.length).toBeGreaterThan(0);
      expect(catalogSections.length).toBeGreaterThan(0);

      // 1. Without SITECONTENT_WRITE: the plan is printed, nothing is sent.
      const dry = await runBuild(false);
      expect(dry.error).toBeUndefined();
      expect(dry.output).toMatch(
        new RegExp(
          `meta write-back \\(dry run\\): desired meta from ${products.length} products, 14 sections, \\d+ articles`,
        ),
      );
      expect(dry.output).toContain(`meta: planning ${pages} pages`);
      expect(dry.output).toMatch(new RegExp(`[~+] goods ${products[0]!.id}`));
      expect(dry.output).toContain(`${products[0]!.zag} | Meta test`);
      expect(dry.output).toContain(`${pages} pages to update`);
      expect(dry.output).toContain('meta: dry run, nothing written; set SITECONTENT_WRITE=1 to apply them');
      expect(dry.metaSets).toBe(0);
      expect(site.requests).toEqual([]);
      expect((await client.meta.get('goods', products[0]!.id))?.ttl ?? '').not.toContain('Meta test');

      // 2. With SITECONTENT_WRITE=1: exactly the planned pages are written.
      const wet = await runBuild(true);
      expect(wet.error).toBeUndefined();
      expect(wet.output).toContain(`${pages} pages to update`);
      expect(wet.output).toContain(`meta: ${pages} updated, 0 unchanged, 0 failed`);
      expect(wet.metaSets).toBe(pages);
      // The site named in .env is asked to purge exactly the written pages (sections by tx).
      expect(site.requests).toHaveLength(1);
      expect(site.requests[0]!.authorization).toBe(`Bearer ${PURGE_TOKEN}`);
      expect(site.requests[0]!.body.products?.sort()).toEqual(products.map((p) => String(p.id)).sort());
      expect(site.requests[0]!.body.sections?.sort()).toEqual(catalogSections.map((s) => s.tx).sort());
      expect(wet.output).toContain(`meta write-back: purged sitecontent:products:${products[0]!.id}`);
      for (const p of products) {
        const meta = await client.meta.get('goods', p.id);
        expect(meta?.ttl).toBe(`${p.zag} | Meta test`);
        expect(meta?.og_title).toBe(p.zag);
      }
      for (const s of catalogSections) {
        expect((await client.meta.get('dir', s.id))?.dsc).toBe(`All ${s.zag.toLowerCase()} in one place.`);
      }
      // What was written is left for the next sync's meta cache (loaders with seo: { maxAge }).
      const written = JSON.parse(fx.read('.cache/sitecontent-meta-written.json')) as {
        pages: { md: string; id: number; values: Record<string, string> }[];
      };
      expect(written.pages).toHaveLength(pages);
      expect(written.pages.find((p) => p.md === 'goods' && p.id === products[0]!.id)?.values.ttl).toBe(
        `${products[0]!.zag} | Meta test`,
      );

      // 3. The next build finds every page in the desired state and writes nothing.
      const again = await runBuild(true);
      expect(again.error).toBeUndefined();
      expect(again.output).toContain('Nothing to change.');
      expect(again.output).toContain(`0 pages to update (0 field changes), ${pages} unchanged`);
      expect(again.metaSets).toBe(0);
      expect(site.requests).toHaveLength(1);
      expect(fx.files('.cache')).not.toContain('.cache/sitecontent-meta-written.json');
    } finally {
      await client.close();
    }

    expect(outputs.join('\n')).not.toContain(KEY);
    for (const dir of ['dist', '.cache', '.astro']) expect(fx.allText(dir)).not.toContain(KEY);
  }, 240_000);
});
