/** Retry-After honoured in both forms: a 429 pauses the whole client, a 503 delays only its own call. */
import { describe, expect, it } from 'vitest';
import type { RetryEvent } from '../src/index.js';
import { catchError, testClient } from './helpers/client.js';
import { status, wireSection } from './helpers/fixtures.js';
import { until, useScriptServer } from './helpers/server.js';

const server = useScriptServer();

const sections = { json: [wireSection] };

describe('Retry-After', () => {
  it('delay-seconds form is honoured', async () => {
    const client = testClient(server, { retries: 2 });
    server.script('dir/Get', status(429, { 'retry-after': '1' }), sections);
    await client.sections.list();
    const [a, b] = server.requestsTo('dir/Get');
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(950);
    expect(b!.at - a!.at).toBeLessThan(2500);
    await client.close();
  });

  it('HTTP-date form is honoured', async () => {
    const client = testClient(server, { retries: 2 });
    // HTTP dates have whole seconds: ~2 s ahead leaves between 1 and 2 s to wait.
    server.script(
      'dir/Get',
      () => status(503, { 'retry-after': new Date(Date.now() + 2000).toUTCString() }),
      sections,
    );
    await client.sections.list();
    const [a, b] = server.requestsTo('dir/Get');
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(900);
    expect(b!.at - a!.at).toBeLessThan(3000);
    await client.close();
  });

  it('a 429 pauses every new request of the client (shared back-off gate)', async () => {
    const retries: RetryEvent[] = [];
    const client = testClient(server, { retries: 2, onRetry: (e) => retries.push(e) });
    server.script('dir/Get', status(429, { 'retry-after': '1' }), sections);
    server.script('goods/Get', { json: [] });
    const first = client.sections.list();
    await until(() => server.requestsTo('dir/Get').length === 1);
    await new Promise((r) => setTimeout(r, 50));
    const limitedAt = server.requestsTo('dir/Get')[0]!.at;
    await client.products.list();
    expect(server.requestsTo('goods/Get')[0]!.at - limitedAt).toBeGreaterThanOrEqual(900);
    await first;
    expect(retries.map((r) => [r.reason, r.clientPaused])).toEqual([['HTTP 429', true]]);
    await client.close();
  });

  it("a 503's Retry-After delays only its own retry, not the client's other calls", async () => {
    const retries: RetryEvent[] = [];
    const client = testClient(server, { retries: 2, onRetry: (e) => retries.push(e) });
    server.script('dir/Get', status(503, { 'retry-after': '1' }), sections);
    server.script('goods/Get', { json: [] });
    const first = client.sections.list();
    await until(() => server.requestsTo('dir/Get').length === 1);
    const failedAt = server.requestsTo('dir/Get')[0]!.at;
    await client.products.list();
    // The other call went out at once; the 503'd call itself waited its Retry-After.
    expect(server.requestsTo('goods/Get')[0]!.at - failedAt).toBeLessThan(500);
    await first;
    const [a, b] = server.requestsTo('dir/Get');
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(950);
    expect(retries.map((r) => [r.reason, r.clientPaused])).toEqual([['HTTP 503', false]]);
    await client.close();
  });

  it('a Retry-After beyond the time budget fails at once', async () => {
    const retries: RetryEvent[] = [];
    const client = testClient(server, { retries: 4, maxRetryTimeMs: 2000, onRetry: (e) => retries.push(e) });
    server.script('dir/Get', status(503, { 'retry-after': '60' }));
    const started = Date.now();
    const err = await catchError(client.sections.list());
    expect(err).toMatchObject({ status: 503 });
    expect(retries).toEqual([]);
    expect(Date.now() - started).toBeLessThan(500);
    expect(server.requestsTo('dir/Get')).toHaveLength(1);
    await client.close();
  });
});
