/**
 * Page URLs end as Astro names the built pages, so `data.url`, the canonical URL and the
 * breadcrumbs built from them match the sitemap's `<loc>` (entries/page-url.ts).
 */
import { describe, expect, it } from 'vitest';
import { endsWithSlash, pageUrl, readUrlStyle } from '../src/entries/page-url.js';
import {
  articlesLoader,
  breadcrumbsFor,
  liveProductsLoader,
  liveSectionsLoader,
  pageSeo,
  productsLoader,
  type SeoSource,
  sectionsLoader,
} from '../src/index.js';
import { openProject } from '../src/project/open-projects.js';
import { type AnyLoader, createStore, emulatorWithSite, loadInto } from './helpers/index.js';

describe('page URL style', () => {
  it('ends with / as Astro names built pages (and the sitemap lists them)', () => {
    const cases = [
      ['always', 'directory', true],
      ['always', 'file', true],
      ['never', 'directory', false],
      ['never', 'file', false],
      ['ignore', 'directory', true],
      ['ignore', 'file', false],
      ['ignore', 'preserve', false],
    ] as const;
    for (const [trailingSlash, format, slash] of cases) {
      expect(endsWithSlash({ trailingSlash, format }), `${trailingSlash}/${format}`).toBe(slash);
    }
    expect(readUrlStyle(undefined)).toEqual({ trailingSlash: 'ignore', format: 'directory', base: '/' });
    expect(readUrlStyle({ trailingSlash: 'never', build: { format: 'file' }, base: '/shop' })).toEqual({
      trailingSlash: 'never',
      format: 'file',
      base: '/shop/',
    });
  });

  it('shapes a path; the root stays /', () => {
    const always = { trailingSlash: 'always', format: 'directory' } as const;
    const never = { trailingSlash: 'never', format: 'directory' } as const;
    expect(pageUrl('/catalog/phones', always)).toBe('/catalog/phones/');
    expect(pageUrl('/catalog/phones//', always)).toBe('/catalog/phones/');
    expect(pageUrl('/catalog/phones/', never)).toBe('/catalog/phones');
    expect(pageUrl('/', never)).toBe('/');
    expect(pageUrl('/', always)).toBe('/');
  });
});

describe('loaders follow trailingSlash and build.format', () => {
  const shared = emulatorWithSite();

  const load = (
    loader: AnyLoader,
    collection: string,
    store: Awaited<ReturnType<typeof createStore>>,
    trailingSlash: 'always' | 'never',
  ) =>
    loadInto(loader, {
      collection,
      store,
      root: shared.site.root,
      site: 'https://shop.example',
      trailingSlash,
    });
  const data = (t: Awaited<ReturnType<typeof load>>, collection: string, id: string) =>
    t.store.get(collection, id)?.data as unknown as SeoSource;
  const canonical = (source: SeoSource) => pageSeo(source, { site: 'https://shop.example' }).canonical;

  it("'never' and 'always' give data.url, canonical and breadcrumbs with and without the slash", async () => {
    for (const [style, slash] of [
      ['never', ''],
      ['always', '/'],
    ] as const) {
      const store = await createStore();
      const products = await load(productsLoader({ seo: true }), 'products', store, style);
      const sections = await load(sectionsLoader({ seo: true }), 'sections', store, style);
      const articles = await load(articlesLoader({ seo: true }), 'articles', store, style);
      const product = data(products, 'products', '1');
      expect(product.url).toBe(`/catalog/phones/1${slash}`);
      expect(canonical(product)).toBe(`https://shop.example/catalog/phones/1${slash}`);
      const phones = data(sections, 'sections', 'phones');
      expect(phones.url).toBe(`/catalog/phones${slash}`);
      expect(canonical(phones)).toBe(`https://shop.example/catalog/phones${slash}`);
      const article = articles.store.values('articles')[0]?.data as unknown as SeoSource;
      expect(article.url.endsWith('/')).toBe(slash === '/');
      expect(canonical(article)).toBe(`https://shop.example${article.url}`);
      const crumbs = breadcrumbsFor(
        { id: '1', data: product as never },
        sections.store.values('sections').map((e) => ({ id: e.id, data: e.data as never })),
      );
      expect(crumbs.map((c) => c.url)).toEqual([
        `/catalog${slash}`,
        `/catalog/phones${slash}`,
        `/catalog/phones/1${slash}`,
      ]);
    }
  });

  it('changing trailingSlash rebuilds the entries (the style is part of their digest)', async () => {
    const store = await createStore();
    await load(productsLoader(), 'products', store, 'never');
    const again = await load(productsLoader(), 'products', store, 'never');
    expect(again.counts.writes).toBe(0);
    const changed = await load(productsLoader(), 'products', store, 'always');
    expect(changed.counts.writes).toBeGreaterThan(0);
    expect(data(changed, 'products', '1').url).toBe('/catalog/phones/1/');
  });

  it('live loaders follow the style the integration registered from the final config', async () => {
    // As the integration opens it for `astro dev`: the project whose pages this process serves.
    const project = openProject(
      shared.site.root,
      { connection: {}, client: {}, metaMaxAge: 0, env: {} },
      undefined,
      true,
    );
    const conn = {
      baseUrl: shared.emu.url,
      apiKey: shared.emu.key,
      sid: shared.emu.sid,
      seo: true,
      site: 'https://shop.example',
    };
    for (const [trailingSlash, slash] of [
      ['never', ''],
      ['always', '/'],
    ] as const) {
      // As the integration does at astro:config:done.
      project.settleUrls(undefined, { trailingSlash, format: 'directory' });
      const product = await liveProductsLoader(conn).loadEntry({ collection: 'p', filter: { id: '1' } });
      expect(product && 'data' in product && product.data.url).toBe(`/catalog/phones/1${slash}`);
      expect(
        product && 'data' in product && pageSeo(product, { site: 'https://shop.example' }).canonical,
      ).toBe(`https://shop.example/catalog/phones/1${slash}`);
      const section = await liveSectionsLoader(conn).loadEntry({ collection: 's', filter: { id: 'phones' } });
      expect(section && 'data' in section && section.data.url).toBe(`/catalog/phones${slash}`);
    }
  });
});
