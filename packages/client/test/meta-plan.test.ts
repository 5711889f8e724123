import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '../src/errors/index.js';
import {
  applyMetaPlan,
  articleMetaModule,
  diffMeta,
  formatPlan,
  indexModuleSections,
  isDesiredMetaError,
  isMetaWriteBackError,
  type MetaApplyProgress,
  planMetaChanges,
  runMetaWriteBack,
} from '../src/meta-sync/index.js';
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
    expect(isDesiredMetaError(error)).toBe(true);
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

describe('applyMetaPlan', () => {
  it('writes only what differs, reports progress, and is idempotent', async () => {
    const client = fakeMetaClient([{ md: 'goods', id: 1, meta: { ttl: 'A', dsc: 'a' } }]);
    const plan = await planMetaChanges(client, [
      { md: 'goods', id: 1, ttl: 'A2', dsc: 'a' },
      { md: 'blog', id: 7, dsc: 'Post' },
    ]);
    const events: MetaApplyProgress[] = [];
    const report = await applyMetaPlan(client, plan, { onProgress: (e) => events.push(e) });
    expect(report.counts).toEqual({ total: 2, updated: 2, unchanged: 0, failed: 0 });
    expect(client.calls.updates).toEqual([
      { md: 'goods', id: 1, fields: { ttl: 'A2' } },
      { md: 'blog', id: 7, fields: { dsc: 'Post' } },
    ]);
    expect(events.map((e) => `${e.done}/${e.total} ${e.outcome}`).sort()).toEqual([
      '1/2 updated',
      '2/2 updated',
    ]);

    const again = await applyMetaPlan(client, plan);
    expect(again.counts).toEqual({ total: 2, updated: 0, unchanged: 2, failed: 0 });
    expect(client.calls.update).toBe(2);
  });

  it('re-reads before writing: a field someone already set is not sent', async () => {
    const client = fakeMetaClient();
    const plan = await planMetaChanges(client, [{ md: 'goods', id: 1, ttl: 'T', dsc: 'D' }]);
    await client.meta.update('goods', 1, { ttl: 'T' });
    const report = await applyMetaPlan(client, plan);
    expect(report.updated).toEqual([{ md: 'goods', id: 1, fields: ['dsc'] }]);
    expect(client.calls.updates.at(-1)).toEqual({ md: 'goods', id: 1, fields: { dsc: 'D' } });
  });

  it('reports failures with the message and completes them on a second run', async () => {
    const client = fakeMetaClient();
    const plan = await planMetaChanges(client, [
      { md: 'goods', id: 1, ttl: 'one' },
      { md: 'goods', id: 2, ttl: 'two' },
      { md: 'goods', id: 3, ttl: 'three' },
    ]);
    client.failNext('update', 'goods', 2, 'socket hang up: http://x/v1/meta/Set?key=abc');
    client.failNext('get', 'goods', 3, 'HTTP 503');
    const first = await applyMetaPlan(client, plan, { concurrency: 1 });
    expect(first.counts).toEqual({ total: 3, updated: 1, unchanged: 0, failed: 2 });
    expect(first.failed).toEqual([
      { md: 'goods', id: 2, stage: 'write', reason: 'socket hang up: http://x/v1/meta/Set?key=***' },
      { md: 'goods', id: 3, stage: 'read', reason: 'HTTP 503' },
    ]);
    const writesBefore = client.calls.update;
    const second = await applyMetaPlan(client, plan, { concurrency: 1 });
    expect(second.counts).toEqual({ total: 3, updated: 2, unchanged: 1, failed: 0 });
    // goods 1 (written in the first run) is not sent again.
    expect(client.calls.updates.slice(writesBefore).map((u) => u.id)).toEqual([2, 3]);
  });

  it('never sends a target twice in one run, even when a hand-made plan repeats it', async () => {
    const client = fakeMetaClient();
    const plan = {
      entries: [
        { md: 'goods', id: 1, created: true, changes: [{ field: 'ttl' as const, from: '', to: 'x' }] },
        { md: 'goods', id: 1, created: true, changes: [{ field: 'ttl' as const, from: '', to: 'x' }] },
      ],
    };
    await expect(applyMetaPlan(client, plan)).rejects.toThrow(/duplicate target/);
    expect(client.calls.get + client.calls.update).toBe(0);
  });

  it('starts no further page after a failure no page escapes (the key refused)', async () => {
    const client = fakeMetaClient();
    const desired = Array.from({ length: 10 }, (_, i) => ({ md: 'goods', id: i + 1, ttl: 't' }));
    const plan = await planMetaChanges(client, desired);
    const refused = new AuthError({ operation: 'meta/Set', url: 'http://h/v1/meta/Set?key=k', status: 401 });
    const update = client.meta.update;
    (client.meta as { update: typeof update }).update = async (md, id, fields) => {
      if (id === 3) throw refused;
      return update(md, id, fields);
    };
    const report = await applyMetaPlan(client, plan, { concurrency: 1 });
    expect(report.aborted).toBe(false);
    expect(report.counts).toMatchObject({ updated: 2, failed: 8 });
    expect(report.failed[0]).toMatchObject({ id: 3, stage: 'write', code: 'auth' });
    expect(report.failed[0]?.reason).toMatch(/meta\/Set failed with HTTP 401/);
    expect(report.failed[1]).toMatchObject({
      id: 4,
      stage: 'aborted',
      reason: `not sent: another page failed with ${report.failed[0]?.reason}`,
    });
    // The plan's 10 reads, then the re-reads of pages 1 to 3 before their writes.
    expect(client.calls.get).toBe(10 + 3);
  });

  it('stops starting pages once aborted and reports the rest as not sent', async () => {
    const client = fakeMetaClient();
    const desired = Array.from({ length: 10 }, (_, i) => ({ md: 'goods', id: i + 1, ttl: 't' }));
    const plan = await planMetaChanges(client, desired);
    const controller = new AbortController();
    const report = await applyMetaPlan(client, plan, {
      concurrency: 1,
      signal: controller.signal,
      onProgress: (e) => {
        if (e.done === 3) controller.abort();
      },
    });
    expect(report.aborted).toBe(true);
    expect(report.counts).toMatchObject({ updated: 3, failed: 7 });
    expect(report.failed[0]).toMatchObject({ stage: 'aborted', reason: 'not sent: the run was aborted' });
    expect(client.calls.update).toBe(3);
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

describe('runMetaWriteBack', () => {
  const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

  it('logs the plan and writes nothing without write: true', async () => {
    const client = fakeMetaClient();
    const log = logger();
    const result = await runMetaWriteBack({
      client,
      desired: [{ md: 'goods', id: 1, ttl: 'x'.repeat(70) }],
      write: false,
      logger: log,
      dryRunHint: 'set SITECONTENT_WRITE=1 to apply them',
    });
    expect(result.applied).toBe(false);
    expect(client.calls.update).toBe(0);
    expect(log.warn).toHaveBeenCalledWith(
      'meta: entry 1 (md=goods id=1): ttl: 70 characters, longer than the usual 60',
    );
    const infos = log.info.mock.calls.map((c) => c[0] as string);
    expect(infos).toContain('+ goods 1  (no meta yet)');
    expect(infos.at(-1)).toMatch(/dry run.*SITECONTENT_WRITE=1/);
  });

  it('applies with write: true, then finds nothing to do', async () => {
    const client = fakeMetaClient();
    const desired = [{ md: 'goods', id: 1, ttl: 'T' }];
    const first = await runMetaWriteBack({ client, desired, write: true, logger: logger() });
    expect(first.report?.counts.updated).toBe(1);
    const second = await runMetaWriteBack({ client, desired, write: true, logger: logger() });
    expect(second.applied).toBe(false);
    expect(second.plan.counts.changed).toBe(0);
    expect(client.calls.update).toBe(1);
  });

  it('throws a DesiredMetaError for invalid input before any request', async () => {
    const client = fakeMetaClient();
    const error = await runMetaWriteBack({
      client,
      desired: [{ md: 'goods' }],
      write: true,
      logger: logger(),
    }).catch((e: unknown) => e);
    expect(isDesiredMetaError(error)).toBe(true);
    expect(client.calls.get).toBe(0);
  });

  it('says once when no page can be read (the key refused), and writes nothing', async () => {
    const refusing = () => {
      const client = fakeMetaClient();
      (client.meta as { get: typeof client.meta.get }).get = async () => {
        throw new AuthError({ operation: 'meta/Get', url: 'http://h/v1/meta/Get?key=k', status: 401 });
      };
      return client;
    };
    const desired = Array.from({ length: 20 }, (_, i) => ({ md: 'goods', id: i + 1, ttl: 'T' }));
    const log = logger();
    const error = await runMetaWriteBack({ client: refusing(), desired, write: true, logger: log }).catch(
      (e: unknown) => e,
    );
    expect(isMetaWriteBackError(error)).toBe(true);
    expect(String((error as Error).message)).toMatch(
      /nothing was read or written: meta\/Get failed with HTTP 401/,
    );
    // No report (nothing was applied); the failure itself is the cause.
    expect((error as { report?: unknown }).report).toBeUndefined();
    expect((error as Error).cause).toBeInstanceOf(AuthError);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toMatch(
      /^meta: cannot read the current meta of any page: .*key=\*\*\*/,
    );

    const lenient = refusing();
    const result = await runMetaWriteBack({
      client: lenient,
      desired,
      write: true,
      logger: logger(),
      failOnError: false,
    });
    expect(result).toMatchObject({ applied: false, plan: { entries: [], errors: [] } });
    expect(lenient.calls.update).toBe(0);
  });

  it('throws a MetaWriteBackError after logging when a write fails (failOnError default)', async () => {
    const client = fakeMetaClient();
    client.failNext('update', 'goods', 1, 'HTTP 500');
    const log = logger();
    const error = await runMetaWriteBack({
      client,
      desired: [{ md: 'goods', id: 1, ttl: 'T' }],
      write: true,
      logger: log,
    }).catch((e: unknown) => e);
    expect(isMetaWriteBackError(error)).toBe(true);
    expect(log.error.mock.calls.map((c) => c[0]).join('\n')).toContain('goods 1: HTTP 500');
    const tolerant = await runMetaWriteBack({
      client,
      desired: [{ md: 'goods', id: 2, ttl: 'T' }],
      write: true,
      logger: log,
      failOnError: false,
    });
    expect(tolerant.report?.counts.updated).toBe(1);
  });
});

describe('package surface', () => {
  it('re-exports the write-back from the package root (what @sitecontent/astro imports)', async () => {
    const root = await import('../src/index.js');
    for (const name of [
      'runMetaWriteBack',
      'planMetaChanges',
      'applyMetaPlan',
      'pullMeta',
      'loadDesiredMetaFile',
    ]) {
      expect(typeof (root as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
