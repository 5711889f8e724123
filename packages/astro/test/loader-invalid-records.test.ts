/**
 * Records the loaders cannot use as sent: `onInvalid` fails the load naming the record and field, or
 * skips the record; a flood of them stops the load early; and a URL off the site is such a record,
 * never a link to another host.
 */
import { describe, expect, it } from 'vitest';
import {
  isSiteContentAstroError,
  modificationsLoader,
  productsLoader,
  sectionsLoader,
} from '../src/index.js';
import { createStore, emulatorPerTest, loadInto, tryLoadInto } from './helpers/index.js';

describe('collection loaders against the emulator: invalid records', () => {
  const service = emulatorPerTest();

  it('a flood of invalid sections: ten named, the rest counted, none kept beyond that', async () => {
    const site = await service.siteWithEmptyRecords('dir/Get', 20_000);
    const lenient = await loadInto(sectionsLoader({ onInvalid: 'skip' }), {
      collection: 'sections',
      root: site.root,
    });
    const warnings = lenient.logs.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toHaveLength(11);
    expect(warnings.slice(0, 10).every((w) => w.startsWith('sections: skipping a record: '))).toBe(true);
    expect(warnings[10]).toBe('sections: skipped 19990 more invalid records');
    expect(lenient.logs.text()).toMatch(/sections: 14 records .*14 written.*, 20000 invalid skipped/);

    const { error } = await tryLoadInto(sectionsLoader(), { collection: 'sections', root: site.root });
    expect(error?.message).toMatch(
      /^sections: a record is invalid at field id: .*\(19999 more invalid records\)/,
    );
  });

  it("onInvalid: 'skip' with not one valid record keeps the previous entries instead of emptying the collection", async () => {
    const store = await createStore();
    const good = service.site();
    await loadInto(sectionsLoader({ onInvalid: 'skip' }), { collection: 'sections', store, root: good.root });
    const kept = store.keys('sections').length;
    expect(kept).toBeGreaterThan(0);

    const broken = await service.siteThrough('dir/Get', (rows) => rows.map((r) => ({ ...r, id: 'x' })));
    const second = await loadInto(sectionsLoader({ onInvalid: 'skip' }), {
      collection: 'sections',
      store,
      root: broken.root,
    });
    expect(store.keys('sections')).toHaveLength(kept);
    const warnings = second.logs.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^sections: all \\d+ records the service sent are invalid; the first: record x is invalid at field id: .*; keeping ${kept} entries from the previous sync$`,
        ),
      ),
    ]);

    // With nothing to keep the empty answer goes through, unless onError says fail.
    const empty = await loadInto(sectionsLoader({ onInvalid: 'skip' }), {
      collection: 'sections',
      root: broken.root,
    });
    expect(empty.store.keys('sections')).toHaveLength(0);
    const { error } = await tryLoadInto(sectionsLoader({ onInvalid: 'skip', onError: 'fail' }), {
      collection: 'sections',
      root: broken.root,
    });
    expect(isSiteContentAstroError(error, 'invalid_record')).toBe(true);
    expect(error?.message).toMatch(
      /^sections: all \d+ records the service sent are invalid; the first: record x /,
    );
  });

  it('a flood of invalid products fails the default load at 1,000 of them, without reading the rest', async () => {
    const site = await service.siteWithEmptyRecords('goods/Get', 200_000);
    const { t, error } = await tryLoadInto(productsLoader(), { collection: 'products', root: site.root });
    expect(isSiteContentAstroError(error, 'invalid_record')).toBe(true);
    expect(error?.message).toMatch(
      /^products: a record is invalid at field id: .*\(at least 999 more invalid records\)\. Set onInvalid/,
    );
    expect(t.store.keys('products')).toHaveLength(0);
  });

  it('the goods/Get the products and modifications loaders share stops at 1,000 invalid records when the products loader fails on them', async () => {
    const site = await service.siteWithEmptyRecords('goods/Get', 200_000);
    const store = await createStore();
    const before = service.emu.stats.byOperation['goods/Get'] ?? 0;
    // The modifications loader starts the shared read; the products loader joins and asks it to stop.
    const [mods, products] = await Promise.allSettled([
      loadInto(modificationsLoader(), { collection: 'modifications', store, root: site.root }),
      loadInto(productsLoader(), { collection: 'products', store, root: site.root }),
    ]);
    expect((service.emu.stats.byOperation['goods/Get'] ?? 0) - before).toBe(1);
    expect(products.status).toBe('rejected');
    expect(String((products as PromiseRejectedResult).reason)).toMatch(
      /products: a record is invalid at field id: .*\(at least 999 more invalid records\)/,
    );
    expect(mods.status).toBe('rejected');
    expect(store.keys('products')).toHaveLength(0);
  });

  it('invalid modifications across many requests stop the default load at 1,000 the same way', async () => {
    const site = await service.siteWithEmptyRecords('goods/SkuGet', 100);
    const { error } = await tryLoadInto(modificationsLoader(), {
      collection: 'modifications',
      root: site.root,
    });
    expect(isSiteContentAstroError(error, 'invalid_record')).toBe(true);
    expect(error?.message).toMatch(
      /^modifications: a record is invalid at field id: .*\(at least 999 more invalid records\)/,
    );
  });

  it('a productUrl that leaves the site is an invalid record at field url', async () => {
    const productUrl = (p: { id: number }) => (p.id === 1 ? 'https://evil.example/p' : `/p/${p.id}`);
    const strict = await service.setup(productsLoader({ productUrl }), 'products');
    const error = await strict.load().catch((e: unknown) => e as Error);
    expect(error?.message).toMatch(
      /^products: record 1 is invalid at field url: "https:\/\/evil.example\/p" is not a root-relative path: must start with \//,
    );
    const lenient = await service.setup(productsLoader({ productUrl, onInvalid: 'skip' }), 'products');
    await lenient.load();
    expect(lenient.store.has('products', '1')).toBe(false);
    expect(lenient.store.get('products', '2')!.data.url).toBe('/p/2/');
    expect(lenient.logs.text()).toContain(
      'warn: products: skipping record 1: "https://evil.example/p" is not',
    );
  });

  it('a product whose image would load from another host is an invalid record at its image field', async () => {
    // `/\\img.evil.example\\/x.svg` is `//img.evil.example/x.svg` to a browser.
    const hostileImage = (rows: Record<string, unknown>[]) =>
      rows.map((row) =>
        String(row.id) === '1'
          ? {
              ...row,
              img: [{ id: 9, path: '/\\img.evil.example\\', image: 'x.svg', image_small: '', image_big: '' }],
            }
          : row,
      );
    const strictSite = await service.siteThrough('goods/Get', hostileImage);
    const { error } = await tryLoadInto(productsLoader(), { collection: 'products', root: strictSite.root });
    expect(error?.message).toMatch(
      /^products: record 1 is invalid at field img\.0\.path: .*off the site: must not contain a backslash/,
    );
    const lenientSite = await service.siteThrough('goods/Get', hostileImage);
    const lenient = await loadInto(productsLoader({ onInvalid: 'skip' }), {
      collection: 'products',
      root: lenientSite.root,
    });
    expect(lenient.store.has('products', '1')).toBe(false);
    expect(lenient.store.has('products', '2')).toBe(true);
    expect(JSON.stringify(lenient.store.values('products'))).not.toContain('evil.example');
  });

  it('onInvalid: fail names collection, record and field; skip warns and leaves the record out', async () => {
    service.emu.exec(`UPDATE modifications SET color = 'red' WHERE id = 2`);
    const strict = await service.setup(modificationsLoader(), 'modifications');
    const error = await strict.load().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(isSiteContentAstroError(error, 'invalid_record')).toBe(true);
    expect(error?.message).toMatch(/^modifications: record 2 is invalid at field color/);
    expect(strict.store.keys('modifications')).toHaveLength(0);

    const lenient = await service.setup(modificationsLoader({ onInvalid: 'skip' }), 'modifications');
    await lenient.load();
    expect(lenient.store.has('modifications', '2')).toBe(false);
    expect(lenient.store.has('modifications', '1')).toBe(true);
    expect(lenient.logs.lines.find((l) => l.level === 'warn')?.message).toMatch(
      /^modifications: skipping record 2: .*color/,
    );
  });
});
