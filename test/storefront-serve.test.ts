// `node example-site/scripts/storefront.mjs serve --port N`, run exactly as scripts outside the
// repository run it, against an emulator this test starts (through a proxy that records each
// request): the home, section and article pages are prerendered, a product page is rendered on
// demand, cached, and fresh again after a change in the service and a purge naming it; the head of
// the catalog is prerendered, and robots.txt names one sitemap index over both: the build's sitemap
// and the product sitemaps served from the service. A product moved answers 301 from its old URL, a
// deleted one 410, a hidden one 404 but to its editor's preview link (the preview route redirects it
// to the product's own URL), which nothing caches.
import { type ChildProcess, spawn } from 'node:child_process';
import { createClient, type Product, type SiteContentClient } from '@sitecontent/client';
import { signPreview } from '@sitecontent/client/internal';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHeadProduct } from '../example-site/src/lib/head.js';
import { recordingProxy } from './helpers/on-demand-site.js';
import { repoRoot, serveArgs } from './helpers/storefront.js';
import { freePort } from './helpers/varnish.js';

const TOKEN = 'storefront-purge-7e0b';
const PREVIEW_SECRET = 'storefront-preview-31f9';

let emu: Emulator;
let proxy: Awaited<ReturnType<typeof recordingProxy>>;
let client: SiteContentClient;
let serve: ChildProcess;
let output = '';
let origin: string;
let product: Product;

/** The `<loc>` values of a sitemap or sitemap index (their XML is checked in the astro package's tests). */
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

const view = async (path: string) => {
  const response = await fetch(`${origin}${path}`);
  return { status: response.status, headers: response.headers, body: await response.text() };
};

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  proxy = await recordingProxy(emu.url);
  client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  product = (await client.products.list({ cattx: 'phones' })).filter((p) => p.shw)[0]!;
  const port = await freePort();
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SITECONTENT_')));
  serve = spawn(process.execPath, await serveArgs(port), {
    cwd: repoRoot,
    env: {
      ...base,
      NO_COLOR: '1',
      SITECONTENT_BASE_URL: proxy.url,
      SITECONTENT_API_KEY: emu.key,
      SITECONTENT_SID: String(emu.sid),
      SITECONTENT_PURGE_TOKEN: TOKEN,
      SITECONTENT_PREVIEW_SECRET: PREVIEW_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(`Storefront on http://127.0.0.1:${port}\n`)) resolve();
    };
    serve.stdout?.on('data', read);
    serve.stderr?.on('data', read);
    serve.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${output}`)));
  });
  origin = `http://127.0.0.1:${port}`;
  proxy.take();
}, 240_000);

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((resolve) => serve.once('exit', resolve));
    serve.kill('SIGTERM');
    await exited;
  }
  await client?.close();
  await proxy?.close();
  await emu?.close();
});

