import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sanitizeHtml } from '../src/entries/sanitize.js';
import { stageEntries } from '../src/sync/stage-entries.js';
import { SANITIZE_THREAD_MIN_ITEMS } from '../src/sync/staging.js';
import type { ItemStream, SyncItem } from '../src/sync/sync-item.js';
import { LOADER_VERSION, LOADER_VERSION_META_KEY } from '../src/sync/sync-item.js';
import { createStore, loaderContext, syncEntries } from './helpers/index.js';

const schema = z.object({ id: z.number(), title: z.string() });
const items = (records: { id: number; title: string }[]): SyncItem[] =>
  records.map((r) => ({ id: String(r.id), digestInputs: r, build: () => ({ data: { ...r } }) }));
const onParseError = (_id: string, e: unknown) => {
  throw e;
};
const onDuplicate = () => {
  throw new Error('no duplicates expected');
};

describe('syncEntries on a real MutableDataStore', () => {
  it('writes once, then skips unchanged records before parsing, rewrites one change, removes deletions', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    const first = [1, 2, 3].map((id) => ({ id, title: `t${id}` }));
    let counts = await syncEntries(t.ctx, items(first), { fingerprint: 'f', onParseError, onDuplicate });
    expect(counts).toMatchObject({ written: 3, unchanged: 0, removed: 0 });
    expect(t.counts.writes).toBe(3);

    t.reset();
    counts = await syncEntries(t.ctx, items(first), { fingerprint: 'f', onParseError, onDuplicate });
    expect(counts).toMatchObject({ written: 0, unchanged: 3, removed: 0 });
    expect(t.counts).toEqual({ writes: 0, parses: 0, deletes: 0, metaWrites: 0 });

    t.reset();
    const changed = [
      { id: 1, title: 't1' },
      { id: 2, title: 'changed' },
    ];
    counts = await syncEntries(t.ctx, items(changed), { fingerprint: 'f', onParseError, onDuplicate });
    expect(counts).toMatchObject({ written: 1, unchanged: 1, removed: 1 });
    expect(t.counts).toEqual({ writes: 1, parses: 1, deletes: 1, metaWrites: 0 });
    expect(t.store.keys('things').sort()).toEqual(['1', '2']);
    expect(t.store.get('things', '2')?.data.title).toBe('changed');
  });

  it('sanitizes a large sync’s changed records on a worker thread, with the main thread’s results', async () => {
    const htmlSchema = z.object({ id: z.number(), title: z.string(), body: z.string() });
    const t = loaderContext(await createStore(), 'things', htmlSchema);
    const n = SANITIZE_THREAD_MIN_ITEMS + 300;
    const body = (id: number, mark = '') =>
      `<p id="p${id}" onclick="steal()">Item ${id}${mark}</p><script>alert(${id})</script>`;
    const records = (...changed: number[]) =>
      Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        title: i % 2 ? 'plain title' : 'teaser',
        body: body(i + 1, changed.includes(i + 1) ? ' (new)' : ''),
      }));
    const htmlItems = (recs: ReturnType<typeof records>): SyncItem[] =>
      recs.map((r) => ({
        id: String(r.id),
        digestInputs: r,
        html: [r.title, r.body],
        build: (clean) => ({ data: { id: r.id, title: clean(r.title), body: clean(r.body) } }),
      }));
    const sync = (recs: ReturnType<typeof records>) =>
      syncEntries(t.ctx, htmlItems(recs), { fingerprint: 'f', onParseError, onDuplicate });

    let counts = await sync(records());
    expect(counts).toMatchObject({ written: n, unchanged: 0 });
    // Only fragments with markup travel (the titles have none), and not the first batch's: the main
    // thread sanitizes those while the thread starts.
    expect(counts.sanitizedOnThread).toBe(n - 256);
    for (const id of [1, 2, 700, n]) {
      expect(t.store.get('things', String(id))?.data).toEqual({
        id,
        title: id % 2 ? 'teaser' : 'plain title',
        body: sanitizeHtml(body(id)),
      });
    }
    expect(t.store.get('things', '9')?.data.body).toBe('<p id="sc-p9">Item 9</p>');

    // Unchanged records are not sanitized again; a changed one is, alone.
    counts = await sync(records());
    expect(counts).toMatchObject({ written: 0, unchanged: n, sanitizedOnThread: 0 });
    counts = await sync(records(700));
    expect(counts).toMatchObject({ written: 1, unchanged: n - 1, sanitizedOnThread: 1 });
    expect(t.store.get('things', '700')?.data.body).toBe('<p id="sc-p700">Item 700 (new)</p>');
    // In the first batch, the main thread sanitizes it.
    counts = await sync(records(700, 42));
    expect(counts).toMatchObject({ written: 1, unchanged: n - 1, sanitizedOnThread: 0 });
    expect(t.store.get('things', '42')?.data.body).toBe('<p id="sc-p42">Item 42 (new)</p>');
  });

  it('sanitize: false keeps a large sync’s HTML as sent, with no worker thread', async () => {
    const htmlSchema = z.object({ id: z.number(), body: z.string() });
    const t = loaderContext(await createStore(), 'things', htmlSchema);
    const n = SANITIZE_THREAD_MIN_ITEMS + 300;
    const body = (id: number) => `<p onclick="steal()">Item ${id}</p><script>alert(${id})</script>`;
    const rawItems: SyncItem[] = Array.from({ length: n }, (_, i) => ({
      id: String(i + 1),
      digestInputs: i + 1,
      html: [body(i + 1)],
      build: (clean) => ({ data: { id: i + 1, body: clean(body(i + 1)) } }),
    }));
    const counts = await syncEntries(t.ctx, rawItems, {
      fingerprint: 'f',
      sanitize: false,
      onParseError,
      onDuplicate,
    });
    expect(counts).toMatchObject({ written: n, sanitizedOnThread: 0 });
    for (const id of [1, 700, n]) expect(t.store.get('things', String(id))?.data.body).toBe(body(id));
  });

  it('rewrites everything when the options fingerprint changes', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    const recs = [{ id: 1, title: 'a' }];
    await syncEntries(t.ctx, items(recs), { fingerprint: 'f1', onParseError, onDuplicate });
    const counts = await syncEntries(t.ctx, items(recs), { fingerprint: 'f2', onParseError, onDuplicate });
    expect(counts.written).toBe(1);
  });

  it('does a full reload when the stored loader version differs', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    await syncEntries(t.ctx, items([{ id: 1, title: 'a' }]), { fingerprint: 'f', onParseError, onDuplicate });
    t.ctx.meta.set(LOADER_VERSION_META_KEY, '0');
    t.reset();
    const counts = await syncEntries(t.ctx, items([{ id: 1, title: 'a' }]), {
      fingerprint: 'f',
      onParseError,
      onDuplicate,
    });
    expect(counts).toMatchObject({ fullReload: true, written: 1, unchanged: 0 });
    expect(t.ctx.meta.get(LOADER_VERSION_META_KEY)).toBe(LOADER_VERSION);
  });

  it('leaves out (and removes) an entry that fails the schema when told to skip', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    await syncEntries(t.ctx, items([{ id: 1, title: 'a' }]), { fingerprint: 'f', onParseError, onDuplicate });
    const bad: SyncItem = { id: '1', digestInputs: 'bad', build: () => ({ data: { id: 'nope' } }) };
    const seen: string[] = [];
    const counts = await syncEntries(t.ctx, [bad], {
      fingerprint: 'f',
      onParseError: (id) => seen.push(id),
      onDuplicate,
    });
    expect(seen).toEqual(['1']);
    expect(counts).toMatchObject({ invalid: 1, removed: 1 });
  });
});

