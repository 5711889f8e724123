/**
 * `astro dev` started programmatically on a fixture: the refresh endpoint (token, methods, named
 * loaders, content really refreshed) and live collections rendered on demand.
 */
import { createServer } from 'node:net';
import { dev } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureOutput,
  createFixture,
  type Emulator,
  emulator,
  type Fixture,
  LIVE_FILES,
  STOREFRONT_FILES,
  settleAstroWrites,
} from './helpers/index.js';

const KEY = 'dev-canary-key-51b0c7a2';
const TOKEN = 'refresh-token-for-tests';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('astro dev with siteContent()', () => {
  let emu: Emulator;
  let fx: Fixture;
  let server: { stop(): Promise<void> } | undefined;
  let base: string;

  beforeAll(async () => {
    emu = await emulator({ keys: { [KEY]: [1] } });
    fx = createFixture({
      ...STOREFRONT_FILES,
      ...LIVE_FILES,
      '.env': `SITECONTENT_API_KEY=${KEY}\nSITECONTENT_BASE_URL=${emu.url}\nSITECONTENT_SID=1\nSITECONTENT_REFRESH_TOKEN=${TOKEN}\n`,
    });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Astro's dev request handler steps aside when `VITEST` is set (vite-plugin-astro-server);
    // hide it while the server configures itself.
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    // Vitest's NODE_ENV=test turns off Vite's file watcher, which restarts the server on a `.env`
    // change as it does for users. For this file's process only.
    process.env.NODE_ENV = 'development';
    const started = await captureOutput(() =>
      dev({ root: fx.root, logLevel: 'warn', server: { host: '127.0.0.1', port } }),
    ).finally(() => {
      process.env.VITEST = vitest;
    });
    if (started.error) throw started.error;
    server = started.result;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await emu?.close();
    // The dev server's data store saves (and writes its asset imports) on a timer after a refresh.
    await settleAstroWrites();
    fx?.remove();
  });

  const refresh = (init: RequestInit = {}) =>
    fetch(`${base}/_sitecontent/refresh`, { method: 'POST', ...init });

  it('serves pages from the loaded collections', async () => {
    const html = await (await fetch(`${base}/products/1`)).text();
    expect(html).toMatch(/<h1[^>]*>Aurora X1<\/h1>/);
  });

  it('the refresh endpoint wants POST and the token', async () => {
    expect((await fetch(`${base}/_sitecontent/refresh`)).status).toBe(405);
    expect((await refresh()).status).toBe(401);
    expect((await refresh({ headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const unknown = await refresh({
      headers: { authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ loaders: ['nope'] }),
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toContain('unknown loader "nope"');
  });

  it('a POST with the token refreshes the named loaders without a restart', async () => {
    emu.exec(`UPDATE products SET zag = 'Aurora X1 Refreshed' WHERE id = 1`);
    const res = await refresh({
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ loaders: ['products'] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, loaders: ['sitecontent-products'] });
    let html = '';
    for (let i = 0; i < 20 && !html.includes('Aurora X1 Refreshed'); i++) {
      html = await (await fetch(`${base}/products/1`)).text();
      if (!html.includes('Aurora X1 Refreshed')) await new Promise((r) => setTimeout(r, 250));
    }
    expect(html).toMatch(/<h1[^>]*>Aurora X1 Refreshed<\/h1>/);
  });

  it('live collections render on demand and report a missing entry as LiveEntryNotFoundError', async () => {
    const ok = await (await fetch(`${base}/live/2`)).text();
    expect(ok).toMatch(/<h1 id="live-title"[^>]*>Aurora X1 Mini<\/h1>/);
    expect(ok).toContain('https://shop.example/catalog/phones/2');
    const missing = await (await fetch(`${base}/live/99999`)).text();
    expect(missing).toContain('LiveEntryNotFoundError');
  });

  it('the key is not in the dev data store or the served HTML', async () => {
    const served = await (await fetch(`${base}/products/1`)).text();
    expect(served).not.toContain(KEY);
    expect(fx.allText('.astro')).not.toContain(KEY);
  });

  // Last: Vite restarts the dev server on a `.env` change.
  it('a token changed in .env while dev runs takes effect after Vite restarts the server', async () => {
    const NEW_TOKEN = 'rotated-refresh-token';
    fx.write('.env', fx.read('.env').replace(`REFRESH_TOKEN=${TOKEN}`, `REFRESH_TOKEN=${NEW_TOKEN}`));
    const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    let status = 0;
    for (let i = 0; i < 80 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = await refresh(auth(NEW_TOKEN)).then(
        (res) => res.status,
        () => 0, // the server restarting
      );
    }
    expect(status).toBe(200);
    expect((await refresh(auth(TOKEN))).status).toBe(401);
  }, 60_000);
});
