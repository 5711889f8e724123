// The change detection's end to end proof: `node example-site/scripts/storefront.mjs serve` (product
// pages on demand behind Astro's route cache, maxAge 300 s) and `sitecontent watch --interval 2`
// (the built bin) purging through the storefront's purge endpoint. A product renamed through
// goods/Set shows on its cached page within 20 s with no purge by hand, and another product's
// cached page stays cached. Then, after each edit of a generated sequence (fast-check, seeded) and
// the watch's purge, every product sitemap and product page the served site answers equals what a
// freshly started server of the same build answers: the purge leaves nothing stale.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { createClient, type Product, type SiteContentClient } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHeadProduct } from '../example-site/src/lib/head.js';
import { applyEdit, productEdit } from './helpers/catalog-edits.js';
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
/** The served build's output folder, and the environment its server runs with. */
let servedOutDir: string;
let connection: Record<string, string>;

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
  connection = {
    ...base,
    NO_COLOR: '1',
    SITECONTENT_BASE_URL: emu.url,
    SITECONTENT_API_KEY: emu.key,
    SITECONTENT_SID: String(emu.sid),
    SITECONTENT_PURGE_TOKEN: TOKEN,
  };
  const args = await serveArgs(port);
  servedOutDir = args[args.indexOf('--out-dir') + 1] as string;
  serve = await started(args, connection, `Storefront on http://127.0.0.1:${port}\n`, () => {});
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
  }, 60_000);

  it("after each generated edit and the watch's purge, every product page and sitemap the served site answers equals a freshly started server's", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(productEdit, { minLength: 2, maxLength: 2 }), async (edits) => {
        for (const [i, made] of edits.entries()) {
          // Every page cached before the edit, so a page the purge misses would answer stale.
          await productAnswers(origin);
          const cycles = watchCycles().length;
          await applyEdit(client, made, []);
          const [fresh] = await Promise.all([freshServer(), settled(cycles)]);
          try {
            const [served = new Map(), clean = new Map()] = await productAnswers(origin, fresh.origin);
            expect(clean.size).toBeGreaterThan(20);
            for (const [url, answer] of clean) {
              expect(served.get(url), `${url} after edit ${i + 1} ${JSON.stringify(made)}`).toEqual(answer);
            }
          } finally {
            await stop(fresh.child);
          }
        }
      }),
      { seed: 5402, numRuns: 1, endOnFailure: true },
    );
  }, 240_000);

  it('the watch named no secret and stops on SIGTERM', async () => {
    expect(watchLog).not.toContain(emu.key);
    expect(watchLog).not.toContain(TOKEN);
    expect(await stop(watch)).toBe(0);
    expect(watchLog).toMatch(/stopped after \d+ cycles\n$/);
  });
});

/** The lines of the watch's cycles so far. */
const watchCycles = () => watchLog.split('\n').filter((line) => /\bcycle \d+: /.test(line));

/**
 * Resolves once the watch has read the catalog after an edit made when it had logged `before`
 * cycles, seen the change (or none), and left nothing pending: what it purges is purged.
 */
async function settled(before: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    const after = watchCycles().slice(before + 1);
    if (after.length >= 2 && /: no changes;|, 0 pending[;,]/.test(after.at(-1) ?? '')) return;
    if (Date.now() - started > 30_000) throw new Error(`the watch did not settle:\n${after.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Answers = Map<string, { status: number; body: string }>;

/** The status and body of each of `paths` at `site`, eight requests at a time. */
async function answersAt(site: string, paths: Iterable<string>): Promise<Answers> {
  const list = [...paths];
  const got = new Map<string, { status: number; body: string }>();
  for (let i = 0; i < list.length; i += 8) {
    await Promise.all(
      list.slice(i, i + 8).map(async (path) => {
        const response = await fetch(`${site}${path}`, { redirect: 'manual' });
        got.set(path, { status: response.status, body: await response.text() });
      }),
    );
  }
  return new Map(list.flatMap((path) => (got.has(path) ? [[path, got.get(path)!] as const] : [])));
}

const locs = (xml: string | undefined) =>
  [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);

/**
 * Every product sitemap file either site's index lists, and every product page either's files list,
 * as each site answers them. Not the indexes themselves: a server lists a section it has not read
 * yet by its first file, and leaves out one it found empty (section-files-memory.ts), which only
 * the process's own past can know.
 */
async function productAnswers(...sites: string[]): Promise<Answers[]> {
  const indexes = await Promise.all(sites.map((site) => answersAt(site, ['/sitemap-products.xml'])));
  const files = new Set(indexes.flatMap((index) => locs(index.get('/sitemap-products.xml')?.body)));
  const fileAnswers = await Promise.all(sites.map((site) => answersAt(site, files)));
  const pages = new Set(fileAnswers.flatMap((answers) => [...answers.values()].flatMap((a) => locs(a.body))));
  const pageAnswers = await Promise.all(sites.map((site) => answersAt(site, pages)));
  return sites.map((_, i) => new Map([...(fileAnswers[i] ?? []), ...(pageAnswers[i] ?? [])]));
}

/** A new server process of the same build: its route cache empty. */
async function freshServer(): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(servedOutDir, 'server', 'entry.mjs')], {
    cwd: repoRoot,
    env: { ...connection, HOST: '127.0.0.1', PORT: String(port) },
    stdio: 'ignore',
  });
  const at = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${at}/robots.txt`);
      return { child, origin: at };
    } catch (error) {
      if (tries > 100 || child.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
