/**
 * The preview route's handler against the emulator, with the site's own live loaders and Astro's
 * route cache (`AstroCache`): a link that opens its record redirects to the page the live loader
 * names (`productUrl` and the URL style), the token carried along; every other link is one 404 that
 * asks the service nothing; no answer may be kept or indexed.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient, type SiteContentClient } from '@sitecontent/client';
import { signPreview } from '@sitecontent/client/internal';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_URL_STYLE } from '../src/entries/page-url.js';
import { liveArticlesLoader, liveProductsLoader, liveSectionsLoader } from '../src/index.js';
import { servingSettings } from '../src/options/serving-settings.js';
import { previewRouteHandler } from '../src/request-time/endpoints/preview-route.js';
import type { LiveCollections } from '../src/request-time/product-sitemaps/product-pages-source.js';
import { type Emulator, emulator } from './helpers/index.js';

const SECRET = 'preview-secret-90d2';
const astroDir = dirname(createRequire(import.meta.url).resolve('astro/package.json'));

let emu: Emulator;
let client: SiteContentClient;
let AstroCache: new (provider: null) => { set(options: unknown): void; tags: string[] };
let collections: LiveCollections;
let hiddenId: number;

beforeAll(async () => {
  AstroCache = (await import(pathToFileURL(join(astroDir, 'dist/core/cache/runtime/cache.js')).href))
    .AstroCache;
  emu = await emulator();
  client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  const [product] = await client.products.list();
  hiddenId = product!.id;
  await client.products.update(hiddenId, { shw: false });
  const connection = { baseUrl: emu.url, apiKey: emu.key, sid: emu.sid };
  collections = {
    liveProducts: { loader: liveProductsLoader({ ...connection, productUrl: (p) => `/p/${p.id}` }) },
    liveArticles: { loader: liveArticlesLoader(connection) },
    liveSections: { loader: liveSectionsLoader(connection) },
  };
});
afterAll(async () => {
  await client?.close();
  await emu?.close();
});
beforeEach(() => {
  vi.stubEnv('SITECONTENT_PREVIEW_SECRET', SECRET);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const serving = (sitemap: { collection?: string } = {}) =>
  servingSettings({ onDemand: { sitemap }, urlStyle: DEFAULT_URL_STYLE });
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** What the route answers `GET /_sitecontent/preview/<kind>/<id>?<query>`. */
async function follow(
  kind: string,
  id: string,
  query: string,
  handler = previewRouteHandler(serving(), collections),
) {
  const url = new URL(`https://shop.test/_sitecontent/preview/${kind}/${encodeURIComponent(id)}?${query}`);
  const cache = new AstroCache(null);
  const response = await handler({ cache, url, params: { kind, id } } as never);
  return { response, cache, body: await response.text() };
}

function expectPrivate(response: Response) {
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(response.headers.get('x-robots-tag')).toBe('noindex');
}

describe('the preview route', () => {
  it("redirects a hidden product's link to its page as the live loader names it, the token carried along", async () => {
    const token = await signPreview('product', String(hiddenId), inAnHour(), SECRET);
    const { response, cache } = await follow('product', String(hiddenId), `preview=${token}`);
    expect(response.status).toBe(307);
    // productUrl `/p/<id>`, in Astro's default URL style (a trailing slash).
    expect(response.headers.get('location')).toBe(`/p/${hiddenId}/?preview=${token}`);
    expectPrivate(response);
    expect(cache.tags).toEqual([]);
  });

  it("redirects a section's and an article's link to their pages (the service's URLs)", async () => {
    const [section] = await client.sections.list();
    const [article] = await client.articles.list();
    for (const [kind, id, page] of [
      ['section', section!.tx, `${section!.url}/`],
      ['article', String(article!.id), `${article!.url}/`],
    ] as const) {
      const token = await signPreview(kind, id, inAnHour(), SECRET);
      const { response } = await follow(kind, id, `preview=${token}`);
      expect(response.status, kind).toBe(307);
      expect(response.headers.get('location')).toBe(`${page}?preview=${token}`);
    }
  });

  it('answers one private 404 to a wrong, tampered, expired or missing token, asking the service nothing', async () => {
    const id = String(hiddenId);
    const token = await signPreview('product', id, inAnHour(), SECRET);
    const signature = token.split('.')[1]!;
    const tampered = `${token.split('.')[0]}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const bad = [
      `preview=${tampered}`,
      `preview=${await signPreview('product', String(hiddenId + 1), inAnHour(), SECRET)}`,
      `preview=${await signPreview('article', id, inAnHour(), SECRET)}`,
      `preview=${await signPreview('product', id, inAnHour(), 'another-secret-1234')}`,
      `preview=${await signPreview('product', id, Math.floor(Date.now() / 1000) - 1, SECRET)}`,
      '',
    ];
    const asked = emu.stats.total;
    const answers = await Promise.all(bad.map((query) => follow('product', id, query)));
    answers.push(await follow('page', id, `preview=${token}`));
    for (const [i, { response, body }] of answers.entries()) {
      expect(response.status, bad[i] ?? 'page').toBe(404);
      expectPrivate(response);
      expect(body).toBe(answers[0]!.body);
    }
    expect(emu.stats.total).toBe(asked);
  });

  it('answers the same 404 to a valid link for a record the service does not have, or while preview is off', async () => {
    const missing = await signPreview('product', '987654', inAnHour(), SECRET);
    const gone = await follow('product', '987654', `preview=${missing}`);
    expect(gone.response.status).toBe(404);
    expectPrivate(gone.response);
    const token = await signPreview('product', String(hiddenId), inAnHour(), SECRET);
    vi.stubEnv('SITECONTENT_PREVIEW_SECRET', '');
    expect((await follow('product', String(hiddenId), `preview=${token}`)).response.status).toBe(404);
    // A site without live collections has no page to send an editor to.
    const bare = previewRouteHandler(serving(), undefined);
    vi.stubEnv('SITECONTENT_PREVIEW_SECRET', SECRET);
    expect((await follow('product', String(hiddenId), `preview=${token}`, bare)).response.status).toBe(404);
  });

  it('with two live products loaders, follows the one the product sitemaps list', async () => {
    const connection = { baseUrl: emu.url, apiKey: emu.key, sid: emu.sid };
    const two: LiveCollections = {
      drafts: { loader: liveProductsLoader({ ...connection, productUrl: (p) => `/drafts/${p.id}` }) },
      ...collections,
    };
    const token = await signPreview('product', String(hiddenId), inAnHour(), SECRET);
    const first = await follow(
      'product',
      String(hiddenId),
      `preview=${token}`,
      previewRouteHandler(serving(), two),
    );
    expect(first.response.headers.get('location')).toBe(`/drafts/${hiddenId}/?preview=${token}`);
    const named = previewRouteHandler(serving({ collection: 'liveProducts' }), two);
    const listed = await follow('product', String(hiddenId), `preview=${token}`, named);
    expect(listed.response.headers.get('location')).toBe(`/p/${hiddenId}/?preview=${token}`);
  });
});
