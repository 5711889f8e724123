/**
 * `changedAt`: when an entry last changed, set by staging, kept while its record is unchanged, and
 * stored only where it is not the entry's own `dt` (`lastChanged()` reads either).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lastChanged } from '../src/index.js';
import { LOADER_VERSION_META_KEY } from '../src/sync/sync-item.js';
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
  it('a record first seen gets its dt, else the sync time; unchanged keeps it; a change moves it to the sync', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    const changedAt = (id: number) => lastChanged(t.store.get('things', String(id))!) as Date;
    const before = Date.now();
    await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b' },
    ]);
    expect(changedAt(1)).toEqual(added);
    // The date a record first seen is dated by is its own `dt`: not stored a second time.
    expect(t.store.get('things', '1')?.data).not.toHaveProperty('changedAt');
    const firstSync = changedAt(2).getTime();
    expect(firstSync).toBeGreaterThanOrEqual(before);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b' },
    ]);
    expect(changedAt(1)).toEqual(added);
    expect(changedAt(2).getTime()).toBe(firstSync);

    await sync(t, [
      { id: 1, title: 'a (new)', dt: added },
      { id: 2, title: 'b' },
    ]);
    expect(changedAt(1).getTime()).toBeGreaterThan(firstSync);
    expect(t.store.get('things', '1')?.data.changedAt).toEqual(changedAt(1));
    expect(changedAt(2).getTime()).toBe(firstSync);
  });

  it('a new loader version rebuilds every entry, and each keeps the time it had', async () => {
    const t = loaderContext(await createStore(), 'things', schema);
    await sync(t, [
      { id: 1, title: 'a', dt: added },
      { id: 2, title: 'b' },
    ]);
    const kept = t.store.get('things', '2')?.data.changedAt as Date;
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
