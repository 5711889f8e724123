// `sitecontent search-index` and `sitecontent watch --search-index` through the built bin against the
// emulator: bad usage is exit 2 before anything is read, and the watch writes the index at its first
// cycle and again after a cycle that confirmed a change, so a product renamed through goods/Set is
// found by its new name with Pagefind's own search. (The index's records against a build's are
// checked on the storefront: test/storefront-search.ts.) Split by top section (`--split`), the
// index is read in Chromium by the storefront's own search code (example-site/src/lib/search-engine.ts):
// a title word finds its products across two top sections, a vendor filter narrows, a sort orders
// the merged bundles, and a listing's engine loads only its own top section's bundle.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { plainText } from '@sitecontent/astro';
import { type SearchBundleManifest, splitSections } from '@sitecontent/astro/search';
import { createClient, type Product, type Section } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchIndexAt } from '../packages/astro/test/helpers/pagefind-search.js';
import { withChromium } from './helpers/browser.js';
import { runProcess } from './helpers/process.js';
import { repoRoot, serveStatic } from './helpers/storefront.js';

const BIN = path.join(repoRoot, 'packages/client/bin/sitecontent.js');
let emu: Emulator;
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  dir = await mkdtemp(path.join(tmpdir(), 'sitecontent-search-cli-'));
  env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SITECONTENT_'))),
    SITECONTENT_BASE_URL: emu.url,
    SITECONTENT_API_KEY: emu.key,
    SITECONTENT_SID: String(emu.sid),
    NO_COLOR: '1',
  };
});

