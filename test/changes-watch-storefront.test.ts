// The change detection's end to end proof: `node example-site/scripts/storefront.mjs serve` (product
// pages on demand behind Astro's route cache, maxAge 300 s) and `sitecontent watch --interval 2`
// (the built bin) purging through the storefront's purge endpoint. A product renamed through
// goods/Set shows on its cached page within 20 s with no purge by hand, and another product's
// cached page stays cached.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Product, type SiteContentClient } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHeadProduct } from '../example-site/src/lib/head.js';
import { repoRoot, serveArgs } from './helpers/storefront.js';
import { freePort } from './helpers/varnish.js';

const TOKEN = 'watch-storefront-3b7f';
const BIN = join(repoRoot, 'packages/client/bin/sitecontent.js');

let emu: Emulator;
let client: SiteContentClient;
let serve: ChildProcess;
let watch: ChildProcess;
let origin: string;
let watchLog = '';
let edited: Product;
let other: Product;

/** Spawns `args` with `env` and resolves once its output contains `ready`; the output so far is in `log()`. */
async function started(
  args: string[],
  env: Record<string, string>,
  ready: string,
  log: (text: string) => void,
) {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      log(output);
      if (output.includes(ready)) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`${args[0]} exited (${code}):\n${output}`)));
  });
  return child;
}

const stop = async (child: ChildProcess | undefined) => {
  if (!child || child.exitCode !== null) return child?.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
};

const view = async (product: Product) => {
  const response = await fetch(`${origin}/catalog/phones/${product.id}`);
  return { cache: response.headers.get('x-astro-cache'), body: await response.text() };
};

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  [edited, other] = (await client.products.list({ cattx: 'phones' })).filter(
    (p) => p.shw && !isHeadProduct(p),
  ) as [Product, Product];
  const port = await freePort();
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SITECONTENT_')));
  const connection = {
    ...base,
    NO_COLOR: '1',
    SITECONTENT_BASE_URL: emu.url,
    SITECONTENT_API_KEY: emu.key,
    SITECONTENT_SID: String(emu.sid),
    SITECONTENT_PURGE_TOKEN: TOKEN,
  };
  serve = await started(
    await serveArgs(port),
    connection,
    `Storefront on http://127.0.0.1:${port}\n`,
    () => {},
  );
  origin = `http://127.0.0.1:${port}`;
  const state = join(mkdtempSync(join(tmpdir(), 'sitecontent-watch-storefront-')), 'shop.state');
  watch = await started(
    [BIN, 'watch', '--state', state, '--interval', '2'],
    { ...connection, SITECONTENT_SITE_URL: origin },
    'cycle 1: first read',
    (text) => (watchLog = text),
  );
}, 240_000);

afterAll(async () => {
  await stop(watch);
  await stop(serve);
  await client?.close();
  await emu?.close();
});

describe('sitecontent watch --interval 2 with storefront.mjs serve', () => {
  it('a product renamed through goods/Set shows on its cached page within 20 s; another cached page is not purged', async () => {
    for (const product of [edited, other]) {
      expect((await view(product)).cache).toBe('MISS');
      expect((await view(product)).cache).toBe('HIT');
    }
    await client.products.update(edited.id, { zag: 'Aurora X1, renamed by the shop' });
    const editedAt = Date.now();
    let page = await view(edited);
    while (!page.body.includes('Aurora X1, renamed by the shop') && Date.now() - editedAt < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      page = await view(edited);
    }
    const shownAfter = Date.now() - editedAt;
    expect(page.body).toContain('Aurora X1, renamed by the shop');
    expect(shownAfter).toBeLessThan(20_000);
    // Not purged: still the cached copy.
    expect((await view(other)).cache).toBe('HIT');
    expect(watchLog).toMatch(
      new RegExp(
        `cycle \\d+: 1 change \\(product ${edited.id} changed\\), 1 done, 0 pending; \\d+ service requests, 1 purge`,
      ),
    );
    expect(watchLog).not.toContain(emu.key);
    expect(watchLog).not.toContain(TOKEN);
    expect(await stop(watch)).toBe(0);
    expect(watchLog).toMatch(/stopped after \d+ cycles\n$/);
  }, 60_000);
});