describe('storefront.mjs serve', () => {
  it('prints its address and the purge endpoint, and never the key or the preview secret', () => {
    expect(output).toContain('[storefront] purge endpoint: POST /_sitecontent/purge');
    expect(output).not.toContain(emu.key);
    expect(output).not.toContain(PREVIEW_SECRET);
  });

  it('serves the prerendered pages without asking the service', async () => {
    for (const path of ['/', '/catalog/phones']) {
      const page = await view(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-astro-cache'), path).toBeNull();
    }
    expect((await view('/catalog/phones')).body).toContain(product.zag);
    expect(proxy.take()).toEqual([]);
  });

  it('a product page on demand: the second view sends no request to the service', async () => {
    const path = `/catalog/phones/${product.id}`;
    const logged = output.length;
    const first = await view(path);
    expect(first.status).toBe(200);
    expect(first.body).toContain(product.zag);
    expect(first.headers.get('x-astro-cache')).toBe('MISS');
    // Its photos are named for the browser to fetch through /_image, at the sizes the page shows
    // them: the render read none (their host, the shop's domain, is not even reachable here).
    const photo = /<img[^>]*data-main-image[^>]*>/.exec(first.body)?.[0] ?? '';
    expect(photo).toMatch(
      / src="\/_image\?href=https%3A%2F%2F[^"]*&amp;w=800&amp;h=600&amp;f=webp&amp;fit=cover"/,
    );
    expect(photo).toContain('width="800" height="600"');
    expect(first.body).toMatch(
      /<meta property="og:image" content="https:\/\/[^"]+\/_image\?href=[^"]*&amp;w=1200&amp;h=630/,
    );
    expect(output.slice(logged)).not.toContain('Failed to get the dimensions');
    expect(proxy.take().map((r) => r.split('?')[0])).toContain('goods/Get');
    const second = await view(path);
    expect(second.headers.get('x-astro-cache')).toBe('HIT');
    expect(proxy.take()).toEqual([]);
    // One product, one URL: at another, a 301 to its own; an id the service does not have is the 404 page.
    const elsewhere = await fetch(`${origin}/catalog/tv/${product.id}`, { redirect: 'manual' });
    expect(elsewhere.status).toBe(301);
    expect(elsewhere.headers.get('location')).toBe(`/catalog/phones/${product.id}/`);
    const missing = await view('/catalog/phones/987654');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<title>');
  });

  it('after a title change in the service and a purge naming the product, the next view shows it', async () => {
    const path = `/catalog/phones/${product.id}`;
    await client.products.update(product.id, { zag: 'Aurora X1, served on demand' });
    expect((await view(path)).body).not.toContain('served on demand');
    const purge = await fetch(`${origin}/_sitecontent/purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ products: [String(product.id)] }),
    });
    expect(purge.status).toBe(200);
    const fresh = await view(path);
    expect(fresh.headers.get('x-astro-cache')).toBe('MISS');
    expect(fresh.body).toContain('Aurora X1, served on demand');
  });

  it('robots.txt names one sitemap index: the prerendered pages and every visible product page, each once', async () => {
    const robots = await view('/robots.txt');
    const named = [...robots.body.matchAll(/^Sitemap: (.+)$/gm)].map((m) => m[1]!);
    const site = new URL(named[0]!).origin;
    expect(named).toEqual([`${site}/sitemap-products.xml`]);

    const index = await view('/sitemap-products.xml');
    expect(index.status).toBe(200);
    const files = locs(index.body);
    // @astrojs/sitemap's file (the prerendered pages) first, then the product sitemaps.
    expect(files[0]).toBe(`${site}/sitemap-0.xml`);
    const listedIn: string[][] = [];
    for (const file of files) {
      const answer = await view(new URL(file).pathname);
      expect(answer.status, file).toBe(200);
      listedIn.push(locs(answer.body));
    }
    const listed = listedIn.flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toContain(`${site}/catalog/phones/`);

    const sections = new Map((await client.sections.list()).map((s) => [s.tx, s]));
    const visible = (await client.products.list()).filter((p) => p.shw);
    const urlOf = (p: Product) => `${site}${sections.get(p.cattx)!.url}/${p.id}/`;
    const head = visible.filter(isHeadProduct).map(urlOf);
    const tail = visible.filter((p) => !isHeadProduct(p)).map(urlOf);
    expect(head.length).toBeGreaterThan(0);
    expect(tail.length).toBeGreaterThan(head.length);
    // The head in the build's sitemap, the tail in the product sitemaps made from the service.
    expect(listedIn[0]!.filter((loc) => head.includes(loc) || tail.includes(loc)).sort()).toEqual(
      head.sort(),
    );
    expect(listedIn.slice(1).flat().sort()).toEqual(tail.sort());

    // Each is the canonical URL of a page this server answers; the head's without the service.
    proxy.take();
    for (const loc of head) {
      const page = await view(new URL(loc).pathname);
      expect(page.status, loc).toBe(200);
      expect(page.headers.get('x-astro-cache'), loc).toBeNull();
      expect(page.body, loc).toContain(`<link rel="canonical" href="${loc}">`);
    }
    expect(proxy.take()).toEqual([]);
    for (const loc of tail) {
      const page = await view(new URL(loc).pathname);
      expect(page.status, loc).toBe(200);
      expect(page.body, loc).toContain(`<link rel="canonical" href="${loc}">`);
    }
  });

  it('the product sitemaps are cached, and a purge naming a product purges them too', async () => {
    await view('/sitemap-products.xml');
    expect((await view('/sitemap-products.xml')).headers.get('x-astro-cache')).toBe('HIT');
    proxy.take();
    const purge = await fetch(`${origin}/_sitecontent/purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ products: [String(product.id)] }),
    });
    expect(await purge.json()).toEqual({
      ok: true,
      purged: [`sitecontent:products:${product.id}`, 'sitecontent:sitemaps'],
    });
    expect((await view('/sitemap-products.xml')).headers.get('x-astro-cache')).toBe('MISS');
    // Made again from the sections alone: the index reads no products (the files it lists do).
    const asked = proxy.take().map((r) => r.split('?')[0]);
    expect(asked).toContain('dir/Get');
    expect(asked).not.toContain('goods/Get');
  });
});

