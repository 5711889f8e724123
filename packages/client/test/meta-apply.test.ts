/** Applying a plan writes only what still differs, says how each page went, and can be run again. */
import { describe, expect, it } from 'vitest';
import { AuthError } from '../src/errors/index.js';
import { applyMetaPlan, type MetaApplyProgress, planMetaChanges } from '../src/index.js';
import { fakeMetaClient } from './meta-helpers/fake-meta-client.js';

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
