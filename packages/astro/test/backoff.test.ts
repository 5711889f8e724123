/**
 * One shared client per integration: every collection loading at once stays under one concurrency
 * bound, and a 429 holds every collection's next request until `Retry-After` has passed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articlesLoader, modificationsLoader, productsLoader, sectionsLoader } from '../src/index.js';
import { countingProxy, createStore, type Emulator, emulator, loadInto, useSite } from './helpers/index.js';

let emu: Emulator;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
beforeAll(async () => {
  emu = await emulator({ faults: { rateLimit: 25, latencyMs: 5 } });
  proxy = await countingProxy(emu.url);
});
afterAll(async () => {
  await proxy.close();
  await emu.close();
});

it('all collections share one bound and back off together under the rate limit', async () => {
  const site = useSite({ url: proxy.url, key: emu.key, sid: emu.sid }, { concurrency: 4, retries: 10 });
  const store = await createStore();
  const loaders = {
    products: productsLoader({ seo: true }),
    sections: sectionsLoader({ seo: true }),
    articles: articlesLoader({ seo: true }),
    modifications: modificationsLoader(),
  };
  try {
    await Promise.all(
      Object.entries(loaders).map(([collection, loader]) =>
        loadInto(loader, { collection, store, root: site.root }),
      ),
    );
  } finally {
    await site.release();
  }

  expect(store.keys('products')).toHaveLength(32);
  // 63 demo modifications; the hidden product's one has no product entry to refer to.
  expect(store.keys('modifications')).toHaveLength(62);
  expect(proxy.state.total).toBeGreaterThan(90);
  // The server never saw more than the integration's bound, across all four collections.
  expect(proxy.state.peak).toBeLessThanOrEqual(4);
  // The rate limit did bite…
  expect(emu.stats.byStatus[429] ?? 0).toBeGreaterThan(0);
  expect(site.logs.text()).toContain('all collections wait');
  // …and after each 429 (Retry-After: 1) no collection sent anything until the second was over.
  for (const t429 of proxy.state.limited) {
    const during = proxy.state.arrivals.filter((t) => t > t429 + 100 && t < t429 + 800);
    expect(during).toEqual([]);
  }
  // Far fewer 429s than requests: the collections did not keep hammering each on its own.
  expect(emu.stats.byStatus[429]!).toBeLessThan(proxy.state.total / 4);
}, 60_000);

it('a retry that waits alone does not say that every collection waits', async () => {
  // Resets are network errors: each call retries on its own back-off, and the shared gate stays open.
  const flaky = await emulator({ faults: { resetRate: 0.3, seed: 3 } });
  const site = useSite({ url: flaky.url, key: flaky.key, sid: flaky.sid }, { retries: 10 });
  const store = await createStore();
  try {
    await loadInto(sectionsLoader({ seo: true }), { collection: 'sections', store, root: site.root });
  } finally {
    await site.release();
    await flaky.close();
  }
  expect(store.keys('sections').length).toBeGreaterThan(0);
  const retries = site.logs.lines.map((l) => l.message).filter((m) => /; retry \d+ in \d+ ms/.test(m));
  expect(retries.length).toBeGreaterThan(0);
  expect(retries.filter((line) => line.includes('all collections wait'))).toEqual([]);
}, 60_000);
