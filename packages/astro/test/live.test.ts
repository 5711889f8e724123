/** Live loaders called as Astro's runtime calls them; they return `{ error }` and never throw. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageUrls,
  liveArticlesLoader,
  liveProductsLoader,
  liveSectionsLoader,
  pageSeo,
} from '../src/index.js';
import { type Emulator, emulator, failingServer } from './helpers/index.js';

let emu: Emulator;
let broken: Awaited<ReturnType<typeof failingServer>>;
beforeAll(async () => {
  emu = await emulator();
  broken = await failingServer(401); // not retried: keeps the test fast
});
afterAll(async () => {
  await emu.close();
  await broken.close();
});

const conn = () => ({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });

describe('live loaders', () => {
  it('loadEntry returns data, rendered html, SEO and cache hints', async () => {
    const loader = liveProductsLoader({ ...conn(), seo: true, site: 'https://www.example.org' });
    const result = await loader.loadEntry({ collection: 'liveProducts', filter: { id: '1' } });
    expect(result && 'data' in result).toBe(true);
    const entry = result as Exclude<typeof result, { error: Error } | undefined>;
    expect(entry.id).toBe('1');
    expect(entry.data).toMatchObject({
      zag: 'Aurora X1',
      section: { collection: 'sections', id: 'phones' },
      url: '/catalog/phones/1/',
    });
    expect(pageSeo(entry, { site: 'https://www.example.org' }).canonical).toBe(
      'https://www.example.org/catalog/phones/1/',
    );
    expect(entry.rendered?.html).toContain('<ul>');
    // Photos on the service's domain, derived from what the entry stores (no `urls`).
    expect(entry.data.img[0]).not.toHaveProperty('urls');
    expect(imageUrls(entry)[0]?.src).toBe('https://shop.example/img/goods/aurora-x1/photo-1.svg');
    expect(entry.cacheHint?.tags).toEqual(['sitecontent', 'sitecontent:products', 'sitecontent:products:1']);
    expect(entry.cacheHint?.lastModified).toBeInstanceOf(Date);
  });

  it('loadCollection applies filters and onlyVisible', async () => {
    const loader = liveProductsLoader(conn());
    const result = await loader.loadCollection({ collection: 'liveProducts', filter: { cattx: 'phones' } });
    expect('entries' in result).toBe(true);
    const { entries, cacheHint } = result as {
      entries: { data: { cattx: string } }[];
      cacheHint?: { tags?: string[] };
    };
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.data.cattx === 'phones')).toBe(true);
    expect(cacheHint?.tags).toContain('sitecontent:products');

    const articles = await liveArticlesLoader(conn()).loadCollection({
      collection: 'a',
      filter: { cattx: 'blog' },
    });
    expect('entries' in articles && articles.entries.every((e) => e.data.section?.id === 'blog')).toBe(true);
    expect('entries' in articles && articles.entries[0]?.data.section).toEqual({
      collection: 'sections',
      id: 'blog',
    });
    const sections = await liveSectionsLoader(conn()).loadEntry({
      collection: 's',
      filter: { id: 'phones' },
    });
    expect(sections && 'data' in sections && sections.data.parent).toEqual({
      collection: 'sections',
      id: 'catalog',
    });
  });

  it('a product URL off the site: left out of a collection, an error naming the field for an entry', async () => {
    const loader = liveProductsLoader({
      ...conn(),
      productUrl: (p) => (p.id === 1 ? '//evil.example/p' : `/p/${p.id}`),
    });
    const collection = await loader.loadCollection({
      collection: 'liveProducts',
      filter: { cattx: 'phones' },
    });
    expect('entries' in collection && collection.entries.map((e) => e.id)).not.toContain('1');
    expect('entries' in collection && collection.entries.length).toBeGreaterThan(0);
    const entry = await loader.loadEntry({ collection: 'liveProducts', filter: { id: '1' } });
    expect(entry && 'error' in entry && entry.error.message).toMatch(
      /record 1 is invalid at field url: "\/\/evil.example\/p" is not a root-relative path/,
    );
  });

  it('a product URL off the site is shown escaped and cut, naming the productUrl option', async () => {
    // The same words as the build-time loader: one derivation (entries/product-page.ts) for both.
    const hostile = `//evil.example/\u001b]0;owned\u0007${'x'.repeat(500)}`;
    const loader = liveProductsLoader({
      ...conn(),
      productUrl: (p) => (p.id === 1 ? hostile : `/p/${p.id}`),
    });
    const entry = await loader.loadEntry({ collection: 'liveProducts', filter: { id: '1' } });
    const message = (entry as { error: Error }).error.message;
    expect(message).toContain('"//evil.example/\\u001b]0;owned\\u0007xx');
    expect(message).not.toContain('\u001b]');
    expect(message).not.toContain('x'.repeat(300));
    expect(message).toMatch(
      /x"… is not a root-relative path: must not start with \/\/ \(another host\) \(returned by the productUrl option\)/,
    );
  });

  it('a productUrl or metaModule function that fails is named with the option and the record', async () => {
    // The project's own code, named as the build-time loaders name it (SiteContentCallbackError).
    const products = liveProductsLoader({
      ...conn(),
      productUrl: (p) => {
        if (p.id === 1) throw new Error('no slug for Aurora');
        return `/p/${p.id}`;
      },
    });
    const entry = await products.loadEntry({ collection: 'liveProducts', filter: { id: '1' } });
    expect((entry as { error: Error }).error.message).toMatch(
      /^liveProducts: the productUrl option, for record 1, threw: no slug for Aurora/,
    );
    const sections = liveSectionsLoader({
      ...conn(),
      seo: true,
      site: 'https://www.example.org',
      metaModule: () => undefined as unknown as string,
    });
    const section = await sections.loadEntry({ collection: 'liveSections', filter: { id: 'phones' } });
    expect((section as { error: Error }).error.message).toMatch(
      /^liveSections: the metaModule option, for record \d+, returned undefined instead of a non-empty string/,
    );
    const articles = liveArticlesLoader({
      ...conn(),
      seo: true,
      site: 'https://www.example.org',
      metaModule: (article) => {
        throw new Error(`no module for ${article.id}`);
      },
    });
    const all = await articles.loadCollection({ collection: 'liveArticles' });
    expect((all as { error: Error }).error.message).toMatch(
      /^liveArticles: the metaModule option, for record (\d+), threw: no module for \1/,
    );
  });

  it('an unknown or malformed id is LiveEntryNotFoundError', async () => {
    // Only the entry's own id names it: no second URL for the same product, nothing past 2^53.
    for (const id of [
      '99999',
      'abc',
      '01',
      '1.0',
      '1e0',
      '0x1',
      '+1',
      ' 1',
      '1 ',
      '0',
      '-1',
      '9007199254740993',
    ]) {
      const result = await liveProductsLoader(conn()).loadEntry({
        collection: 'liveProducts',
        filter: { id },
      });
      expect((result as { error: Error }).error.name).toBe('LiveEntryNotFoundError');
    }
    const section = await liveSectionsLoader(conn()).loadEntry({ collection: 's', filter: { id: 'nope' } });
    expect((section as { error: Error }).error.name).toBe('LiveEntryNotFoundError');
  });

  it('a missing connection names the collection once, and the process environment (no .env is read)', async () => {
    const saved = { ...process.env };
    delete process.env.SITECONTENT_BASE_URL;
    delete process.env.SITECONTENT_API_KEY;
    delete process.env.SITECONTENT_SID;
    try {
      const result = (await liveProductsLoader().loadCollection({ collection: 'liveProducts' })) as {
        error: Error;
      };
      expect(result.error.name).toBe('LiveCollectionError');
      expect(result.error.message).toMatch(
        /^liveProducts: missing connection setting\(s\) baseUrl, apiKey, sid/,
      );
      expect(result.error.message).not.toContain('liveProducts: liveProducts:');
      expect(result.error.message).toContain('in the process environment (.env files are read only');
    } finally {
      Object.assign(process.env, saved);
    }
  });

  it('a failing service comes back as LiveCollectionError with a redacted URL, never a throw', async () => {
    const bad = { baseUrl: broken.url, apiKey: 'live-secret-key-123', sid: 1 };
    for (const call of [
      () => liveProductsLoader(bad).loadEntry({ collection: 'p', filter: { id: '1' } }),
      () => liveProductsLoader(bad).loadCollection({ collection: 'p' }),
      () => liveArticlesLoader(bad).loadCollection({ collection: 'a' }),
      () => liveSectionsLoader(bad).loadEntry({ collection: 's', filter: { id: 'phones' } }),
    ]) {
      const result = (await call()) as { error: Error };
      expect(result.error.name).toBe('LiveCollectionError');
      expect(result.error.message).toContain('key=***');
      expect(result.error.message).not.toContain('live-secret-key-123');
    }
  }, 60_000);
});
