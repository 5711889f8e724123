import { describe, expect, it } from 'vitest';
import { Semaphore } from '../src/http/concurrency.js';
import type { RequestEvent } from '../src/index.js';
import { testClient } from './helpers/client.js';
import { wireSection } from './helpers/fixtures.js';
import { type Reply, useScriptServer } from './helpers/server.js';

const server = useScriptServer();

describe('one concurrency bound per client', () => {
  it('the limit starts at 16 (the default) under a ceiling of 64 sockets and requests in flight', async () => {
    const events: RequestEvent[] = [];
    const client = testClient(server, { onRequest: (e) => events.push(e) });
    server.script('dir/Get', { delayMs: 15, json: [] });
    expect(client.stats()).toEqual({ concurrencyLimit: 16, maxConcurrency: 64, inFlight: 0, queued: 0 });
    await Promise.all(Array.from({ length: 300 }, () => client.sections.list()));
    // The 17th request leaves only when the first answer is back: the start is 16, not the ceiling.
    expect(server.requests[16]!.inFlight).toBeLessThanOrEqual(16);
    expect(events[0]).toMatchObject({ concurrencyLimit: 16, maxConcurrency: 64 });
    expect(events.every((e) => e.concurrencyLimit <= 64 && e.maxConcurrency === 64)).toBe(true);
    expect(server.maxInFlight).toBeLessThanOrEqual(64);
    expect(server.maxSockets).toBeLessThanOrEqual(64);
    await client.close();
    // The next tests count sockets from their start: let these close first.
    await server.idle();
  });

  it('maxConcurrency is a hard ceiling: 200 parallel calls never hold more in flight or open', async () => {
    const client = testClient(server, { maxConcurrency: 16 });
    server.script('dir/Get', { delayMs: 15, json: [] });
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
    await server.idle();
  });

  it('adaptive: false pins the limit at concurrency, and the pool at as many sockets', async () => {
    const client = testClient(server, { concurrency: 3, adaptive: false });
    server.script('dir/Get', { delayMs: 10, json: [] });
    await Promise.all(Array.from({ length: 200 }, () => client.sections.list()));
    expect(server.maxInFlight).toBe(3);
    expect(server.maxSockets).toBeLessThanOrEqual(3);
    expect(client.stats()).toMatchObject({ concurrencyLimit: 3, maxConcurrency: 3 });
    await client.close();
    await server.idle();
  });

  it('a small ceiling holds too, and bad combinations fail before any request', async () => {
    const client = testClient(server, { concurrency: 2, maxConcurrency: 3 });
    server.script('dir/Get', { delayMs: 10, json: [] });
    await Promise.all(Array.from({ length: 200 }, () => client.sections.list()));
    expect(server.maxInFlight).toBeLessThanOrEqual(3);
    expect(server.maxSockets).toBeLessThanOrEqual(3);
    await client.close();
    expect(() => testClient(server, { concurrency: 8, maxConcurrency: 4 })).toThrow(
      /maxConcurrency: must be at least concurrency/,
    );
    // `concurrency` set alone keeps its old meaning, the most in flight: the limit moves below it.
    expect(testClient(server, { concurrency: 100 }).stats()).toMatchObject({
      concurrencyLimit: 100,
      maxConcurrency: 100,
    });
    // `maxConcurrency` set alone: the start is 16, or the ceiling when that is lower.
    expect(testClient(server, { maxConcurrency: 8 }).stats()).toMatchObject({
      concurrencyLimit: 8,
      maxConcurrency: 8,
    });
    expect(server.requests.length).toBe(200);
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

/** Answers the first `n` requests of a path with `failure`, every later one with `success`. */
function firstThen(n: number, failure: Reply, success: Reply): () => Reply {
  let seen = 0;
  return () => (++seen <= n ? failure : success);
}

const maxOf = (rs: readonly { inFlight: number }[]) => Math.max(0, ...rs.map((r) => r.inFlight));

// The 429/503 rules in the fixed mode (`adaptive: false`): latency does not move the limit, so every
// step below is exact. The same rules in the adaptive mode are covered by adaptive-limit.test.ts.
describe('429/503 halve a fixed limit, which recovers to its bound', () => {
  it('a burst of 429s with Retry-After halves the limit once; successes raise it back to the bound', async () => {
    const events: RequestEvent[] = [];
    const client = testClient(server, { retries: 4, adaptive: false, onRequest: (e) => events.push(e) });
    const tooMany = { status: 429, headers: { 'retry-after': '1' }, delayMs: 30, json: [] };
    server.script('dir/Get', firstThen(16, tooMany, { delayMs: 10, json: [wireSection] }));
    await Promise.all(Array.from({ length: 400 }, () => client.sections.list()));

    // 16 answers of one burst: one decrease, 16 → 8, not 16 → 1.
    const limitsAt429 = events.filter((e) => e.status === 429).map((e) => e.concurrencyLimit);
    expect(limitsAt429).toEqual(Array(16).fill(8));
    const after = server.requests.slice(16);
    // Once the gate reopens, the server sees at most 8 at a time until 8 answers succeed.
    expect(maxOf(after.slice(0, 8))).toBeLessThanOrEqual(8);
    expect(maxOf(after.slice(0, 40))).toBeLessThanOrEqual(11);
    // +1 per `limit` successes: back at 16 after 8 + 9 + … + 15 = 92 of them, never above it.
    expect(maxOf(after.slice(-120))).toBe(16);
    expect(server.maxInFlight).toBeLessThanOrEqual(16);
    expect(client.stats()).toEqual({ concurrencyLimit: 16, maxConcurrency: 16, inFlight: 0, queued: 0 });
    await client.close();
  });

  it('503s without Retry-After: one decrease per burst, a second burst halves again, then recovery', async () => {
    const client = testClient(server, { retries: 4, adaptive: false });
    const unavailable = { status: 503, delayMs: 20, json: [] };
    const ok = { delayMs: 8, json: [wireSection] };
    server.script('dir/Get', firstThen(24, unavailable, ok));
    const lowest: number[] = [];
    const watcher = setInterval(() => lowest.push(client.stats().concurrencyLimit), 2);
    await Promise.all(Array.from({ length: 400 }, () => client.sections.list()));
    clearInterval(watcher);

    // The first wave (16, sent together) → 8; the 8 sent after that decrease fail too → 4.
    expect(Math.min(...lowest)).toBe(4);
    expect(maxOf(server.requests.slice(16, 24))).toBeLessThanOrEqual(8);
    expect(maxOf(server.requests.slice(24, 28))).toBeLessThanOrEqual(4);
    expect(maxOf(server.requests.slice(-100))).toBe(16);
    expect(server.maxInFlight).toBeLessThanOrEqual(16);
    expect(client.stats().concurrencyLimit).toBe(16);
    await client.close();
  });

  it('a smaller bound is the ceiling of the recovery too', async () => {
    const client = testClient(server, { retries: 4, concurrency: 4, adaptive: false });
    server.script('dir/Get', firstThen(4, { status: 429, json: [] }, { delayMs: 5, json: [] }));
    await Promise.all(Array.from({ length: 100 }, () => client.sections.list()));
    expect(server.maxInFlight).toBe(4);
    expect(maxOf(server.requests.slice(4, 6))).toBeLessThanOrEqual(2);
    expect(client.stats().concurrencyLimit).toBe(4);
    await client.close();
  });
});

describe('Semaphore', () => {
  it('raising the limit admits queued callers at once, in order', async () => {
    const slots = new Semaphore(3);
    slots.setLimit(1);
    const first = await slots.acquire();
    const order: number[] = [];
    const waiting = [1, 2, 3].map(async (n) => {
      const release = await slots.acquire();
      order.push(n);
      return release;
    });
    await Promise.resolve();
    expect(slots.queued).toBe(3);
    slots.setLimit(3);
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([1, 2]);
    expect(slots.active).toBe(3);
    first();
    const releases = await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
    for (const release of releases) release();
    expect(slots.active).toBe(0);
  });
});
