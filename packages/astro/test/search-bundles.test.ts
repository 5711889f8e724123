/**
 * The search index split by top section (`search: { split: 'top-section' }`): which section a
 * record is filed under (a catalog under one root splits by the root's subsections), the bundles'
 * folders, and the static build's split index of the demo shop searched with Pagefind's own browser
 * code: each bundle holds its top section's products and nothing else, `other/` the rest, and the
 * manifest names them all.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBuildSearchIndex } from '../src/build-time/integration/search-output.js';
import { isSiteContentAstroError } from '../src/index.js';
import { resolveSearchOptions } from '../src/options/search-options.js';
import type { LoadedEntry } from '../src/project/build-record.js';
import {
  BUNDLE_MANIFEST,
  type SearchBundleManifest,
  sectionBundlePath,
  splitSections,
  writeSplitSearchIndex,
} from '../src/search/search-bundles.js';
import { SHOP_SITE, shopEntries } from './helpers/index.js';
import { searchIndexAt } from './helpers/pagefind-search.js';

const section = (tx: string, par = '') => ({ tx, par, zag: tx.toUpperCase() });
const filed = (sections: ReturnType<typeof section>[]) =>
  Object.fromEntries([...splitSections(sections)].map(([tx, top]) => [tx, top.tx]));

describe('splitSections', () => {
  it('files each section under its top-level section', () => {
    expect(
      filed([
        section('phones'),
        section('laptops'),
        section('cases', 'phones'),
        section('gaming', 'laptops'),
      ]),
    ).toEqual({ phones: 'phones', laptops: 'laptops', cases: 'phones', gaming: 'laptops' });
  });

  it('looks through a lone root that holds the catalog, and files nothing under it', () => {
    expect(
      filed([
        section('catalog'),
        section('phones', 'catalog'),
        section('laptops', 'catalog'),
        section('cases', 'phones'),
        section('blog'),
      ]),
    ).toEqual({ phones: 'phones', laptops: 'laptops', cases: 'phones', blog: 'blog' });
  });

  it('looks through a chain of only children, not a department among leaves', () => {
    expect(
      filed([section('root'), section('shop', 'root'), section('phones', 'shop'), section('tv', 'shop')]),
    ).toEqual({ phones: 'phones', tv: 'tv' });
    expect(filed([section('phones'), section('cases', 'phones'), section('laptops')])).toEqual({
      cases: 'cases',
      laptops: 'laptops',
    });
  });

  it('ends on a par cycle and an orphan', () => {
    expect(filed([section('a', 'b'), section('b', 'a'), section('c', 'gone'), section('d', 'd')])).toEqual({
      c: 'c',
      d: 'd',
    });
  });
});

describe('sectionBundlePath', () => {
  it('is the tx when it is a plain slug, else a digest of it', () => {
    expect(sectionBundlePath('phones')).toBe('sections/phones/');
    expect(sectionBundlePath('../other')).toMatch(/^sections\/tx-[0-9a-f]{16}\/$/);
    expect(sectionBundlePath('телефоны')).not.toBe(sectionBundlePath('ноутбуки'));
  });
});

describe('writeSplitSearchIndex', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sitecontent-split-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const record = (url: string) => ({
    url,
    content: `gadget ${url}`,
    language: 'en',
    meta: { title: url },
    filters: {},
    sort: {},
  });

  it('leaves out a group without records and replaces what was there', async () => {
    const out = path.join(dir, 'pagefind');
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, 'stale.txt'), 'old');
    const summary = await writeSplitSearchIndex(
      [
        { section: { tx: 'a', name: 'A' }, records: [record('/a/1')] },
        { section: { tx: 'b', name: 'B' }, records: [] },
        { records: [record('/blog/1'), record('/blog/2')] },
      ],
      out,
    );
    expect(summary.records).toBe(3);
    const manifest = JSON.parse(
      await readFile(path.join(out, BUNDLE_MANIFEST), 'utf8'),
    ) as SearchBundleManifest;
    expect(manifest).toEqual({
      split: 'top-section',
      bundles: [
        { path: 'sections/a/', records: 1, section: 'A', tx: 'a' },
        { path: 'other/', records: 2 },
      ],
    });
    await expect(readFile(path.join(out, 'stale.txt'))).rejects.toThrow();
  }, 30_000);

  it('refuses two groups for one bundle', async () => {
    const error = await writeSplitSearchIndex(
      [
        { section: { tx: 'a', name: 'A' }, records: [record('/a/1')] },
        { section: { tx: 'a', name: 'A' }, records: [record('/a/2')] },
      ],
      path.join(dir, 'twice'),
    ).catch((e: unknown) => e);
    expect(isSiteContentAstroError(error, 'search_index_failed')).toBe(true);
    expect((error as Error).message).toContain('two groups of records for sections/a/');
  }, 30_000);
});

describe('the static build’s split index', () => {
  const shop = shopEntries();
  let outDir: string;
  let manifest: SearchBundleManifest;
  const logged: string[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'sitecontent-split-build-'));
    // The pages the build wrote: only those get a record.
    for (const entry of [...shop.products, ...shop.articles]) {
      const page = path.join(outDir, entry.data.url, 'index.html');
      await mkdir(path.dirname(page), { recursive: true });
      await writeFile(page, '<!doctype html><title>page</title>');
    }
    const entries = { products: shop.products, modifications: shop.modifications, sections: shop.sections };
    await writeBuildSearchIndex({
      loadedEntries: (kind) =>
        ((entries as Record<string, unknown[]>)[kind] ?? shop.articles) as unknown as LoadedEntry[],
      options: resolveSearchOptions({ currency: 'USD', split: 'top-section' }),
      outDir,
      layout: { format: 'directory', trailingSlash: 'ignore', base: '/' },
      site: SHOP_SITE,
      logger: { info: (line: string) => logged.push(line), warn: (line: string) => logged.push(line) },
    });
    manifest = JSON.parse(await readFile(path.join(outDir, 'pagefind', BUNDLE_MANIFEST), 'utf8'));
  }, 60_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('writes a bundle per top section with products, and the rest in other/', async () => {
    const tops = splitSections(shop.sections.map((s) => s.data));
    const byTop = new Map<string, string[]>();
    for (const product of shop.products.filter((p) => p.data.shw !== false)) {
      const top = tops.get(product.data.section?.id ?? '')?.tx ?? 'other';
      byTop.set(top, [...(byTop.get(top) ?? []), product.data.url]);
    }
    const sectionBundles = manifest.bundles.filter((b) => b.tx !== undefined);
    expect(sectionBundles.length).toBeGreaterThanOrEqual(2);
    expect(sectionBundles.map((b) => b.tx).sort()).toEqual(
      [...byTop.keys()].filter((t) => t !== 'other').sort(),
    );
    expect(manifest.bundles.at(-1)?.path).toBe('other/');
    expect(logged.join('\n')).toMatch(/search index: \d+ pages in \d+ bundles in \d+ ms → pagefind\//);

    for (const bundle of manifest.bundles) {
      const index = await searchIndexAt(outDir, `pagefind/${bundle.path.slice(0, -1)}`);
      try {
        const found = await index.search(null);
        expect(found.length, bundle.path).toBe(bundle.records);
        const products = found.filter((p) => p.meta.kind === 'Product').map((p) => p.url);
        expect(products.sort(), bundle.path).toEqual([...(byTop.get(bundle.tx ?? 'other') ?? [])].sort());
        if (bundle.section) for (const page of found) expect(page.filters.section).toContain(bundle.section);
        else
          expect(found.filter((p) => p.meta.kind === 'Article').length).toBe(
            shop.articles.filter((a) => a.data.shw !== false).length,
          );
      } finally {
        await index.close();
      }
    }
  });
});
