// `node example-site/scripts/storefront.mjs dev` against an emulator this test starts: the dev server
// follows the catalog (a title set through the client shows on the product's page, reloaded, within
// 20 s: no restart, no request by hand), and its toolbar app, opened in Chromium, shows the requests
// the emulator counted from it, each collection's last sync, and refreshes on its button. One dev
// server for both, its Astro cache in a temporary folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type Product, type SiteContentClient } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withChromium } from './helpers/browser.js';
import { repoRoot } from './helpers/storefront.js';
import { freePort } from './helpers/varnish.js';

/** The Done-when bound: an edit shows within the default 10 s interval plus the refresh. */
const SHOWS_WITHIN_MS = 20_000;

let emu: Emulator;
let client: SiteContentClient;
/** This test's own requests to the emulator, by operation: the rest are the dev server's. */
const own = new Map<string, number>();
let dev: ChildProcess;
let output = '';
let origin: string;
let cacheDir: string;
let product: Product;

const pagePath = () => `/catalog/phones/${product.id}`;
const view = async (p: string) => (await fetch(`${origin}${p}`)).text();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The requests the emulator answered for the dev server, by operation. */
function devServerRequests(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [operation, statuses] of Object.entries(emu.stats.byOperationStatus)) {
    const n = Object.values(statuses).reduce((sum, c) => sum + c, 0) - (own.get(operation) ?? 0);
    if (n > 0) counts.set(operation, n);
  }
  return counts;
}

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  client = createClient({
    baseUrl: emu.url,
    apiKey: emu.key,
    sid: emu.sid,
    onRequest: (e) => own.set(e.operation, (own.get(e.operation) ?? 0) + 1),
  });
  product = (await client.products.list({ cattx: 'phones' })).filter((p) => p.shw)[0]!;
  const port = await freePort();
  cacheDir = await mkdtemp(path.join(tmpdir(), 'storefront-dev-'));
  // Vitest's own variables stay out: with VITEST set Astro's dev request handler steps aside, and
  // NODE_ENV=test turns off Vite's watcher.
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('SITECONTENT_') && !k.startsWith('VITEST')),
  );
  const args = ['example-site/scripts/storefront.mjs', 'dev', '--host', '127.0.0.1', '--port', String(port)];
  dev = spawn(process.execPath, [...args, '--cache-dir', cacheDir], {
    cwd: repoRoot,
    env: {
      ...base,
      NODE_ENV: 'development',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      SITECONTENT_BASE_URL: emu.url,
      SITECONTENT_API_KEY: emu.key,
      SITECONTENT_SID: String(emu.sid),
      SITECONTENT_DEMO_ASSETS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<never>((_, reject) =>
    dev.once('exit', (code) => reject(new Error(`dev exited (${code}):\n${output}`))),
  );
  const read = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  dev.stdout?.on('data', read);
  dev.stderr?.on('data', read);
  origin = `http://127.0.0.1:${port}`;
  // Up once its first sync is in: the product's page shows its title.
  const up = (async () => {
    for (let i = 0; i < 600; i++) {
      const html = await view(pagePath()).catch(() => '');
      if (html.includes(product.zag)) return;
      await sleep(250);
    }
    throw new Error(`the dev server did not serve ${pagePath()}:\n${output}`);
  })();
  await Promise.race([up, exited]);
}, 180_000);

afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    dev.kill('SIGTERM');
    await exited;
  }
  await client?.close();
  await emu?.close();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

describe('storefront.mjs dev', () => {
  it('follows the catalog: a title set in the service shows on the page, reloaded, within 20 s', async () => {
    expect(output).toContain('following the catalog: its changes are read every 10 s');
    const title = `${product.zag} (edited ${Date.now()})`;
    const logged = output.length;
    await client.products.update(product.id, { zag: title });
    const edited = performance.now();
    let html = '';
    while (!html.includes(title) && performance.now() - edited < SHOWS_WITHIN_MS + 5_000) {
      await sleep(250);
      html = await view(pagePath());
    }
    const tookMs = Math.round(performance.now() - edited);
    expect(html, `not shown after ${tookMs} ms:\n${output.slice(logged)}`).toContain(title);
    expect(tookMs, `shown after ${tookMs} ms`).toBeLessThan(SHOWS_WITHIN_MS);
    // One line names the record.
    expect(output.slice(logged)).toContain(`catalog: product ${product.id} changed; refreshing products`);
    expect(output).not.toContain(emu.key);
  }, 60_000);

  it('the toolbar app opens in Chromium and shows what the emulator counted, and refreshes now', async (ctx) => {
    await withChromium(ctx, async (page) => {
      await page.goto(`${origin}/`);
      await page.locator('astro-dev-toolbar button[data-app-id="sitecontent"]').click();
      const app = page.locator('[data-app="sitecontent"]');
      await app.locator('[data-part="total"]').waitFor({ timeout: 15_000 });
      // The dev server reads the catalog every 10 s and the app asks for its state every 2 s: the
      // two agree between reads.
      let shown: Map<string, number> = new Map();
      let counted: Map<string, number> = new Map();
      for (let i = 0; i < 40; i++) {
        counted = devServerRequests();
        shown = await shownRequests(page);
        if (JSON.stringify([...shown].sort()) === JSON.stringify([...counted].sort())) break;
        await sleep(500);
      }
      expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(counted));
      expect(counted.get('goods/Get')).toBeGreaterThan(0);
      const total = [...counted.values()].reduce((sum, n) => sum + n, 0);
      expect(Number(await app.locator('[data-part="total"]').textContent())).toBeGreaterThanOrEqual(total);

      // Each collection's last sync: the sections the service has, the edit's write.
      const sections = (await client.sections.list()).length;
      const syncRow = (name: string) =>
        app.locator(`[data-part="syncs"] tr[data-collection="${name}"] td`).allTextContents();
      const sectionRow = await syncRow('sections');
      expect(sectionRow.slice(1, 7)).toEqual(['synced', String(sections), expect.any(String), '0', '0', '0']);
      const productRow = await syncRow('products');
      expect(productRow[1]).toBe('synced');
      expect(await app.locator('[data-part="seen"]').textContent()).toContain(
        `product ${product.id} changed · `,
      );
      expect(await app.locator('[data-part="pending"]').textContent()).toBe('none');

      // The button: every collection refreshed, the service asked again.
      const before = emu.stats.byOperation['goods/Get'] ?? 0;
      await app.locator('button[data-action="refresh"]').click();
      await app.getByText(/Last refresh \d+ s ago \(every collection\): done/).waitFor({ timeout: 20_000 });
      expect(emu.stats.byOperation['goods/Get'] ?? 0).toBeGreaterThan(before);
      expect(output).toContain('toolbar: refreshing every collection');

      expect(await page.content()).not.toContain(emu.key);
      expect(await app.innerHTML()).not.toContain(emu.key);
    });
  }, 90_000);
});

/** The app's requests by operation, as its table shows them. */
async function shownRequests(page: Page): Promise<Map<string, number>> {
  const rows = page.locator('[data-app="sitecontent"] [data-part="operations"] tr[data-operation]');
  const shown = new Map<string, number>();
  for (const row of await rows.all()) {
    const operation = await row.getAttribute('data-operation');
    const count = Number(await row.getAttribute('data-count'));
    if (operation) shown.set(operation, count);
  }
  return shown;
}
