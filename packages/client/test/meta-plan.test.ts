/**
 * Planning: which page's meta (an article's under its blog or news module) changes from what to what,
 * read from the service and shown inert.
 */
import { describe, expect, it } from 'vitest';
import { isSiteContentError } from '../src/errors/index.js';
import { formatPlan, planMetaChanges } from '../src/index.js';
import { articleMetaModule, indexModuleSections } from '../src/meta-sync/article-module.js';
import { diffMeta } from '../src/meta-sync/plan.js';
import { fakeMetaClient } from './meta-helpers/fake-meta-client.js';

describe('diffMeta', () => {
  it('compares only the fields present in the desired entry, exactly', () => {
    const current = { ttl: 'Old', dsc: 'Same', kwd: 'k', og_title: '', og_image: '/a.jpg' };
    expect(diffMeta(current, { md: 'goods', id: 1, ttl: 'New', dsc: 'Same', og_image: '/a.jpg ' })).toEqual([
      { field: 'ttl', from: 'Old', to: 'New' },
      { field: 'og_image', from: '/a.jpg', to: '/a.jpg ' },
    ]);
    expect(diffMeta(current, { md: 'goods', id: 1 })).toEqual([]);
  });

  it('treats a page without meta as all-empty', () => {
    expect(diffMeta(undefined, { md: 'dir', id: 2, ttl: '', dsc: 'D' })).toEqual([
      { field: 'dsc', from: '', to: 'D' },
    ]);
  });
});

describe('planMetaChanges', () => {
  it('reads every target and keeps only pages that change', async () => {
    const client = fakeMetaClient([
      { md: 'goods', id: 1, meta: { ttl: 'A', dsc: 'a' } },
      { md: 'goods', id: 2, meta: { ttl: 'B', dsc: 'b' } },
    ]);
    const plan = await planMetaChanges(client, [
      { md: 'goods', id: 1, ttl: 'A' },
      { md: 'goods', id: 2, ttl: 'B2', dsc: 'b' },
      { md: 'dir', id: 3, ttl: 'C' },
    ]);
    expect(client.calls).toMatchObject({ get: 3, update: 0 });
    expect(plan).toMatchObject({
      version: 1,
      sid: 1,
      entries: [
        { md: 'goods', id: 2, created: false, changes: [{ field: 'ttl', from: 'B', to: 'B2' }] },
        { md: 'dir', id: 3, created: true, changes: [{ field: 'ttl', from: '', to: 'C' }] },
      ],
      errors: [],
      counts: { targets: 3, changed: 2, unchanged: 1, fieldChanges: 2, errors: 0 },
    });
    // A plain serialisable object.
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
  });

  it('validates before reading anything', async () => {
    const client = fakeMetaClient();
    const error = await planMetaChanges(client, [{ md: 'goods', id: 0 }]).catch((e: unknown) => e);
    expect(isSiteContentError(error, 'invalid_desired_meta')).toBe(true);
    expect(client.calls.get).toBe(0);
  });

  it('lists unreadable targets as errors (key redacted) and plans the rest', async () => {
    const client = fakeMetaClient();
    client.failNext('get', 'goods', 1, 'HTTP 503 from http://h/v1/meta/Get?sid=1&key=SECRET&id=1');
    const plan = await planMetaChanges(client, [
      { md: 'goods', id: 1, ttl: 'x' },
      { md: 'goods', id: 2, ttl: 'y' },
    ]);
    expect(plan.errors).toEqual([
      { md: 'goods', id: 1, reason: 'HTTP 503 from http://h/v1/meta/Get?sid=1&key=***&id=1' },
    ]);
    expect(plan.counts).toMatchObject({ changed: 1, unchanged: 0, errors: 1 });
  });

  it('keeps at most `concurrency` reads in flight', async () => {
    const client = fakeMetaClient();
    let inFlight = 0;
    let peak = 0;
    const get = client.meta.get;
    (client.meta as { get: typeof get }).get = async (md, id) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      return get(md, id);
    };
    const desired = Array.from({ length: 30 }, (_, i) => ({ md: 'goods', id: i + 1, ttl: 't' }));
    const plan = await planMetaChanges(client, desired, { concurrency: 3 });
    expect(plan.counts.changed).toBe(30);
    expect(peak).toBe(3);
  });
});

