// The README's on-demand page (@astrojs/node, memory cache) against the emulator through a recording proxy: what
// views cost, the negative cache, purges, an outage (stale, else a short 503 naming nothing), the served feed,
// photos with the image host silent, and an editor's preview link as the CLI prints it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type Product, type SiteContentClient } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onDemandDefaults } from '../packages/astro/src/options/on-demand-options.js';
import { type Fixture, settleAstroWrites } from '../packages/astro/test/helpers/fixture.js';
import { onDemandPages } from './helpers/on-demand-pages.js';
import {
  buildSite,
  connectionEnv,
  failureLines,
  postPurge,
  recordingProxy,
  runSitecontent,
  type ServedSite,
  serveEntry,
  viewPage,
} from './helpers/on-demand-site.js';
import { describeServedFeed } from './on-demand-feed.js';
import { describeOnDemandImages } from './on-demand-images.js';

const TOKEN = 'purge-token-6b1e';
/** The longest a live lookup may take, retries included (the README's config keeps the default). */
const LOOKUP_BUDGET_MS = onDemandDefaults.lookupTimeoutMs;
const PREVIEW_SECRET = 'preview-secret-e27a';

let emu: Emulator;
let proxy: Awaited<ReturnType<typeof recordingProxy>>;
let fx: Fixture;
let site: ServedSite;
let client: SiteContentClient;
let phones: Product[];
let cliEnv: Record<string, string>;

/** `sitecontent <args>` as a user runs it, in the fixture folder, with the site's URL and token. */
const sitecontent = (...args: string[]) => runSitecontent(args, fx.root, cliEnv);
const view = (path: string) => viewPage(`${site.url}${path}`);
const purge = (body: string, token: string | null = TOKEN) => postPurge(site.url, body, token);
/** What a purge naming a product purges: its pages, and the product sitemaps, which may list it otherwise now. */
const tagsOfProduct = (id: number) => [`sitecontent:products:${id}`, 'sitecontent:sitemaps'];
/** The built site, served by a server of its own with `env` as its environment. */
const serveBuilt = (env: Record<string, string>) => serveEntry(`${fx.root}/dist/server/entry.mjs`, env);

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  proxy = await recordingProxy(emu.url);
  client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  phones = (await client.products.list({ cattx: 'phones' })).filter((p) => p.shw);
  const connection = connectionEnv(proxy.url, emu);
  fx = await buildSite(onDemandPages(), connection);
  const secrets = { SITECONTENT_PURGE_TOKEN: TOKEN, SITECONTENT_PREVIEW_SECRET: PREVIEW_SECRET };
  site = await serveBuilt({ ...connection, ...secrets });
  cliEnv = { ...connection, ...secrets, SITECONTENT_BASE_URL: emu.url, SITECONTENT_SITE_URL: site.url };
  proxy.take();
}, 180_000);

afterAll(async () => {
  await site?.close();
  // An in-process build's data store saves on a timer: let it finish before its folder goes.
  await settleAstroWrites();
  fx?.remove();
  await client?.close();
  await proxy?.close();
  await emu?.close();
});

