// The Cloudflare deploy guide's change Worker (docs/src/content/docs/deploy/cloudflare.md), run where
// it runs offline: `wrangler dev --test-scheduled` (local workerd, a local KV namespace) against the
// emulator, its Cron Trigger fired through `/__scheduled`. The first run records the catalog in KV
// and purges nothing; after a product is renamed through goods/Set, the next run purges that
// product's page and its section listing at the site's purge endpoint, with the site's token.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SiteContentClient } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordingSite, startRecordingSite } from '../packages/client/test/helpers/change-servers.js';
import { snippet } from './helpers/on-demand-site.js';
import { childEnv, stopChild } from './helpers/packed-project.js';
import { repoRoot } from './helpers/storefront.js';
import { freePort } from './helpers/varnish.js';

const TOKEN = 'cron-purge-token-77d1';
let emu: Emulator;
let site: RecordingSite;
let client: SiteContentClient;
let wrangler: ChildProcess;
let output = '';
let origin: string;
let work: string;

/** Fires the Cron Trigger and waits for the Worker's line about the run. */
async function fire(): Promise<string> {
  const before = output.length;
  const answer = await fetch(`${origin}/__scheduled?cron=*/2+*+*+*+*`);
  expect(answer.status, output.slice(-2000)).toBe(200);
  await answer.text();
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    const line = /\d+ changes, \d+ purged, \d+ pending/.exec(output.slice(before))?.[0];
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no run logged:\n${output.slice(before)}`);
}

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  site = await startRecordingSite();
  client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  work = mkdtempSync(path.join(tmpdir(), 'sitecontent-changes-worker-'));
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  mkdirSync(path.join(work, 'src'));
  writeFileSync(
    path.join(work, 'package.json'),
    JSON.stringify({ name: 'changes-worker', type: 'module', private: true }),
  );
  writeFileSync(path.join(work, 'src/changes-worker.ts'), snippet('snippets/deploy/changes-worker.ts'));
  writeFileSync(
    path.join(work, 'wrangler.jsonc'),
    JSON.stringify({
      name: 'shop-changes',
      main: 'src/changes-worker.ts',
      compatibility_date: '2025-06-01',
      compatibility_flags: ['nodejs_compat'],
      triggers: { crons: ['*/2 * * * *'] },
      kv_namespaces: [{ binding: 'CHANGES', id: 'local-changes' }],
    }),
  );
  const vars = {
    SITECONTENT_BASE_URL: emu.url,
    SITECONTENT_API_KEY: emu.key,
    SITECONTENT_SID: String(emu.sid),
    SITECONTENT_SITE_URL: site.url,
    SITECONTENT_PURGE_TOKEN: TOKEN,
  };
  const port = await freePort();
  const bin = path.join(repoRoot, 'node_modules/wrangler/bin/wrangler.js');
  const args = [bin, 'dev', '--test-scheduled', '--ip', '127.0.0.1', '--port', String(port)];
  for (const [name, value] of Object.entries(vars)) args.push('--var', `${name}:${value}`);
  wrangler = spawn(process.execPath, args, {
    cwd: work,
    env: { ...childEnv(), WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wrangler dev not ready in 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    wrangler.stdout?.on('data', read);
    wrangler.stderr?.on('data', read);
    wrangler.once('exit', (code) => reject(new Error(`wrangler exited (${code}):\n${output}`)));
  });
}, 120_000);

afterAll(async () => {
  await stopChild(wrangler, true);
  await client?.close();
  await site?.close();
  await emu?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the Cloudflare guide's change Worker under wrangler dev (local workerd and KV)", () => {
  it('records the catalog on its first run, then purges only the renamed product page and its listing', async () => {
    expect(await fire()).toBe('0 changes, 0 purged, 0 pending');
    expect(site.posts).toEqual([]);
    expect(await fire()).toBe('0 changes, 0 purged, 0 pending');
    const product = (await client.products.list({ cattx: 'laptops' })).find((p) => p.shw)!;
    await client.products.update(product.id, { zag: 'Renamed, seen by a Cron Trigger' });
    expect(await fire()).toBe('1 changes, 1 purged, 0 pending');
    expect(site.purges()).toEqual([{ products: [String(product.id)], sections: ['laptops'] }]);
    expect(site.posts[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(output).not.toContain(emu.key);
  }, 90_000);
});
