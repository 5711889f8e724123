/**
 * `syncEntries` on Astro's own store. A sync writes only what changed, since any write makes Astro
 * serialize the whole data store again, and leaves out what it cannot keep (invalid, duplicate).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SANITIZE_THREAD_MIN_ITEMS } from '../src/build-time/staging/staging.js';
import type { SyncItem } from '../src/build-time/staging/sync-item.js';
import { LOADER_VERSION, LOADER_VERSION_META_KEY } from '../src/build-time/staging/sync-item.js';
import { sanitizeHtml } from '../src/entries/sanitize.js';
import {
  createStore,
  loaderContext,
  recordItems,
  strictCommit,
  syncEntries,
  titledSchema,
} from './helpers/index.js';

const { onParseError, onDuplicate } = strictCommit;

describe('syncEntries on a real MutableDataStore', () => {
  it('writes once, then skips unchanged records before parsing, rewrites one change, removes deletions', async () => {
    const t = loaderContext(await createStore(), 'things', titledSchema);
    const first = [1, 2, 3].map((id) => ({ id, title: `t${id}` }));
    let counts = await syncEntries(t.ctx, recordItems(first), {
      fingerprint: 'f',
      onParseError,
      onDuplicate,
    });
    expect(counts).toMatchObject({ written: 3, unchanged: 0, removed: 0 });
    expect(t.counts.writes).toBe(3);

    t.reset();
    counts = await syncEntries(t.ctx, recordItems(first), { fingerprint: 'f', onParseError, onDuplicate });
    expect(counts).toMatchObject({ written: 0, unchanged: 3, removed: 0 });
    expect(t.counts).toEqual({ writes: 0, parses: 0, deletes: 0, metaWrites: 0 });

    t.reset();
    const changed = [
      { id: 1, title: 't1' },
      { id: 2, title: 'changed' },
    ];
    counts = await syncEntries(t.ctx, recordItems(changed), { fingerprint: 'f', onParseError, onDuplicate });
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
    const t = loaderContext(await createStore(), 'things', titledSchema);
    const recs = [{ id: 1, title: 'a' }];
    await syncEntries(t.ctx, recordItems(recs), { fingerprint: 'f1', onParseError, onDuplicate });
    const counts = await syncEntries(t.ctx, recordItems(recs), {
      fingerprint: 'f2',
      onParseError,
      onDuplicate,
    });
    expect(counts.written).toBe(1);
  });

  it('does a full reload when the stored loader version differs', async () => {
    const t = loaderContext(await createStore(), 'things', titledSchema);
    await syncEntries(t.ctx, recordItems([{ id: 1, title: 'a' }]), {
      fingerprint: 'f',
      onParseError,
      onDuplicate,
    });
    t.ctx.meta.set(LOADER_VERSION_META_KEY, '0');
    t.reset();
    const counts = await syncEntries(t.ctx, recordItems([{ id: 1, title: 'a' }]), {
      fingerprint: 'f',
      onParseError,
      onDuplicate,
    });
    expect(counts).toMatchObject({ fullReload: true, written: 1, unchanged: 0 });
    expect(t.ctx.meta.get(LOADER_VERSION_META_KEY)).toBe(LOADER_VERSION);
  });

  it('leaves out (and removes) an entry that fails the schema when told to skip', async () => {
    const t = loaderContext(await createStore(), 'things', titledSchema);
    await syncEntries(t.ctx, recordItems([{ id: 1, title: 'a' }]), {
      fingerprint: 'f',
      onParseError,
      onDuplicate,
    });
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

describe('duplicate entry ids', () => {
  it('keeps the first record, reports both and counts the rest', async () => {
    const t = loaderContext(await createStore(), 'things', titledSchema);
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