describe('an on-demand product page behind the memory cache', () => {
  it('caches as written: MISS with one product lookup, then HIT without a request', async () => {
    const [first] = phones;
    const miss = await view(`/shop/${first!.id}`);
    expect(miss.status).toBe(200);
    expect(miss.body).toContain(`<h1>${first!.zag}</h1>`);
    expect(miss.headers.get('x-astro-cache')).toBe('MISS');
    expect(miss.headers.get('last-modified')).toBe(first!.dt!.toUTCString());
    const asked = proxy.take().filter((r) => !r.startsWith('site/DomainDefault'));
    expect(asked.sort()).toEqual([
      `dir/Get?sid=${emu.sid}&tx=phones`,
      `goods/Get?sid=${emu.sid}&id=${first!.id}`,
      `meta/Get?sid=${emu.sid}&id=${first!.id}&md=goods`,
    ]);
    const hit = await view(`/shop/${first!.id}`);
    expect(hit.headers.get('x-astro-cache')).toBe('HIT');
    expect(hit.body).toBe(miss.body);
    expect(proxy.take()).toEqual([]);
  });

  it('a second product of the same section reuses the section: only its goods/Get and meta/Get', async () => {
    const second = phones[1]!;
    expect((await view(`/shop/${second.id}`)).status).toBe(200);
    expect(
      proxy
        .take()
        .map((r) => r.split('?')[0])
        .sort(),
    ).toEqual(['goods/Get', 'meta/Get']);
  });

  it('an unknown id is a 404, and a second view within the negative-cache time asks nothing', async () => {
    const first = await view('/shop/987654');
    expect(first.status).toBe(404);
    // The page's meta is asked alongside the product (a miss costs one round trip), so an unknown
    // id costs its meta/Get too: once per notFoundMaxAge.
    expect(proxy.take().sort()).toEqual([
      `goods/Get?sid=${emu.sid}&id=987654`,
      `meta/Get?sid=${emu.sid}&id=987654&md=goods`,
    ]);
    expect(first.headers.get('cache-control')).toBe('public, max-age=30');
    const again = await view('/shop/987654');
    expect(again.status).toBe(404);
    expect(proxy.take()).toEqual([]);
  });

  it('the purge endpoint refuses a missing or wrong token and a malformed body, and purges nothing', async () => {
    const id = phones[0]!.id;
    const refusals = [
      [await purge(`{"products":["${id}"]}`, null), 401],
      [await purge(`{"products":["${id}"]}`, 'wrong'), 401],
      [await purge(`{"products":["${id}"`), 400],
      [await purge(`{"product":["${id}"]}`), 400],
      [await purge('{"products":["01"]}'), 400],
      [await purge('{}'), 400],
    ] as const;
    expect(refusals.map(([response]) => response.status)).toEqual(refusals.map(([, status]) => status));
    expect(await refusals[3]![0].json()).toMatchObject({
      ok: false,
      error: expect.stringContaining('unknown field(s) product'),
    });
    expect((await view(`/shop/${id}`)).headers.get('x-astro-cache')).toBe('HIT');
    expect(proxy.take()).toEqual([]);
  });

  it('a title changed in the service shows on the next view after a purge names the product', async () => {
    const id = phones[0]!.id;
    await client.products.update(id, { zag: 'Aurora X1 (renamed)' });
    expect((await view(`/shop/${id}`)).body).not.toContain('renamed');
    const response = await purge(`{"products":["${id}"]}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, purged: tagsOfProduct(id) });
    // The server's log says what each purge did, and why one was refused, never with the token.
    expect(site.output()).toContain(`[@sitecontent/astro] purged sitecontent:products:${id}`);
    expect(site.output()).toContain('[@sitecontent/astro] purge refused (401): missing or wrong token');
    expect(site.output()).toContain(
      '[@sitecontent/astro] purge refused (400): invalid body: unknown field(s) product',
    );
    expect(site.output()).not.toContain(TOKEN);
    const fresh = await view(`/shop/${id}`);
    expect(fresh.headers.get('x-astro-cache')).toBe('MISS');
    expect(fresh.body).toContain('<h1>Aurora X1 (renamed)</h1>');
  });

  it('sitecontent purge after a change in the service: the next view shows it', async () => {
    const id = phones[1]!.id;
    expect((await view(`/shop/${id}`)).headers.get('x-astro-cache')).toBe('HIT');
    await client.products.update(id, { zag: 'Renamed by a script' });
    const purged = await sitecontent('purge', '--products', String(id));
    expect(purged.code, purged.output).toBe(0);
    expect(purged.stdout).toBe(`Purged 2 tags at ${site.url}: ${tagsOfProduct(id).join(', ')}\n`);
    expect((await view(`/shop/${id}`)).body).toContain('<h1>Renamed by a script</h1>');
    const refused = await sitecontent('purge', '--products', String(id), '--site', `${site.url}/`);
    expect(refused.code).toBe(0);
    const wrong = await runSitecontent(['purge', '--products', '1'], fx.root, {
      ...cliEnv,
      SITECONTENT_PURGE_TOKEN: 'bad-token-x-3f0c9e',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('missing or wrong token');
    expect(wrong.output).not.toContain('bad-token-x-3f0c9e');
  });

  it('sitecontent meta push purges the pages whose meta it wrote', async () => {
    const id = phones[2]!.id;
    expect((await view(`/meta/${id}`)).status).toBe(200);
    expect((await view(`/meta/${id}`)).headers.get('x-astro-cache')).toBe('HIT');
    writeFileSync(
      path.join(fx.root, 'desired.json'),
      JSON.stringify([{ md: 'goods', id, ttl: 'Pushed title' }]),
    );
    const pushed = await sitecontent('meta', 'push', 'desired.json', '--yes');
    expect(pushed.code, pushed.output).toBe(0);
    expect(pushed.stdout).toContain(`Purged 2 cache tags: ${tagsOfProduct(id).join(', ')}`);
    const fresh = await view(`/meta/${id}`);
    expect(fresh.headers.get('x-astro-cache')).toBe('MISS');
    expect(fresh.body).toContain('<title>Pushed title</title>');
    expect(pushed.output).not.toContain(emu.key);
  });

  it('an outage: a stale page while the cache allows it, else a 503 with a short cache and no key', async () => {
    const [brief, uncached] = [phones[0]!.id, phones[3]!.id];
    expect((await view(`/brief/${brief}`)).headers.get('x-astro-cache')).toBe('MISS');
    // The page asked for maxAge 1: past it, it is stale (and within its swr of 600 s).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    proxy.state.down = true;
    try {
      const stale = await view(`/brief/${brief}`);
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-astro-cache')).toBe('STALE');
      const failed = await view(`/shop/${uncached}`);
      expect(failed.status).toBe(503);
      expect(failed.headers.get('cache-control')).toBe('public, max-age=5');
      expect(failed.headers.get('x-astro-cache')).toBeNull();
      expect(failed.body).not.toContain(emu.key);
      // The failed render was not kept: the stale page is still served.
      expect((await view(`/brief/${brief}`)).headers.get('x-astro-cache')).toBe('STALE');
    } finally {
      proxy.state.down = false;
    }
    expect(site.output()).not.toContain(emu.key);
    // The outage may have opened the shared server's circuit (the failed view and the stale page's
    // revalidations in the background): the suites after this one need it closed again, which takes a
    // probe after `breakFor`. A revalidation the outage started may still be retrying, and its failure
    // would count after the probe (a later suite then met a 503): past the lookup budget every one
    // has ended. Then ids never seen, so no cached or negative-cached answer stands in for a probe.
    await new Promise((resolve) => setTimeout(resolve, LOOKUP_BUDGET_MS + 500));
    let unknown = 9_000_000;
    await expect
      .poll(async () => (await view(`/shop/${unknown++}`)).status, { timeout: 20_000, interval: 500 })
      .toBe(404);
  }, 45_000);
});

describeServedFeed(() => ({ proxy, client, phones, view, purge }));
describeOnDemandImages(() => ({
  serveBuilt: (env) => serveBuilt({ ...connectionEnv(emu.url, emu), ...env }),
  phones,
}));
describe('failures that say what went wrong, and fail fast', () => {
  it('with the service down, the third view of products never viewed answers at once, and the log says it once', async () => {
    const fresh = (await client.products.list())
      .filter((p) => p.shw)
      .slice(-3)
      .map((p) => p.id);
    // A server of its own, through a proxy of its own: its circuit breaker starts closed, and what
    // the shared server revalidates in the background is not counted here.
    const own = await recordingProxy(emu.url);
    const served = await serveBuilt(connectionEnv(own.url, emu));
    own.state.down = true;
    try {
      const views: { status: number; ms: number; asked: number }[] = [];
      for (const id of fresh) {
        const started = performance.now();
        const response = await fetch(`${served.url}/shop/${id}`);
        const body = await response.text();
        const asked = own.take();
        // Each view asks only for its own product: nothing of an earlier view goes on retrying.
        expect(asked.filter((r) => !r.includes(`id=${id}&`) && !r.endsWith(`id=${id}`))).toEqual([]);
        views.push({ status: response.status, ms: performance.now() - started, asked: asked.length });
        expect(body).toBe('The catalog is unavailable for a moment. Please try again.');
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      expect(views.map((v) => v.status)).toEqual([503, 503, 503]);
      // Two lookups failed (each tried twice within the request-time budget); then the circuit is
      // open: the third view asks nothing and waits for nothing.
      expect(views.map((v) => v.asked)).toEqual([expect.any(Number), expect.any(Number), 0]);
      expect(views[0]!.asked).toBeGreaterThan(0);
      expect(views[2]!.ms).toBeLessThan(1_500);
      // Nothing goes on asking once a page has answered: a `meta/Get` sent alongside the lookup is
      // stopped with it, not left retrying against a service that is down.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(own.take()).toEqual([]);
    } finally {
      own.state.down = false;
      await served.close();
      await own.close();
    }
    const lines = failureLines(served.output());
    const goodsGet = lines.filter((l) => l.includes('the service failed: goods/Get'));
    expect(goodsGet, lines.join('\n')).toHaveLength(1);
    expect(goodsGet[0]).toContain('key=***');
    expect(served.output()).not.toContain(emu.key);
  });

  it('a wrong key answers 500 with a fixed body, and the log names the key as refused, once', async () => {
    const wrongKey = 'wrong-key-3f9a1c';
    const wrong = await serveBuilt(connectionEnv(emu.url, { key: wrongKey, sid: emu.sid }));
    try {
      for (const id of [phones[0]!.id, phones[1]!.id]) {
        const response = await fetch(`${wrong.url}/shop/${id}`);
        expect(response.status).toBe(500);
        const body = await response.text();
        expect(body).toBe(
          'This page cannot be shown because of a problem with the site. It has been logged.',
        );
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
      const lines = failureLines(wrong.output());
      expect(lines, wrong.output()).toHaveLength(1);
      expect(lines[0]).toContain(
        'on-demand pages answer 500, the site is misconfigured: goods/Get failed with HTTP 401',
      );
      expect(lines[0]).toContain('the service refused the API key: set SITECONTENT_API_KEY');
      expect(wrong.output()).not.toContain(wrongKey);
    } finally {
      await wrong.close();
    }
  });

  it('connection settings missing from the server environment: said at start, then 500, and the log names them', async () => {
    const bare = await serveBuilt({ SITECONTENT_BASE_URL: '', SITECONTENT_API_KEY: '', SITECONTENT_SID: '' });
    try {
      // Before any visitor: the server's first lines, printed as it started.
      expect(bare.output()).toContain(
        '[@sitecontent/astro] on-demand pages will answer 500 until the connection is set: ' +
          'SITECONTENT_BASE_URL, SITECONTENT_API_KEY, SITECONTENT_SID not set',
      );
      expect(failureLines(bare.output())).toEqual([]);
      expect((await fetch(`${bare.url}/shop/${phones[0]!.id}`)).status).toBe(500);
      const lines = failureLines(bare.output());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('missing connection setting(s) baseUrl, apiKey, sid');
      expect(lines[0]).toContain(
        'SITECONTENT_BASE_URL, SITECONTENT_API_KEY, SITECONTENT_SID in the process environment',
      );
    } finally {
      await bare.close();
    }
  });

  it('a malformed setting is said at start; complete settings say nothing there', async () => {
    const malformed = await serveBuilt({ ...connectionEnv(emu.url, emu), SITECONTENT_SID: 'shop-1' });
    await malformed.close();
    expect(malformed.output()).toContain(
      'on-demand pages will answer 500 until the connection is set: SITECONTENT_SID must be a whole number from 1, got "shop-1"',
    );
    expect(site.output()).not.toContain('until the connection is set');
  });

  it('SITECONTENT_DEBUG=1 on the server: a line per request to the service, key masked', async () => {
    const debug = await serveBuilt({ ...connectionEnv(emu.url, emu), SITECONTENT_DEBUG: '1' });
    try {
      expect((await fetch(`${debug.url}/shop/${phones[3]!.id}`)).status).toBe(200);
      expect(debug.output()).toMatch(
        new RegExp(
          `\\[@sitecontent/astro\\] goods/Get 200 \\d+ ms \\d+ bytes retry 0 ${emu.url}/v1/goods/Get\\?key=\\*\\*\\*&sid=${emu.sid}&id=${phones[3]!.id}`,
        ),
      );
      expect(debug.output()).not.toContain(emu.key);
    } finally {
      await debug.close();
    }
  });
});

describe("an editor's preview link, as sitecontent preview-link prints it", () => {
  /** An answer for the editor's browser only: stored by no cache, never indexed. */
  const expectPrivate = (response: Response | { headers: Headers }) => {
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
  };

  it("opens a hidden product: the site's preview route redirects to its page, which answers 200 privately", async () => {
    const hidden = phones.at(-1)!;
    await client.products.update(hidden.id, { shw: false, zag: 'Hidden until launch' });
    await purge(`{"products":["${hidden.id}"]}`);
    // The server's log names the cause of any other answer (an outage, a timeout, an open circuit).
    expect((await view(`/shop/${hidden.id}`)).status, site.output().slice(-4000)).toBe(404);
    const printed = await sitecontent('preview-link', 'product', String(hidden.id), '--site', site.url);
    expect(printed.code, printed.output).toBe(0);
    const link = new URL(printed.stdout.trim());
    expect(`${link.origin}${link.pathname}`).toBe(`${site.url}/_sitecontent/preview/product/${hidden.id}`);
    const token = link.searchParams.get('preview')!;
    // The page as the live loader names it (productUrl `/shop/<id>`), the token carried along.
    const redirect = await fetch(link, { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get('location')).toBe(`/shop/${hidden.id}/?preview=${token}`);
    expectPrivate(redirect);
    const page = await fetch(link);
    expect(page.redirected).toBe(true);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Hidden until launch</h1>');
    expectPrivate(page);
    expect(page.headers.get('x-astro-cache')).toBeNull();
    const visitor = await view(`/shop/${hidden.id}`);
    expect(visitor.status).toBe(404);
    expect(visitor.body).not.toContain('Hidden until launch');
  });

  it('a tampered link is a private 404; an id the service does not have fails in the CLI, naming it', async () => {
    const hidden = phones.at(-1)!;
    const printed = await sitecontent('preview-link', 'product', String(hidden.id), '--site', site.url);
    const link = new URL(printed.stdout.trim());
    const [expiry, signature] = link.searchParams.get('preview')!.split('.');
    link.searchParams.set('preview', `${Number(expiry) + 1}.${signature}`);
    const tampered = await fetch(link, { redirect: 'manual' });
    expect(tampered.status).toBe(404);
    expectPrivate(tampered);
    const missing = await sitecontent('preview-link', 'product', '987654', '--site', site.url);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('preview-link: the service has no product "987654"');
    expect(missing.stdout).toBe('');
  });
});
