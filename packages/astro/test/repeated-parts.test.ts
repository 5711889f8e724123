/**
 * Entries share the objects of values that repeat across them, so that Astro's store, and the data
 * module a build inlines, hold each such value once.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SyncItem } from '../src/build-time/staging/sync-item.js';
import { createStore, loaderContext, strictCommit, syncEntries } from './helpers/index.js';

const { onParseError, onDuplicate } = strictCommit;

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