/** Visible tail products of the phones section (rendered on demand): each test takes the first left. */
const tailPhones = async () =>
  (await client.products.list({ cattx: 'phones' })).filter(
    (p) => p.shw && !isHeadProduct(p) && p.id !== product.id,
  );

const purgeProducts = async (...ids: number[]) => {
  const purge = await fetch(`${origin}/_sitecontent/purge`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ products: ids.map(String) }),
  });
  expect(purge.status).toBe(200);
};

/** Every `<loc>` of the product sitemaps the server serves now. */
const sitemapLocs = async () => {
  const files = locs((await view('/sitemap-products.xml')).body).slice(1);
  return (
    await Promise.all(files.map(async (file) => locs((await view(new URL(file).pathname)).body)))
  ).flat();
};

describe('old URLs and previews, on demand', () => {
  it('a product moved to another section answers 301 from its old URL to its new one, in one hop', async () => {
    const [moved] = await tailPhones();
    const laptops = (await client.sections.list({ tx: 'laptops' }))[0]!;
    expect((await view(`/catalog/phones/${moved!.id}/`)).status).toBe(200);
    await client.products.update(moved!.id, { catid: laptops.id });
    await purgeProducts(moved!.id);
    const old = await fetch(`${origin}/catalog/phones/${moved!.id}/`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`${laptops.url}/${moved!.id}/`);
    const now = await view(`${laptops.url}/${moved!.id}/`);
    expect(now.status).toBe(200);
    expect(now.body).toContain(`${laptops.url}/${moved!.id}/">`);
  });

  it('a deleted product answers 410 (one never known 404), and a purge takes it out of the product sitemaps', async () => {
    const [deleted] = await tailPhones();
    const path = `/catalog/phones/${deleted!.id}/`;
    expect((await sitemapLocs()).some((loc) => loc.endsWith(path))).toBe(true);
    await client.products.delete(deleted!.id);
    await purgeProducts(deleted!.id);
    const gone = await view(path);
    expect(gone.status).toBe(410);
    expect(gone.body).toBe('This page has been removed.');
    expect((await view('/catalog/phones/987655/')).status).toBe(404);
    expect((await sitemapLocs()).some((loc) => loc.endsWith(path))).toBe(false);
  });

  it('a hidden product: 404 to a visitor, 200 to its preview link (private, no-store, noindex), still 404 after', async () => {
    const [hidden] = await tailPhones();
    const path = `/catalog/phones/${hidden!.id}/`;
    await client.products.update(hidden!.id, { shw: false, zag: 'Hidden until launch' });
    await purgeProducts(hidden!.id);
    expect((await view(path)).status).toBe(404);
    expect((await sitemapLocs()).some((loc) => loc.endsWith(path))).toBe(false);
    const expiry = Math.floor(Date.now() / 1000) + 300;
    const token = await signPreview('product', String(hidden!.id), expiry, PREVIEW_SECRET);
    // Where `sitecontent preview-link` sends the editor: the preview route, then the product's own URL.
    const route = await fetch(`${origin}/_sitecontent/preview/product/${hidden!.id}?preview=${token}`, {
      redirect: 'manual',
    });
    expect(route.status).toBe(307);
    expect(route.headers.get('location')).toBe(`${path}?preview=${token}`);
    expect(route.headers.get('cache-control')).toBe('private, no-store');
    for (let i = 0; i < 2; i++) {
      const preview = await view(`${path}?preview=${token}`);
      expect(preview.status).toBe(200);
      expect(preview.body).toContain('Hidden until launch');
      expect(preview.headers.get('cache-control')).toBe('private, no-store');
      expect(preview.headers.get('x-robots-tag')).toBe('noindex');
      expect(preview.headers.get('x-astro-cache')).toBeNull();
      expect(preview.headers.get('cdn-cache-control')).toBeNull();
    }
    const visitor = await view(path);
    expect(visitor.status).toBe(404);
    expect(visitor.body).not.toContain('Hidden until launch');
    // A link for another product, a forged signature or an expired link shows nothing.
    const other = await signPreview('product', String(product.id), expiry, PREVIEW_SECRET);
    const forged = await signPreview('product', String(hidden!.id), expiry, 'not the secret');
    const expired = await signPreview(
      'product',
      String(hidden!.id),
      Math.floor(Date.now() / 1000) - 1,
      PREVIEW_SECRET,
    );
    for (const bad of [other, forged, expired, `${token}x`]) {
      const answer = await view(`${path}?preview=${bad}`);
      expect(answer.status, bad).toBe(404);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
  });
});
