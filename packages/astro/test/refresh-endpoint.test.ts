/**
 * The dev refresh endpoint's handler on a real HTTP server: what it accepts (token, body), what it
 * answers when the refresh fails (500, logged) and when a load kept its last entries because the
 * service failed (502, so a webhook can tell), with real loads against the emulator and a broken
 * service. dev.test.ts runs it inside `astro dev`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RefreshContentOptions } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRefreshHandler } from '../src/build-time/integration/refresh-endpoint.js';
import { productsLoader } from '../src/index.js';
import {
  createLogger,
  createStore,
  type Emulator,
  emulator,
  failingServer,
  loadInto,
  useSite,
} from './helpers/index.js';

const TOKEN = 'tok-3f9a';

async function endpoint(refreshContent: (options: RefreshContentOptions) => Promise<void>) {
  const logs = createLogger();
  const handler = createRefreshHandler({ token: TOKEN, refreshContent, logger: logs.logger });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const post = async (
    body?: string,
    headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
  ) => {
    const res = await fetch(url, { method: 'POST', headers, body });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const close = () => {
    server.close();
    server.closeAllConnections();
  };
  return { post, logs, close };
}

describe('refresh endpoint: what it accepts', () => {
  const calls: RefreshContentOptions[] = [];
  let ep: Awaited<ReturnType<typeof endpoint>>;
  beforeAll(async () => {
    ep = await endpoint(async (options) => {
      calls.push(options);
    });
  });
  afterAll(() => ep.close());

  it('refuses a body it cannot read exactly, naming what is wrong, and refreshes nothing', async () => {
    const cases: [string, RegExp][] = [
      ['{"loader":["products"]}', /unknown field\(s\) loader \(known: loaders, refetchMeta\)/],
      ['[]', /expected a JSON object such as \{"loaders":\["products"\]\}/],
      ['"products"', /expected a JSON object/],
      ['null', /expected a JSON object/],
      ['{"loaders":[]}', /loaders: empty: leave it out to refresh every loader/],
      ['{"loaders":"products"}', /loaders: expected an array of loader names/],
      ['{"loaders":["nope"]}', /unknown loader "nope"/],
      ['{"refetchMeta":"yes"}', /refetchMeta: expected true or false/],
      ['{nope', /invalid body: not JSON/],
    ];
    for (const [body, error] of cases) {
      const res = await ep.post(body);
      expect(res.status, body).toBe(400);
      expect(res.json.error, body).toMatch(error);
    }
    const large = await ep.post(JSON.stringify({ loaders: ['products'], pad: 'x'.repeat(70_000) }));
    expect(large.status).toBe(413);
    expect(large.json.error).toBe('invalid body: body larger than 64 KiB');
    expect(calls).toEqual([]);
  });

  it('takes the token as Bearer in any case, or as x-sitecontent-token, and no other', async () => {
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `BEARER  ${TOKEN}`]) {
      expect((await ep.post('', { authorization })).status, authorization).toBe(200);
    }
    expect((await ep.post('', { 'x-sitecontent-token': TOKEN })).status).toBe(200);
    for (const authorization of [`Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer']) {
      expect((await ep.post('', { authorization })).status, authorization).toBe(401);
    }
    expect(calls).toHaveLength(4);
    expect(calls[0]).toMatchObject({
      loaders: [
        'sitecontent-products',
        'sitecontent-modifications',
        'sitecontent-sections',
        'sitecontent-articles',
        'sitecontent-domains',
      ],
      context: { source: 'sitecontent-refresh-endpoint', refetchMeta: false },
    });
  });
});

describe('refresh endpoint: when the refresh does not go through', () => {
  let emu: Emulator;
  let broken: Awaited<ReturnType<typeof failingServer>>;
  beforeAll(async () => {
    emu = await emulator();
    broken = await failingServer(503);
  });
  afterAll(async () => {
    await emu.close();
    await broken.close();
  });

  it('a refresh that throws is a 500 with the message, and logged as an error', async () => {
    const ep = await endpoint(async () => {
      throw new Error('products: goods/Get failed with HTTP 401 (http://x/v1/goods/Get?key=***)');
    });
    try {
      const res = await ep.post('{"loaders":["products"]}');
      expect(res.status).toBe(500);
      expect(res.json).toMatchObject({ ok: false, loaders: ['sitecontent-products'] });
      expect(res.json.error).toMatch(/HTTP 401/);
      expect(ep.logs.lines).toContainEqual({
        level: 'error',
        message: expect.stringMatching(
          /^refresh endpoint: the refresh failed: products: goods\/Get failed with HTTP 401/,
        ),
      });
    } finally {
      ep.close();
    }
  });

  it('a load that kept its last entries because the service failed is a 502 naming it; a good one 200', async () => {
    const store = await createStore();
    const good = useSite({ url: emu.url, key: emu.key, sid: emu.sid });
    const bad = useSite({ url: broken.url, key: emu.key, sid: emu.sid }, { retries: 0 });
    let site = good;
    const ep = await endpoint(async (options) => {
      await loadInto(productsLoader(), {
        collection: 'products',
        store,
        root: site.root,
        refreshContextData: options.context,
      });
    });
    try {
      const ok = await ep.post('{"loaders":["products"]}');
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ ok: true, loaders: ['sitecontent-products'] });
      site = bad;
      const stale = await ep.post('{"loaders":["products"]}');
      expect(stale.status).toBe(502);
      expect(stale.json).toMatchObject({
        ok: false,
        loaders: ['sitecontent-products'],
        keptStale: ['products'],
      });
      expect(stale.json.error).toMatch(
        /^products: goods\/Get .*503.*; keeping 32 entries from the previous sync$/,
      );
    } finally {
      ep.close();
      await good.release();
      await bad.release();
    }
  });
});
