// The deploy guides' scheduled change cycles, run where they run offline, against the emulator:
// - Cloudflare (docs/src/content/docs/deploy/cloudflare.md): the change Worker under `wrangler dev
//   --test-scheduled` (local workerd, a local KV namespace), its Cron Trigger fired through
//   `/__scheduled`;
// - Netlify (deploy/netlify.md): the scheduled function called as Netlify calls it, its state in
//   Netlify Blobs served by `@netlify/blobs`' own local server.
// The first run records the catalog and purges nothing; after a product is renamed through
// goods/Set, the next run purges that product's page and its section listing at the site's purge
// endpoint, with the site's token.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { createClient, type SiteContentClient } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RecordingSite, startRecordingSite } from '../packages/client/test/helpers/change-servers.js';
import { snippet } from './helpers/on-demand-site.js';
import { childEnv, stopChild } from './helpers/packed-project.js';
import { repoRoot } from './helpers/storefront.js';
import { freePort } from './helpers/varnish.js';

const TOKEN = 'cron-purge-token-77d1';
let emu: Emulator;
let site: RecordingSite;
let client: SiteContentClient;
let work: string;

/** The settings each guide gives its scheduled code. */
const settings = () => ({
  SITECONTENT_BASE_URL: emu.url,
  SITECONTENT_API_KEY: emu.key,
  SITECONTENT_SID: String(emu.sid),
  SITECONTENT_SITE_URL: site.url,
  SITECONTENT_PURGE_TOKEN: TOKEN,
});

/** A folder with the repository's node_modules and `files`, for a guide's code to run in. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(work, 'project-'));
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries({
    'package.json': '{"type":"module","private":true}',
    ...files,
  })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Renames a visible product of `tx` and gives it. */
async function rename(tx: string, title: string) {
  const product = (await client.products.list({ cattx: tx })).find((p) => p.shw)!;
  await client.products.update(product.id, { zag: title });
  return product;
}

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  site = await startRecordingSite();
  client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  work = mkdtempSync(path.join(tmpdir(), 'sitecontent-changes-scheduled-'));
});

afterAll(async () => {
  await client?.close();
  await site?.close();
  await emu?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

beforeEach(() => {
  site.posts.length = 0;
});

describe("the Cloudflare guide's change Worker under wrangler dev (local workerd and KV)", () => {
  let wrangler: ChildProcess;
  let output = '';
  let origin: string;

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
    const dir = project({
      'src/changes-worker.ts': snippet('snippets/deploy/changes-worker.ts'),
      'wrangler.jsonc': JSON.stringify({
        name: 'shop-changes',
        main: 'src/changes-worker.ts',
        compatibility_date: '2025-06-01',
        compatibility_flags: ['nodejs_compat'],
        triggers: { crons: ['*/2 * * * *'] },
        kv_namespaces: [{ binding: 'CHANGES', id: 'local-changes' }],
      }),
    });
    const port = await freePort();
    const bin = path.join(repoRoot, 'node_modules/wrangler/bin/wrangler.js');
    const args = [bin, 'dev', '--test-scheduled', '--ip', '127.0.0.1', '--port', String(port)];
    for (const [name, value] of Object.entries(settings())) args.push('--var', `${name}:${value}`);
    wrangler = spawn(process.execPath, args, {
      cwd: dir,
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

  afterAll(() => stopChild(wrangler, true));

  it('records the catalog on its first run, then purges only the renamed product page and its listing', async () => {
    expect(await fire()).toBe('0 changes, 0 purged, 0 pending');
    expect(site.posts).toEqual([]);
    expect(await fire()).toBe('0 changes, 0 purged, 0 pending');
    const product = await rename('laptops', 'Renamed, seen by a Cron Trigger');
    expect(await fire()).toBe('1 changes, 1 purged, 0 pending');
    expect(site.purges()).toEqual([{ products: [String(product.id)], sections: ['laptops'] }]);
    expect(site.posts[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(output).not.toContain(emu.key);
  }, 90_000);
});

describe("the Netlify guide's scheduled function, its state in Netlify Blobs (the package's local server)", () => {
  let blobs: BlobsServer;
  let run: () => Promise<void>;
  const saved = { ...process.env };

  beforeAll(async () => {
    const dir = project({
      'netlify/functions/sitecontent-changes.ts': snippet('snippets/deploy/netlify-changes.ts'),
    });
    blobs = new BlobsServer({ directory: path.join(dir, '.blobs'), token: 'blobs-token' });
    const { port } = await blobs.start();
    setEnvironmentContext({ edgeURL: `http://127.0.0.1:${port}`, siteID: 'shop', token: 'blobs-token' });
    // What Netlify sets for the function: the site's settings, and URL, the site's main address.
    Object.assign(process.env, settings(), { URL: site.url });
    const module = await import(path.join(dir, 'netlify/functions/sitecontent-changes.ts'));
    expect(module.config).toEqual({ schedule: '*/5 * * * *' });
    run = module.default;
  });

  afterAll(async () => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    await blobs?.stop();
  });

  it('keeps its state in the blob store and purges only the renamed product page and its listing', async () => {
    await run();
    const state = await getStore('sitecontent-changes').get('state', { type: 'text' });
    expect(state).toMatch(/^sitecontent-changes-state 1\n/);
    expect(site.posts).toEqual([]);
    const product = await rename('headphones', 'Renamed, seen by a scheduled function');
    await run();
    expect(site.purges()).toEqual([{ products: [String(product.id)], sections: ['headphones'] }]);
    expect(await getStore('sitecontent-changes').get('state', { type: 'text' })).not.toBe(state);
    await run();
    expect(site.purges()).toHaveLength(1);
  });
});
