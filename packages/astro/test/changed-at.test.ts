/**
 * `changedAt`: when an entry last changed, set by staging, kept while its record is unchanged, and
 * stored only where it is not the entry's own `dt` (`lastChanged()` reads either).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOADER_VERSION_META_KEY } from '../src/build-time/staging/sync-item.js';
import { lastChanged } from '../src/index.js';
import { createStore, loaderContext, recordItems, strictCommit, syncEntries } from './helpers/index.js';

const schema = z.object({
  id: z.number(),
  title: z.string(),
  dt: z.date().optional(),
  changedAt: z.date().optional(),
});
type Row = { id: number; title: string; dt?: Date };
const handlers = { fingerprint: 'f', ...strictCommit };
const added = new Date('2024-05-06T07:08:09Z');
/** One sync of `rows` into the loader context of `t`. */
const sync = (t: ReturnType<typeof loaderContext>, rows: Row[]) =>
  syncEntries(t.ctx, recordItems(rows), handlers);

describe('changedAt', () => {
  it('the first sync dates records by their dt only; later, a new record gets its dt, else the sync time; a change moves it to the sync', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    const changedAt = (id: number) => lastChanged(t.store.get('things', String(id))!);
    await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b' },
    ]);
    expect(changedAt(1)).toEqual(added);
    // The date a record first seen is dated by is its own `dt`: not stored a second time.
    expect(t.store.get('things', '1')?.data).not.toHaveProperty('changedAt');
    // The first sync cannot tell when a record without a date changed: not the build's time.
    expect(changedAt(2)).toBeUndefined();

    const before = Date.now();
    await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b' },
      { id: 3, title: 'c' },
    ]);
    expect(changedAt(1)).toEqual(added);
    expect(changedAt(2)).toBeUndefined();
    const appeared = changedAt(3)!.getTime();
    expect(appeared).toBeGreaterThanOrEqual(before);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await sync(t, [
      { id: 1, title: 'a (new)', dt: added },
      { id: 2, title: 'b (new)' },
      { id: 3, title: 'c' },
    ]);
    expect(changedAt(1)!.getTime()).toBeGreaterThan(appeared);
    expect(t.store.get('things', '1')?.data.changedAt).toEqual(changedAt(1));
    expect(changedAt(2)).toEqual(changedAt(1));
    expect(changedAt(3)!.getTime()).toBe(appeared);
  });

  it('a new loader version rebuilds every entry, and each keeps the time it had', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b' },
    ]);
    await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b (changed since)' },
    ]);
    await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b' },
    ]);
    const kept = t.store.get('things', '2')?.data.changedAt as Date;
    expect(kept).toBeInstanceOf(Date);
    await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b' },
      { id: 3, title: 'c (changed since)', dt: added },
    ]);
    await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b' },
      { id: 3, title: 'c', dt: added },
    ]);
    const changed = t.store.get('things', '3')?.data.changedAt as Date;
    expect(changed.getTime()).toBeGreaterThan(added.getTime());
    t.ctx.meta.set(LOADER_VERSION_META_KEY, 'an older version');
    const counts = await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b' },
      { id: 3, title: 'c', dt: added },
    ]);
    expect(counts).toMatchObject({ fullReload: true, written: 3 });
    expect(t.store.get('things', '1')?.data).not.toHaveProperty('changedAt');
    expect(lastChanged(t.store.get('things', '1')!)).toEqual(added);
    expect(t.store.get('things', '2')?.data.changedAt).toEqual(kept);
    expect(t.store.get('things', '3')?.data.changedAt).toEqual(changed);
  });
});
