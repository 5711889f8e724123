/** An abort ends a call at once wherever it waits: back-off, Retry-After, in flight, the shared gate. */
import { describe, expect, it } from 'vitest';
import { catchError, testClient } from './helpers/client.js';
import { status, wireSection } from './helpers/fixtures.js';
import { until, useScriptServer } from './helpers/server.js';

const server = useScriptServer();

const sections = { json: [wireSection] };

describe('abort', () => {
  it('stops at once during a backoff wait', async () => {
    const client = testClient(server, { retries: 5, retryBaseDelayMs: 5000 });
    server.script('dir/Get', status(500));
    const ac = new AbortController();
    const p = catchError(client.sections.list(undefined, { signal: ac.signal }));
    await until(() => server.requestsTo('dir/Get').length === 1);
    await new Promise((r) => setTimeout(r, 30));
    const abortedAt = Date.now();
    ac.abort();
    const err = await p;
    expect((err as Error).name).toBe('AbortError');
    expect(Date.now() - abortedAt).toBeLessThan(100);
    expect(server.requestsTo('dir/Get')).toHaveLength(1);
    await client.close();
  });

  it("stops at once while waiting out a 503's Retry-After, with the signal's reason", async () => {
    const client = testClient(server, { retries: 3 });
    server.script('dir/Get', status(503, { 'retry-after': '5' }), sections);
    const ac = new AbortController();
    const p = catchError(client.sections.list({}, { signal: ac.signal }));
    await until(() => server.requestsTo('dir/Get').length === 1);
    await new Promise((r) => setTimeout(r, 30));
    const abortedAt = Date.now();
    ac.abort(new Error('user cancelled'));
    expect(((await p) as Error).message).toBe('user cancelled');
    expect(Date.now() - abortedAt).toBeLessThan(100);
    expect(server.requestsTo('dir/Get')).toHaveLength(1);
    await client.close();
  });

  it('stops at once while the request is in flight', async () => {
    const client = testClient(server, { retries: 5 });
    server.script('dir/Get', { delayMs: 3000, json: [] });
    const ac = new AbortController();
    const started = Date.now();
    setTimeout(() => ac.abort(new Error('user cancelled')), 50);
    const err = await catchError(client.sections.list({}, { signal: ac.signal }));
    expect((err as Error).message).toBe('user cancelled');
    expect(Date.now() - started).toBeLessThan(500);
    await client.close();
  });

  it('stops at once while waiting at the back-off gate, and the client-wide signal works', async () => {
    const ac = new AbortController();
    const client = testClient(server, { retries: 3, signal: ac.signal });
    server.script('dir/Get', status(429, { 'retry-after': '5' }), sections);
    server.script('goods/Get', { json: [] });
    const first = catchError(client.sections.list());
    await until(() => server.requestsTo('dir/Get').length === 1);
    await new Promise((r) => setTimeout(r, 30));
    const second = catchError(client.products.list());
    const abortedAt = Date.now();
    ac.abort();
    expect(((await first) as Error).name).toBe('AbortError');
    expect(((await second) as Error).name).toBe('AbortError');
    expect(Date.now() - abortedAt).toBeLessThan(100);
    expect(server.requestsTo('goods/Get')).toHaveLength(0);
    await expect(client.site.domains()).rejects.toMatchObject({ name: 'AbortError' });
    await client.close();
  });

  it('an already aborted signal sends nothing', async () => {
    const client = testClient(server);
    await expect(client.sections.list({}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(server.requests).toHaveLength(0);
    await client.close();
  });
});