/** A gate a test opens by hand: `wait()` settles once `open()` is called. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait: () => opened };
}

/** Items `from` the records, handed out one by one; after `pauseAfter` items the stream waits for `resume`. */
function pausedStream(
  recs: { id: number; title: string }[],
  pauseAfter: number,
  resume: Promise<void>,
  failure?: Error,
): ItemStream {
  async function* inOrder() {
    for (const [i, item] of items(recs).entries()) {
      if (i === pauseAfter) {
        await resume;
        if (failure) throw failure;
      }
      await new Promise((r) => setImmediate(r));
      yield item;
    }
  }
  return Object.assign(inOrder(), { length: recs.length });
}

describe('stageEntries: entries built while records arrive, written at commit', () => {
  const recs = (n: number, title = 't') =>
    Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `${title}${i + 1}` }));

  it('builds and parses the first entries before the stream ends, and writes nothing before the commit', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    const resume = gate();
    const staging = stageEntries(t.ctx, pausedStream(recs(600), 520, resume.wait()), { fingerprint: 'f' });
    // The stream has handed out 520 of 600 items and waits: two full batches of 256 are built.
    await vi.waitFor(() => expect(t.counts.parses).toBe(512));
    expect(t.counts.writes).toBe(0);
    expect(t.store.keys('things')).toEqual([]);
    resume.open();
    const result = await staging;
    if (!result.ok) throw result.fetchError;
    expect(t.counts.parses).toBe(600);
    expect(t.store.keys('things')).toEqual([]);
    const counts = result.staged.commit({ onParseError, onDuplicate });
    expect(counts).toMatchObject({ written: 600, unchanged: 0, removed: 0 });
    expect(result.staged.items).toBe(600);
    expect(t.store.get('things', '600')?.data.title).toBe('t600');
  });

  it('a fetch failing mid-stream comes back as fetchError and leaves the store as it was', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    await syncEntries(t.ctx, items(recs(600)), { fingerprint: 'f', onParseError, onDuplicate });
    t.reset();
    const boom = new Error('meta/Get failed');
    const resume = gate();
    const staging = stageEntries(t.ctx, pausedStream(recs(600, 'new'), 300, resume.wait(), boom), {
      fingerprint: 'f',
    });
    await vi.waitFor(() => expect(t.counts.parses).toBe(256));
    resume.open();
    const result = await staging;
    expect(result).toEqual({ ok: false, fetchError: boom });
    expect(t.counts).toEqual({ writes: 0, parses: 256, deletes: 0, metaWrites: 0 });
    expect(t.store.keys('things')).toHaveLength(600);
    expect(t.store.get('things', '1')?.data.title).toBe('t1');
  });

  it('takes a stream of unknown length, counts what came and sanitizes its HTML as a large sync does', async () => {
    const htmlSchema = z.object({ id: z.number(), body: z.string() });
    const t = loaderContext(await createStore(), 'things', htmlSchema);
    const n = 700;
    const body = (id: number) => `<p onclick="steal()">Item ${id}</p><script>alert(${id})</script>`;
    async function* unknownLength(): AsyncGenerator<SyncItem> {
      for (let id = 1; id <= n; id++) {
        yield {
          id: String(id),
          digestInputs: id,
          html: [body(id)],
          build: (clean) => ({ data: { id, body: clean(body(id)) } }),
        };
      }
    }
    const result = await stageEntries(t.ctx, unknownLength(), { fingerprint: 'f' });
    if (!result.ok) throw result.fetchError;
    expect(result.staged.items).toBe(n);
    // Length unknown: the batches after the first go to the thread, as in a sync of 1,000 or more.
    const counts = result.staged.commit({ onParseError, onDuplicate });
    expect(counts).toMatchObject({ written: n, sanitizedOnThread: n - 256 });
    for (const id of [1, 300, n])
      expect(t.store.get('things', String(id))?.data.body).toBe(sanitizeHtml(body(id)));
  });

  it('a fetch failing before any item (the source promise) is a fetchError too', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    const boom = new Error('goods/Get failed');
    expect(await stageEntries(t.ctx, Promise.reject(boom), { fingerprint: 'f' })).toEqual({
      ok: false,
      fetchError: boom,
    });
  });

  it('a schema failure that fails the sync at commit writes nothing at all', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    await syncEntries(t.ctx, items(recs(3)), { fingerprint: 'f', onParseError, onDuplicate });
    t.reset();
    const next: SyncItem[] = [
      ...items([{ id: 1, title: 'changed' }]),
      { id: '2', digestInputs: 'bad', build: () => ({ data: { id: 'nope' } }) },
      ...items([{ id: 4, title: 'added' }]),
    ];
    await expect(syncEntries(t.ctx, next, { fingerprint: 'f', onParseError, onDuplicate })).rejects.toThrow();
    expect(t.counts.writes).toBe(0);
    expect(t.counts.deletes).toBe(0);
    expect(t.store.keys('things').sort()).toEqual(['1', '2', '3']);
    expect(t.store.get('things', '1')?.data.title).toBe('t1');
  });

  it('tells the handlers of duplicates and schema failures at commit, in the order met', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    const heard: string[] = [];
    const result = await stageEntries(
      t.ctx,
      [
        ...items([{ id: 1, title: 'a' }]),
        { id: '2', digestInputs: 'bad', build: () => ({ data: { id: 'nope' } }) },
        ...items([{ id: 1, title: 'again' }]),
      ],
      { fingerprint: 'f' },
    );
    if (!result.ok) throw result.fetchError;
    expect(heard).toEqual([]);
    const counts = result.staged.commit({
      onParseError: (id) => heard.push(`invalid ${id}`),
      onDuplicate: (id) => heard.push(`duplicate ${id}`),
    });
    expect(heard).toEqual(['invalid 2', 'duplicate 1']);
    expect(counts).toMatchObject({ written: 1, invalid: 1, duplicates: 1 });
    expect(() => result.staged.commit({ onParseError, onDuplicate })).toThrow(/already committed/);
  });

  it('gives the event loop turns while records arrive, so answers are read during a long build', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    // Each build takes 2 ms of main-thread work; without turns, 256 of them would block for 512 ms.
    const slow = (recs: { id: number; title: string }[]): SyncItem[] =>
      items(recs).map((item) => ({
        ...item,
        build: (clean) => {
          const until = performance.now() + 2;
          while (performance.now() < until);
          return item.build(clean);
        },
      }));
    const longest = { gap: 0 };
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest.gap = Math.max(longest.gap, now - last);
      last = now;
    }, 1);
    const resume = gate();
    const all = slow(recs(300));
    async function* arriving() {
      for (const [i, item] of all.entries()) {
        if (i === 257) await resume.wait();
        yield item;
      }
    }
    const staging = stageEntries(t.ctx, Object.assign(arriving(), { length: all.length }), {
      fingerprint: 'f',
    });
    await vi.waitFor(() => expect(t.counts.parses).toBe(256));
    clearInterval(timer);
    resume.open();
    await staging;
    // The timer ran throughout the first batch's 512 ms of building, at most a slice (4 ms) late; the
    // bound leaves room for a busy machine (a 2-core CI runner has stalled it past 100 ms) and still
    // fails at half the stall that building without turns gives.
    expect(longest.gap).toBeLessThan(250);
  });
});

