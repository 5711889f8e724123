import { describe, expect, it } from 'vitest';
import { testClient } from './helpers/client.js';
import { wireSection } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

const server = useScriptServer();

describe('one concurrency bound per client', () => {
  it('200 parallel calls never hold more than 16 (the default) in flight or open', async () => {
    const client = testClient(server);
    server.script('dir/Get', { delayMs: 15, json: [wireSection] });
    server.script('goods/Get', { delayMs: 15, json: [] });
    const calls = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0 ? client.sections.list({ id: i }) : client.products.list({ id: i }),
    );
    const results = await Promise.all(calls);
    expect(results).toHaveLength(200);
    expect(server.requests).toHaveLength(200);
    expect(server.maxInFlight).toBeLessThanOrEqual(16);
    expect(server.maxInFlight).toBeGreaterThanOrEqual(8);
    expect(server.maxSockets).toBeLessThanOrEqual(16);
    await client.close();
  });

  it('a smaller bound holds as well', async () => {
    const client = testClient(server, { concurrency: 3 });
    server.script('dir/Get', { delayMs: 10, json: [] });
    await Promise.all(Array.from({ length: 200 }, () => client.sections.list()));
    expect(server.maxInFlight).toBe(3);
    await client.close();
  });

  it('an aborted queued call leaves the queue without sending', async () => {
    const client = testClient(server, { concurrency: 1 });
    server.script('dir/Get', { delayMs: 100, json: [] });
    const first = client.sections.list();
    const ac = new AbortController();
    const second = client.sections.list({}, { signal: ac.signal });
    ac.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    await first;
    expect(server.requests).toHaveLength(1);
    await client.close();
  });
});
