/** The write-back as a build runs it: a dry run by default, one clear failure, and the package root's names. */
import { describe, expect, it, vi } from 'vitest';
import { AuthError, isSiteContentError } from '../src/errors/index.js';
import { runMetaWriteBack } from '../src/index.js';
import { fakeMetaClient } from './meta-helpers/fake-meta-client.js';

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
    expect(isSiteContentError(error, 'invalid_desired_meta')).toBe(true);
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
    expect(isSiteContentError(error, 'meta_write_back_failed')).toBe(true);
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
    expect(isSiteContentError(error, 'meta_write_back_failed')).toBe(true);
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
