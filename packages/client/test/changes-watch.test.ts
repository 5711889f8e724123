// One change cycle (what `sitecontent watch` repeats and a scheduled function runs once) against the
// emulator, through a proxy that can lag like a replica, with a site that records purges and build
// hooks: a change is purged only once a read confirms its new state, each page that shows it and no
// other; a failed purge or build hook is tried again next cycle; a failed read saves nothing.
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CycleOptions, memoryStateStore, runChangeCycle, watchChanges } from '../src/changes/index.js';
import { createClient, type SiteContentClient } from '../src/index.js';
import type { Product } from '../src/schemas/records.js';
import {
  type RecordingSite,
  type ServiceProxy,
  startRecordingSite,
  startServiceProxy,
} from './helpers/change-servers.js';
import { TEST_KEY } from './helpers/server.js';

const TOKEN = 'purge-token-0c4e';
let emu: Emulator;
let proxy: ServiceProxy;
let site: RecordingSite;
let writer: SiteContentClient;
let reader: SiteContentClient;
let phones: Product[];
/** Visible products outside the phones section, for the tests that edit several. */
let others: Product[];

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo', keys: { [TEST_KEY]: [1] } });
  proxy = await startServiceProxy(emu.url);
  site = await startRecordingSite();
  writer = createClient({ baseUrl: emu.url, apiKey: TEST_KEY, sid: 1 });
  reader = createClient({ baseUrl: proxy.url, apiKey: TEST_KEY, sid: 1, retries: 0 });
  phones = (await writer.products.list({ cattx: 'phones' })).filter((p) => p.shw);
  others = (await writer.products.list()).filter((p) => p.shw && p.cattx !== 'phones');
});

afterAll(async () => {
  await reader?.close();
  await writer?.close();
  await site?.close();
  await proxy?.close();
  await emu?.close();
});

beforeEach(() => {
  site.posts.length = 0;
  site.status = 200;
});

/** A cycle's options over a fresh memory store: purging at the recording site, posting its hook. */
const cycleOptions = (more: Partial<CycleOptions> = {}): CycleOptions => ({
  client: reader,
  store: memoryStateStore(),
  purge: { siteUrl: site.url, token: TOKEN },
  buildHook: `${site.url}/hooks/secret-hook-id`,
  ...more,
});

describe('runChangeCycle', () => {
  it('a first cycle records the catalog and purges nothing; an unchanged catalog purges nothing', async () => {
    const options = cycleOptions();
    const first = await runChangeCycle(options);
    expect(first).toMatchObject({ first: true, changes: [], purgeRequests: 0, buildHook: 'none' });
    const second = await runChangeCycle(options);
    expect(second).toMatchObject({ first: false, changes: [], done: [], pending: [], buildHook: 'none' });
    expect(site.posts).toEqual([]);
  });

  it('purges the edited product page and its listing, no other product, and posts the hook once', async () => {
    const options = cycleOptions();
    await runChangeCycle(options);
    const [edited, other] = phones as [Product, Product];
    await writer.products.update(edited.id, { zag: 'Aurora X1, edited' });
    const report = await runChangeCycle(options);
    expect(report.done.map((c) => c.id)).toEqual([edited.id]);
    expect(report.pending).toEqual([]);
    expect(site.purges()).toEqual([{ products: [String(edited.id)], sections: ['phones'] }]);
    expect(JSON.stringify(site.purges())).not.toContain(`"${other.id}"`);
    const purge = site.posts.find((p) => p.path === '/_sitecontent/purge')!;
    expect(purge.authorization).toBe(`Bearer ${TOKEN}`);
    expect(site.posts.filter((p) => p.path === '/hooks/secret-hook-id')).toHaveLength(1);
    expect(report).toMatchObject({ purgeRequests: 1, buildHook: 'posted', errors: [] });
    // Cost: the read, then one read by id to confirm the change.
    expect(report.serviceRequests).toBe(report.counts.sections + 3);
  });

  it('a lagging replica: the change waits until a read shows the new state, then its page is purged', async () => {
    const options = cycleOptions();
    const product = phones[1]!;
    await reader.products.list({ id: product.id }); // what the lagging replica will still answer
    await runChangeCycle(options);
    await writer.products.update(product.id, { zag: 'Seen on the primary first' });
    const byId = (url: string) => new URL(url, 'http://x').searchParams.get('id') === String(product.id);
    proxy.lag((url) => url.startsWith('/v1/goods/Get?') && byId(url), 1);
    const lagging = await runChangeCycle(options);
    expect(lagging.changes.map((c) => c.id)).toEqual([product.id]);
    expect(lagging.done).toEqual([]);
    expect(lagging.pending.map((c) => [c.id, c.type])).toEqual([[product.id, 'changed']]);
    expect(site.posts).toEqual([]);
    // The next cycle reads the same digests (no new difference) but the pending change is confirmed now.
    const caughtUp = await runChangeCycle(options);
    expect(caughtUp.done.map((c) => c.id)).toEqual([product.id]);
    expect(caughtUp.pending).toEqual([]);
    expect(site.purges()).toEqual([{ products: [String(product.id)], sections: ['phones'] }]);
    expect((await runChangeCycle(options)).changes).toEqual([]);
  });

  it('a purge the site refuses stays pending and is sent again next cycle; the hook waits for it', async () => {
    const options = cycleOptions();
    await runChangeCycle(options);
    const product = phones[2]!;
    await writer.products.update(product.id, { stxt: 'New teaser' });
    site.status = 503;
    const refused = await runChangeCycle(options);
    expect(refused.done).toEqual([]);
    expect(refused.pending.map((c) => c.id)).toEqual([product.id]);
    expect(refused.errors).toEqual([`purge at ${site.url}/_sitecontent/purge failed: down for maintenance`]);
    expect(refused.buildHook).toBe('none');
    site.status = 200;
    site.posts.length = 0;
    const retried = await runChangeCycle(options);
    expect(retried.done.map((c) => c.id)).toEqual([product.id]);
    expect(site.purges()).toEqual([{ products: [String(product.id)], sections: ['phones'] }]);
    expect(retried.buildHook).toBe('posted');
  });

  it('a build hook that fails is posted again next cycle even without a new change; its path is never shown', async () => {
    const options = cycleOptions({ purge: undefined });
    await runChangeCycle(options);
    await writer.products.update(phones[3]!.id, { vendor: 'Lumen' });
    site.status = 500;
    const failed = await runChangeCycle(options);
    expect(failed.buildHook).toBe('failed');
    expect(failed.errors).toEqual([`build hook at ${site.url}/… failed: HTTP 500`]);
    expect(failed.errors.join()).not.toContain('secret-hook-id');
    site.status = 200;
    const again = await runChangeCycle(options);
    expect(again.changes).toEqual([]);
    expect(again.buildHook).toBe('posted');
    expect((await runChangeCycle(options)).buildHook).toBe('none');
  });

  it('a read that fails rejects and leaves the saved state as it was', async () => {
    const store = memoryStateStore();
    const options = cycleOptions({ store });
    await runChangeCycle(options);
    const saved = store.text;
    await writer.products.update(phones[4]!.id, { zag: 'Edited in an outage' });
    proxy.failing.add('article/Get');
    await expect(runChangeCycle(options)).rejects.toThrow(/article\/Get.*503/);
    proxy.failing.clear();
    expect(store.text).toBe(saved);
    expect(site.posts).toEqual([]);
    expect((await runChangeCycle(options)).done.map((c) => c.id)).toEqual([phones[4]!.id]);
  });
});

