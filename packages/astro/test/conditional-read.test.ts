/**
 * The conditional read (load/answer-record.ts): when every answer the stored entries were made of
 * comes again byte for byte, and every page's cached meta is fresh, the products loader keeps the
 * stored entries without typing a record. Anything else an entry is made of, changed, reads every
 * record again; so does a load after one that warned, so that it warns again.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { createClient, type Product } from '@sitecontent/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANSWERS_META_KEY } from '../src/build-time/load-run/answer-record.js';
import { CATALOG_READ_META_KEY, rememberedRead } from '../src/build-time/load-run/catalog-read.js';
import { META_WRITTEN_FILE } from '../src/build-time/load-run/meta-cache.js';
import { articlesLoader, modificationsLoader, productsLoader, sectionsLoader } from '../src/index.js';
import { createStore, type Emulator, emulator, loadInto, useSite } from './helpers/index.js';

const KEPT = /32 records .*0 written, 32 unchanged, 0 removed, meta of 32 pages reused \(answers unchanged/;

describe('conditional read', () => {
  let emu: Emulator;
  let release: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    emu = await emulator();
  });
  afterEach(async () => {
    await Promise.all(release.map((r) => r()));
    release = [];
    await emu.close();
  });

  /** Page URLs asked of the loader's `productUrl`: one per product typed, none when nothing is. */
  let urlsAsked = 0;
  const productUrl = (product: Product) => {
    urlsAsked++;
    return `/p/${product.id}`;
  };
  type Loader = { load: (ctx: never) => Promise<void>; schema: never };
  const products = (options: Parameters<typeof productsLoader>[0] = {}) =>
    productsLoader({ seo: { maxAge: 60_000 }, productUrl, ...options }) as unknown as Loader;

  async function project() {
    const site = useSite(emu);
    release.push(site.release);
    const store = await createStore();
    const cachePath = mkdtempSync(join(tmpdir(), 'sitecontent-cache-'));
    release.push(() => rm(cachePath, { recursive: true, force: true }));
    const cacheDir = pathToFileURL(`${cachePath}/`);
    /** One sync of `loaders` (collection name first), started together as Astro does. */
    const sync = async (
      loaders: [string, Loader][],
      options: { site?: string; refreshContextData?: Record<string, unknown> } = {},
    ) => {
      emu.resetStats();
      urlsAsked = 0;
      const contexts = await Promise.all(
        loaders.map(([collection, loader]) =>
          loadInto(loader, {
            collection,
            store,
            root: site.root,
            site: options.site,
            cacheDir,
            refreshContextData: options.refreshContextData,
          }),
        ),
      );
      return {
        log: contexts.map((t) => t.logs.text()).join('\n'),
        warnings: contexts.flatMap((t) => t.logs.lines.filter((line) => line.level === 'warn')),
        requests: { ...emu.stats.byOperation } as Record<string, number>,
        writes: contexts.reduce((sum, t) => sum + t.counts.writes + t.counts.parses, 0),
        urlsAsked,
      };
    };
    const load = (loader: Loader, options?: Parameters<typeof sync>[1]) =>
      sync([['products', loader]], options);
    return { store, sync, load, cacheDir };
  }

  it('keeps the stored entries without typing a record when every answer is unchanged', async () => {
    const { store, load } = await project();
    const first = await load(products());
    expect(first.urlsAsked).toBe(32);
    const entries = store.values('products');
    const again = await load(products());
    expect(again.log).toMatch(KEPT);
    expect(again.urlsAsked).toBe(0);
    expect(again.requests).toEqual({ 'goods/Get': 1, 'dir/Get': 1, 'site/DomainDefault': 1 });
    expect(again.writes).toBe(0);
    expect(store.values('products')).toEqual(entries);
    // And again: keeping changes nothing the next load reads.
    expect((await load(products())).log).toMatch(KEPT);
  });

  it("remembers the typed catalog's body digest for the next read, which keeps the entries on it", async () => {
    const { store, load } = await project();
    await load(products());
    const memory = rememberedRead(store.metaStore('products'));
    const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
    // The digest of the body as sent (the client's read() tells it); the read given it parses such a
    // body only when its records are asked for (packages/client/test/read-known-body.test.ts).
    expect(memory?.wholeDigest).toBe((await client.products.read()).bodyDigest);
    await client.close();
    expect((await load(products())).log).toMatch(KEPT);
    // A memory an older version stored, without it, still keeps them (the body is parsed then).
    const older = { products: memory?.products, extraCatids: memory?.extraCatids, sections: {} };
    store.metaStore('products').set(CATALOG_READ_META_KEY, JSON.stringify(older));
    expect((await load(products())).log).toMatch(KEPT);
  });

  it('reads every record again when anything an entry is made of changed', async () => {
    const { load } = await project();
    await load(products());
    const readAgain = async (loader: Loader, options?: Parameters<typeof load>[1]) => {
      const next = await load(loader, options);
      expect(next.log).not.toMatch(/answers unchanged/);
      expect(next.urlsAsked).toBe(32);
      return next;
    };

    emu.exec(`UPDATE products SET zag = 'Aurora X1 (2026)' WHERE id = 1`);
    expect((await readAgain(products())).log).toMatch(/1 written, 31 unchanged/);
    await load(products());

    emu.exec(`UPDATE sections SET zag = 'Smartphones' WHERE tx = 'phones'`);
    await readAgain(products());
    await load(products());

    // The canonical URLs' origin, and a loader option that shapes entries.
    await readAgain(products(), { site: 'https://www.other.example' });
    await readAgain(products({ sanitize: false }));
    // Meta asked again: by the refresh endpoint, or because the cache says a page's meta is old.
    expect(
      (await readAgain(products(), { refreshContextData: { refetchMeta: true } })).requests['meta/Get'],
    ).toBe(32);
    await load(products({ seo: { maxAge: 40 } }));
    await sleep(60);
    expect((await readAgain(products({ seo: { maxAge: 40 } }))).requests['meta/Get']).toBe(32);
  });

  it("folds in the last build's write-back rather than keeping the entries", async () => {
    const { store, load, cacheDir } = await project();
    await load(products());
    const written = {
      at: Date.now(),
      pages: [{ md: 'goods', id: 2, values: { ttl: 'Written by the build' } }],
    };
    writeFileSync(new URL(META_WRITTEN_FILE, cacheDir), JSON.stringify(written));
    const next = await load(products());
    expect(next.log).not.toMatch(/answers unchanged/);
    expect(next.requests['meta/Get'] ?? 0).toBe(0);
    expect((store.get('products', '2')!.data.seo as { title: string }).title).toBe('Written by the build');
    // Folded in once, the write-back's record holds nothing new: the next load keeps the entries.
    expect((await load(products())).log).toMatch(KEPT);
  });

  it('never keeps entries whose meta is asked every time, nor after a load that asked every page', async () => {
    const { load } = await project();
    const exact = productsLoader({ seo: true, productUrl }) as unknown as Loader;
    await load(exact);
    expect((await load(exact)).requests['meta/Get']).toBe(32);
    // The last load kept no meta cache: this one has none to vouch for the pages' meta.
    const cached = await load(products());
    expect(cached.requests['meta/Get']).toBe(32);
    expect((await load(products())).log).toMatch(KEPT);
  });

  it('keeps entries without SEO, which need no meta', async () => {
    const { load } = await project();
    const plain = productsLoader({ productUrl }) as unknown as Loader;
    await load(plain);
    const again = await load(plain);
    expect(again.log).toMatch(/32 records .*0 written, 32 unchanged.*\(answers unchanged/);
    expect(again.urlsAsked).toBe(0);
  });

  it('reads every record again after a load that warned, and warns again', async () => {
    const { store, load } = await project();
    emu.exec('UPDATE products SET catid = 999 WHERE id = 1');
    for (let i = 0; i < 2; i++) {
      const next = await load(products());
      expect(next.urlsAsked).toBe(32);
      expect(next.warnings.map((line) => line.message)).toEqual([
        expect.stringMatching(
          /1 record\(s\) name a section the service did not send as valid \(catid 999\): 1;/,
        ),
      ]);
    }
    expect(store.metaStore('products').has(ANSWERS_META_KEY)).toBe(false);
    // The same for an invalid record skipped.
    emu.exec('UPDATE products SET catid = 1 WHERE id = 1');
    emu.exec(`UPDATE products SET dt = 'not a date' WHERE id = 2`);
    for (let i = 0; i < 2; i++) {
      const next = await load(products({ onInvalid: 'skip' }));
      expect(next.urlsAsked).toBe(31);
      expect(next.warnings.map((line) => line.message)).toEqual([
        expect.stringMatching(/skipping record 2: /),
      ]);
    }
  });

  it('the sections and articles loaders keep their entries the same way', async () => {
    const { sync } = await project();
    const pages = (): [string, Loader][] => [
      ['sections', sectionsLoader({ seo: { maxAge: 60_000 } }) as unknown as Loader],
      ['articles', articlesLoader({ seo: { maxAge: 60_000 } }) as unknown as Loader],
    ];
    const first = await sync(pages());
    expect(first.log).not.toMatch(/answers unchanged/);
    const again = await sync(pages());
    expect(again.log).toMatch(/sections: \d+ records .*0 written.*\(answers unchanged/);
    expect(again.log).toMatch(/articles: \d+ records .*0 written.*\(answers unchanged/);
    expect(again.requests['meta/Get'] ?? 0).toBe(0);
    // A changed article is read again, with every article; the sections are still kept.
    emu.exec(`UPDATE articles SET zag = 'Changed' WHERE id = 1`);
    const changed = await sync(pages());
    expect(changed.log).toMatch(/articles: \d+ records .*1 written/);
    expect(changed.log).toMatch(/sections: \d+ records .*\(answers unchanged/);
    // A changed section changes what articles refer to: both are read again.
    emu.exec(`UPDATE sections SET zag = 'Smartphones' WHERE tx = 'phones'`);
    expect((await sync(pages())).log).not.toMatch(/answers unchanged/);
  });

  it('shares one goods/Get with the modifications loader, which still gets typed products', async () => {
    const { store, sync } = await project();
    const both = (): [string, Loader][] => [
      ['products', products()],
      ['modifications', modificationsLoader() as unknown as Loader],
    ];
    await sync(both());
    const modifications = store.keys('modifications').length;
    expect(modifications).toBeGreaterThan(0);
    const again = await sync(both());
    expect(again.log).toMatch(KEPT);
    expect(again.requests['goods/Get']).toBe(1);
    expect(again.requests['goods/SkuGet']).toBeGreaterThan(0);
    expect(again.log).toMatch(
      new RegExp(`modifications: ${modifications} records .*0 written, ${modifications} unchanged`),
    );
  });
});
