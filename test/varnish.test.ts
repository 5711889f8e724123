// The README's page and Varnish config with surrogateKeyCache(), behind real Varnish with the xkey
// module (docs/cdn/varnish.vcl): the first view is a miss at Varnish, the second a hit that reaches
// neither the Node server nor the service, and a purge by tag (through the site's purge endpoint,
// which makes the provider send PURGE with the keys) makes the next view fresh. An editor's preview
// link to a hidden product (the preview route, then its redirect to the product page) passes
// through Varnish uncached: the visitor's next view is still a 404.
import { createClient, type Product, type SiteContentClient } from '@sitecontent/client';
import { signPreview } from '@sitecontent/client/internal';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, settleAstroWrites } from '../packages/astro/test/helpers/fixture.js';
import {
  buildSite,
  recordingProxy,
  type ServedSite,
  serveEntry,
  snippet,
  withFixtureCacheDir,
} from './helpers/on-demand-site.js';
import { reservePort, startVarnish, type Varnish } from './helpers/varnish.js';

const TOKEN = 'purge-token-a41c';
const PREVIEW_SECRET = 'preview-secret-c07e';

let emu: Emulator;
let client: SiteContentClient;
let fx: Fixture;
let site: ServedSite;
/** Between Varnish and the Node server: every request that reaches Node. */
let toNode: Awaited<ReturnType<typeof recordingProxy>>;
let varnish: Varnish;
let product: Product;

const view = async (path: string) => {
  const response = await fetch(`${varnish.url}${path}`);
  return { status: response.status, headers: response.headers, body: await response.text() };
};

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  product = (await client.products.list({ cattx: 'phones' })).filter((p) => p.shw)[0]!;
  const varnishPort = await reservePort();
  const connection = {
    SITECONTENT_BASE_URL: emu.url,
    SITECONTENT_API_KEY: emu.key,
    SITECONTENT_SID: String(emu.sid),
  };
  const config = snippet('snippets/astro-readme/varnish.astro.config.mjs');
  expect(config).toContain("'http://127.0.0.1:6081/'");
  fx = await buildSite(
    {
      'astro.config.mjs': withFixtureCacheDir(config.replace(':6081/', `:${varnishPort.port}/`)),
      'src/live.config.ts': snippet('src/live.config.ts'),
      'src/pages/shop/[id].astro': snippet('src/pages/shop/[id].astro'),
    },
    connection,
  );
  site = await serveEntry(`${fx.root}/dist/server/entry.mjs`, {
    ...connection,
    SITECONTENT_PURGE_TOKEN: TOKEN,
    SITECONTENT_PREVIEW_SECRET: PREVIEW_SECRET,
  });
  toNode = await recordingProxy(site.url);
  varnish = await startVarnish(varnishPort, Number(new URL(toNode.url).port));
}, 180_000);

afterAll(async () => {
  await varnish?.close();
  await toNode?.close();
  await site?.close();
  // An in-process build's data store saves on a timer: let it finish before its folder goes.
  await settleAstroWrites();
  fx?.remove();
  await client?.close();
  await emu?.close();
});

describe('on-demand pages behind Varnish with xkey', () => {
  it('a miss at Varnish, then a hit that reaches neither Node nor the service', async () => {
    const miss = await view(`/shop/${product.id}`);
    expect(miss.status).toBe(200);
    expect(miss.body).toContain(`<h1>${product.zag}</h1>`);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expect(toNode.take()).toEqual([`/shop/${product.id}`]);
    // The surrogate headers are Varnish's: browsers get only their own Cache-Control.
    expect(miss.headers.get('surrogate-key')).toBeNull();
    expect(miss.headers.get('surrogate-control')).toBeNull();
    expect(miss.headers.get('cache-control')).toBe('public, max-age=0');
    const served = emu.stats.total;
    const hit = await view(`/shop/${product.id}`);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.body).toBe(miss.body);
    expect(toNode.take()).toEqual([]);
    expect(emu.stats.total).toBe(served);
  });

  it('a purge by tag through the site makes the next view fresh', async () => {
    await client.products.update(product.id, { zag: 'Renamed behind Varnish' });
    expect((await view(`/shop/${product.id}`)).headers.get('x-cache')).toBe('HIT');
    const purge = await fetch(`${site.url}/_sitecontent/purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tags: [`sitecontent:products:${product.id}`] }),
    });
    expect(purge.status).toBe(200);
    toNode.take();
    const fresh = await view(`/shop/${product.id}`);
    expect(fresh.headers.get('x-cache')).toBe('MISS');
    expect(fresh.body).toContain('<h1>Renamed behind Varnish</h1>');
    expect(toNode.take()).toEqual([`/shop/${product.id}`]);
    expect((await view(`/shop/${product.id}`)).headers.get('x-cache')).toBe('HIT');
  });

  it('a purge of another product leaves this page cached', async () => {
    const purge = await fetch(`${site.url}/_sitecontent/purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ products: ['999999'] }),
    });
    expect(purge.status).toBe(200);
    expect((await view(`/shop/${product.id}`)).headers.get('x-cache')).toBe('HIT');
  });
});

describe("an editor's preview behind Varnish", () => {
  it('a hidden product: 404 to visitors, 200 to its link every time from Node (never stored), 404 after', async () => {
    const hidden = (await client.products.list({ cattx: 'laptops' })).filter((p) => p.shw)[0]!;
    await client.products.update(hidden.id, { shw: false, zag: 'Not yet announced' });
    const path = `/shop/${hidden.id}`;
    expect((await view(path)).status).toBe(404);
    const token = await signPreview(
      'product',
      String(hidden.id),
      Math.floor(Date.now() / 1000) + 300,
      PREVIEW_SECRET,
    );
    const link = `/_sitecontent/preview/product/${hidden.id}?preview=${token}`;
    toNode.take();
    for (let i = 0; i < 2; i++) {
      const redirect = await fetch(`${varnish.url}${link}`, { redirect: 'manual' });
      expect(redirect.status).toBe(307);
      expect(redirect.headers.get('x-cache')).toBe('MISS');
      const page = redirect.headers.get('location')!;
      expect(page).toBe(`${path}/?preview=${token}`);
      const preview = await view(page);
      expect(preview.status).toBe(200);
      expect(preview.body).toContain('<h1>Not yet announced</h1>');
      expect(preview.headers.get('cache-control')).toBe('private, no-store');
      expect(preview.headers.get('x-robots-tag')).toBe('noindex');
      expect(preview.headers.get('x-cache')).toBe('MISS');
    }
    // Every view reached Node: Varnish stored neither the redirect nor the page.
    expect(toNode.take()).toEqual([link, `${path}/?preview=${token}`, link, `${path}/?preview=${token}`]);
    const visitor = await view(path);
    expect(visitor.status).toBe(404);
    expect(visitor.body).not.toContain('Not yet announced');
  });
});