describe('duplicate entry ids', () => {
  it('keeps the first record, reports both and counts the rest', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    const twice: SyncItem[] = [
      { id: 'a', recordId: 3, digestInputs: 1, build: () => ({ data: { id: 3, title: 'first' } }) },
      { id: 'b', recordId: 4, digestInputs: 2, build: () => ({ data: { id: 4, title: 'other' } }) },
      { id: 'a', recordId: 9, digestInputs: 3, build: () => ({ data: { id: 9, title: 'second' } }) },
    ];
    const reports: unknown[] = [];
    const counts = await syncEntries(t.ctx, twice, {
      fingerprint: 'f',
      onParseError,
      onDuplicate: (...args) => reports.push(args),
    });
    expect(reports).toEqual([['a', 3, 9]]);
    expect(counts).toMatchObject({ written: 2, duplicates: 1 });
    expect(t.store.get('things', 'a')?.data.title).toBe('first');
  });
});

describe('syncEntries shares repeated parts of entries', () => {
  const partSchema = z.object({
    id: z.number(),
    source: z.object({ title: z.enum(['service', 'fallback']) }),
    section: z.object({ collection: z.string(), id: z.string() }),
    urls: z.object({ image: z.string() }),
    dt: z.date(),
    sku: z.array(z.object({ price: z.number(), extra: z.record(z.string(), z.unknown()) })),
    extra: z.record(z.string(), z.unknown()),
  });
  const record = (id: number) => ({
    id,
    source: { title: id % 2 ? 'service' : 'fallback' },
    section: { collection: 'sections', id: `s${id % 3}` },
    urls: { image: `https://shop.example/img/${id}.jpg` },
    // Four days among twelve records: a shop that dates its products by day.
    dt: new Date(Date.UTC(2025, 0, 1 + (id % 4))),
    sku: [{ price: id, extra: {} }],
    extra: id === 5 ? { badge: 'new' } : {},
  });

  const cloned = (recs: ReturnType<typeof record>[]): SyncItem[] =>
    recs.map((r) => ({ id: String(r.id), digestInputs: r, build: () => ({ data: structuredClone(r) }) }));

  it('stores one object per distinct value, with every entry equal to what it was built from', async () => {
    const t = loaderContext(await createStore(), 'things', partSchema);
    const recs = Array.from({ length: 12 }, (_, i) => record(i + 1));
    await syncEntries(t.ctx, cloned(recs), { fingerprint: 'f', onParseError, onDuplicate });
    const data = (id: number) => t.store.get('things', String(id))!.data as ReturnType<typeof record>;
    for (const r of recs) expect(data(r.id)).toEqual(r);

    // The same value of a field, the same object across entries: top-level fields and array items.
    expect(data(1).source).toBe(data(3).source);
    expect(data(2).source).not.toBe(data(1).source);
    expect(data(1).section).toBe(data(4).section);
    expect(data(1).extra).toBe(data(2).extra);
    expect(data(1).sku[0]!.extra).toBe(data(7).sku[0]!.extra);
    expect(data(1).dt).toBe(data(5).dt);
    expect(data(1).dt).not.toBe(data(2).dt);
    expect(data(5).extra).toEqual({ badge: 'new' });
    // Values that never repeat stay each entry's own.
    expect(data(1).urls).not.toBe(data(2).urls);

    // What Astro writes (and the build inlines) holds each shared value once.
    const written = t.store.toString();
    expect(written.match(/"badge"/g)).toHaveLength(1);
    expect(written.match(/\{"title":\d+\}/g)).toHaveLength(2);
    expect(written.match(/\{"collection":\d+,"id":\d+\}/g)).toHaveLength(3);
    expect(written.match(/\["Date","/g)).toHaveLength(4);
  });

  it('stops sharing a field once it shows more distinct values than are worth keeping', async () => {
    const t = loaderContext(await createStore(), 'things', partSchema);
    const recs = Array.from({ length: 1100 }, (_, i) => ({
      ...record(i + 1),
      section: { collection: 'sections', id: `s${i}` },
    }));
    const twin = { ...record(2000), section: { collection: 'sections', id: 's1099' } };
    await syncEntries(t.ctx, cloned([...recs, twin]), { fingerprint: 'f', onParseError, onDuplicate });
    const section = (id: number) => t.store.get('things', String(id))!.data.section;
    expect(section(2000)).toEqual(section(1100));
    expect(section(2000)).not.toBe(section(1100));
    expect(t.store.get('things', '1')!.data.source).toBe(t.store.get('things', '1099')!.data.source);
  });
});