afterAll(async () => {
  await emu?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sitecontent = (...args: string[]) => runProcess(process.execPath, [BIN, ...args], { cwd: dir, env });

describe('sitecontent search-index', () => {
  it('refuses bad usage with exit 2 and reads nothing', async () => {
    const before = emu.stats.total;
    for (const [args, message] of [
      [['search-index', '--currency', 'USD'], 'missing --out DIR'],
      [['search-index', '--out', 'x'], 'name the prices'],
      [['search-index', '--out', 'x', '--currency', 'dollars'], 'currency'],
      [
        ['search-index', '--out', 'x', '--options', 'a.mjs', '--currency', 'USD'],
        'goes in the --options file',
      ],
      [
        ['watch', '--state', 's', '--interval', '1', '--currency', 'USD', '--build-hook', 'http://x/'],
        'go with --search-index',
      ],
    ] as const) {
      const run = await sitecontent(...args);
      expect(run.code, run.output).toBe(2);
      expect(run.stderr).toContain(message);
    }
    expect(emu.stats.total).toBe(before);
  });
});

/** A word (4+ letters) of the titles of shown products in at least two top sections, with those products. */
function wordAcrossTopSections(products: readonly Product[], sections: readonly Section[]) {
  const topOf = splitSections(sections);
  const byWord = new Map<string, { products: Product[]; tops: Set<string> }>();
  for (const product of products) {
    const top = topOf.get(product.cattx);
    if (!top) continue;
    for (const word of new Set(
      plainText(product.zag)
        .toLowerCase()
        .match(/[a-z]{4,}/g) ?? [],
    )) {
      const found = byWord.get(word) ?? { products: [], tops: new Set() };
      found.products.push(product);
      found.tops.add(top.tx);
      byWord.set(word, found);
    }
  }
  const [word, found] = [...byWord].find(([, f]) => f.tops.size >= 2) ?? [];
  return word && found ? { word, ...found, topOf } : undefined;
}

describe('sitecontent search-index --split', () => {
  it('writes a bundle per top section that the storefront’s search code reads in Chromium', async (ctx) => {
    const site = path.join(dir, 'split-site');
    const run = await sitecontent(
      'search-index',
      '--out',
      path.join(site, 'pagefind'),
      '--options',
      path.join(repoRoot, 'example-site/src/lib/search.ts'),
      '--export',
      'SEARCH',
      '--split',
    );
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/^search index: \d+ pages from \d+ sections in \d+ ms → .+ \(\d+ bundles\)$/m);
    const manifest = JSON.parse(
      await readFile(path.join(site, 'pagefind', 'bundles.json'), 'utf8'),
    ) as SearchBundleManifest;
    const sectionBundles = manifest.bundles.filter((b) => b.section !== undefined);
    expect(sectionBundles.length).toBeGreaterThanOrEqual(2);
    expect(manifest.bundles.at(-1)).toMatchObject({ path: 'other/' });

    const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
    const [products, sections] = await Promise.all([client.products.list({}), client.sections.list()]);
    const across = wordAcrossTopSections(
      products.filter((p) => p.shw),
      sections.filter((s) => s.shw),
    );
    expect(across, 'a title word in two top sections').toBeDefined();
    const { word, tops, topOf } = across!;

    // The storefront's search code as its pages load it, its types stripped, beside the index.
    const engine = await readFile(path.join(repoRoot, 'example-site/src/lib/search-engine.ts'), 'utf8');
    await writeFile(path.join(site, 'search-engine.js'), stripTypeScriptTypes(engine));
    await writeFile(
      path.join(site, 'index.html'),
      `<!doctype html><html lang="en"><title>split search</title><script type="module">
import { catalogSearchEngine } from '/search-engine.js';
// One engine a page, as on the storefront's pages (Pagefind's state is per module).
let engine;
window.searchSplit = (trail, query, shown) =>
  (engine ??= catalogSearchEngine({ root: '/pagefind/', split: true, trail })).search(query, shown);
window.ready = true;
</script>`,
    );
    const server = await serveStatic(site);
    try {
      await withChromium(ctx, async (page) => {
        const requests: string[] = [];
        page.on('request', (r) => requests.push(new URL(r.url()).pathname));
        await page.goto(`${server.url}/`);
        await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
        type Answer = { count: number; pages: { url: string; meta: Record<string, string> }[] };
        const search = (trail: string[] | undefined, query: object, shown = 200) =>
          page.evaluate(
            ([t, q, n]) =>
              (
                window as unknown as { searchSplit(t: unknown, q: unknown, n: unknown): Promise<Answer> }
              ).searchSplit(t, q, n),
            [trail, query, shown] as const,
          );

        // The whole catalog: every bundle merged into the first.
        const all = await search(undefined, { term: word, filters: {} });
        const idOf = (url: string) => url.replace(/\/$/, '').split('/').at(-1);
        const foundIds = all.pages.map((p) => idOf(p.url));
        for (const product of across!.products) expect(foundIds, product.zag).toContain(String(product.id));
        expect(all.count).toBe(all.pages.length);
        for (const bundle of manifest.bundles)
          expect(requests).toContain(`/pagefind/${bundle.path}pagefind-entry.json`);

        // A vendor filter narrows to that vendor.
        const vendor = all.pages.find((p) => p.meta.vendor)!.meta.vendor!;
        const ofVendor = await search(undefined, { term: word, filters: { vendor: { any: [vendor] } } });
        expect(ofVendor.count).toBeGreaterThan(0);
        expect(ofVendor.count).toBeLessThanOrEqual(all.count);
        expect(new Set(ofVendor.pages.map((p) => p.meta.vendor))).toEqual(new Set([vendor]));

        // Sorted by price over every bundle: one order, not each bundle's.
        const cheapest = await search(
          undefined,
          { term: null, filters: { kind: 'Product' }, sort: { price: 'asc' } },
          24,
        );
        const prices = cheapest.pages.map((p) => Number(p.meta.sort_price));
        const every = await search(undefined, { term: null, filters: { kind: 'Product' } }, 1000);
        const lowest = every.pages
          .map((p) => Number(p.meta.sort_price))
          .filter((price) => !Number.isNaN(price))
          .sort((a, b) => a - b);
        expect(prices).toEqual(lowest.slice(0, 24));

        // A listing's panel (its section, then those above it): only its top section's bundle.
        const [top] = [...tops];
        const bundle = manifest.bundles.find((b) => b.tx === top)!;
        const listing = sections.find((s) => s.tx === top)!;
        // A page of its own, as a listing is: Pagefind keeps its state per module, one engine a page.
        await page.goto(`${server.url}/`);
        await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
        requests.length = 0;
        const own = await search([listing.tx, listing.par], { term: word, filters: {} });
        expect(own.count).toBeGreaterThan(0);
        expect(own.count).toBeLessThan(all.count);
        for (const found of own.pages) {
          const product = products.find((p) => String(p.id) === idOf(found.url));
          expect(topOf.get(product!.cattx)?.tx, found.url).toBe(top);
        }
        const bundlesRead = new Set(
          requests
            .filter((r) => r.startsWith('/pagefind/') && !r.endsWith('bundles.json'))
            .map((r) => r.split('/').slice(0, 4).join('/')),
        );
        expect([...bundlesRead]).toEqual([`/pagefind/${bundle.path.slice(0, -1)}`]);
      });
    } finally {
      await server.close();
    }
  }, 90_000);
});

describe('sitecontent watch --search-index', () => {
  let watch: ChildProcess | undefined;
  afterAll(async () => {
    if (watch && watch.exitCode === null) {
      const exited = new Promise((resolve) => watch?.once('exit', resolve));
      watch.kill('SIGTERM');
      await exited;
    }
  });

  it('writes the index at its first cycle and again after a confirmed change', async () => {
    let output = '';
    watch = spawn(
      process.execPath,
      [
        BIN,
        'watch',
        '--state',
        'state.tsv',
        '--interval',
        '1',
        '--search-index',
        'site/pagefind',
        '--currency',
        'USD',
      ],
      { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    watch.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    watch.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const lines = () => output.split('\n').filter((line) => /cycle \d+:/.test(line));
    await expect
      .poll(() => lines().some((l) => /first read.*search index \d+ pages/.test(l)), { timeout: 20_000 })
      .toBe(true);

    const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
    const [product] = (await client.products.list({})).filter((p) => p.shw);
    await client.products.update(product!.id, { zag: 'Quokkaphone Special' });
    await expect
      .poll(() => lines().some((l) => /1 change.*1 done.*search index \d+ pages/.test(l)), {
        timeout: 20_000,
      })
      .toBe(true);
    // Cycles that confirm nothing leave the index alone.
    expect(
      lines()
        .filter((l) => /no changes/.test(l))
        .every((l) => !l.includes('search index')),
    ).toBe(true);

    const index = await searchIndexAt(path.join(dir, 'site'));
    try {
      const found = await index.search('quokkaphone');
      expect(found.map((f) => f.meta.title)).toEqual(['Quokkaphone Special']);
    } finally {
      await index.close();
    }
    expect(output).not.toContain(emu.key);
  }, 60_000);
});