describe('formatPlan', () => {
  it('shows old → new per field with counts, without colour by default', async () => {
    const client = fakeMetaClient([{ md: 'goods', id: 12, meta: { ttl: 'Old' } }]);
    const plan = await planMetaChanges(client, [
      { md: 'goods', id: 12, ttl: 'New', dsc: 'Fresh' },
      { md: 'dir', id: 1, ttl: '' },
    ]);
    expect(formatPlan(plan)).toBe(
      [
        '~ goods 12',
        '    ttl       "Old" → "New"',
        '    dsc       "" → "Fresh"',
        '1 page to update (2 field changes), 1 unchanged',
        '',
      ].join('\n'),
    );
    expect(formatPlan(plan, { color: true })).toContain('\u001b[');
  });

  it('lists the pages by module, then by number, whatever order they were planned in', async () => {
    const client = fakeMetaClient([]);
    const plan = await planMetaChanges(client, [
      { md: 'goods', id: 10, ttl: 'a' },
      { md: 'dir', id: 3, ttl: 'b' },
      { md: 'goods', id: 9, ttl: 'c' },
      { md: 'goods', id: 32, ttl: 'd' },
    ]);
    const pages = formatPlan(plan)
      .split('\n')
      .filter((line) => line.startsWith('+ ') || line.startsWith('~ '))
      .map((line) => line.slice(2, line.indexOf('  (') > 0 ? line.indexOf('  (') : undefined));
    expect(pages).toEqual(['dir 3', 'goods 9', 'goods 10', 'goods 32']);
  });

  it("shows the service's current meta inert: control and bidirectional characters escaped", async () => {
    const client = fakeMetaClient([
      { md: 'goods', id: 12, meta: { ttl: 'Old\u001b]0;owned\u0007\u009b2J\u202e' } },
    ]);
    const plan = await planMetaChanges(client, [{ md: 'goods', id: 12, ttl: 'New' }]);
    expect(formatPlan(plan)).toContain('    ttl       "Old\\u001b]0;owned\\u0007\\u009b2J\\u202e" → "New"\n');
  });
});

describe('articleMetaModule', () => {
  const sections = indexModuleSections([
    { id: 1, tx: 'blog', par: '' },
    { id: 2, tx: 'tips', par: 'blog' },
    { id: 3, tx: 'news', par: '' },
    { id: 4, tx: 'about', par: '' },
    { id: 5, tx: 'journal', par: 'about', tp: 'blog' },
    { id: 6, tx: 'Diary', par: '', tp: 'NEWS' },
    { id: 7, tx: 'News', par: 'blog', tp: '' },
    { id: 8, tx: 'loop-a', par: 'loop-b' },
    { id: 9, tx: 'loop-b', par: 'loop-a' },
  ]);
  it('maps by the nearest blog/news section up the tree, else article', () => {
    expect(articleMetaModule({ catid: 1 }, sections)).toBe('blog');
    expect(articleMetaModule({ catid: 2 }, sections)).toBe('blog');
    expect(articleMetaModule({ catid: 3 }, sections)).toBe('news');
    expect(articleMetaModule({ catid: 4 }, sections)).toBe('article');
    expect(articleMetaModule({ catid: 99 }, sections)).toBe('article');
    expect(articleMetaModule({ catid: 5 }, sections)).toBe('blog');
  });
  it('reads the type before the address, in any case, and the nearest section first', () => {
    expect(articleMetaModule({ catid: 6 }, sections)).toBe('news');
    expect(articleMetaModule({ catid: 7 }, sections)).toBe('news');
  });
  it('ends on a loop of parents', () => {
    expect(articleMetaModule({ catid: 8 }, sections)).toBe('article');
  });
});