describe('runChangeCycle with several changes', () => {
  it('one purge names them all and the build hook is posted once', async () => {
    const options = cycleOptions();
    await runChangeCycle(options);
    const [a, b] = others as [Product, Product];
    await writer.products.update(a.id, { zag: 'First of two' });
    await writer.products.update(b.id, { zag: 'Second of two' });
    const report = await runChangeCycle(options);
    expect(report.done.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect(site.purges()).toHaveLength(1);
    expect(site.purges()[0]?.products?.sort()).toEqual([String(a.id), String(b.id)].sort());
    expect(site.posts.filter((p) => p.path === '/hooks/secret-hook-id')).toHaveLength(1);
  });
});

describe('watchChanges', () => {
  it('stops mid-cycle when the signal aborts: no line for that cycle, the state and the site untouched', async () => {
    const slow = await startEmulator({ seed: 'demo', keys: { [TEST_KEY]: [1] }, faults: { latencyMs: 200 } });
    const client = createClient({ baseUrl: slow.url, apiKey: TEST_KEY, sid: 1 });
    try {
      const store = memoryStateStore();
      await runChangeCycle({ ...cycleOptions({ store }), client });
      const saved = store.text;
      await writer.products.update(others[2]!.id, { zag: 'Edited while stopping' });
      const lines: string[] = [];
      const stop = new AbortController();
      const started = performance.now();
      setTimeout(() => stop.abort(), 150);
      await watchChanges({
        ...cycleOptions({ store }),
        client,
        intervalMs: 60_000,
        signal: stop.signal,
        log: (l) => lines.push(l),
      });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(lines).toEqual([]);
      expect(store.text).toBe(saved);
      expect(site.posts).toEqual([]);
    } finally {
      await client.close();
      await slow.close();
    }
  });

  it('one line per cycle until the signal aborts; a failed cycle is a line too, and the loop goes on', async () => {
    const lines: string[] = [];
    const stop = new AbortController();
    proxy.failing.add('dir/Get');
    const watching = watchChanges({
      ...cycleOptions(),
      intervalMs: 20,
      signal: stop.signal,
      log: (line) => {
        lines.push(line);
        if (lines.length === 1) proxy.failing.clear();
        if (lines.length === 3) stop.abort();
      },
    });
    await watching;
    expect(lines[0]).toMatch(/^cycle 1: failed, state kept: .*dir\/Get.*503/);
    expect(lines[1]).toMatch(
      /^cycle 2: first read, recorded \d+ products, \d+ sections, \d+ articles; \d+ service requests, 0 purge, [\d.]+ s$/,
    );
    expect(lines[2]).toMatch(/^cycle 3: no changes; \d+ service requests, 0 purge, [\d.]+ s$/);
    expect(lines).toHaveLength(3);
  });
});
