import { describe, expect, it } from 'vitest';
import { AdaptiveLimit, Semaphore } from '../src/http/concurrency.js';
import type { RequestEvent } from '../src/index.js';
import { testClient } from './helpers/client.js';
import { wireSection } from './helpers/fixtures.js';
import { type Reply, useScriptServer } from './helpers/server.js';

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

/** Answers the first `n` requests of a path with `failure`, every later one with `success`. */
function firstThen(n: number, failure: Reply, success: Reply): () => Reply {
  let seen = 0;
  return () => (++seen <= n ? failure : success);
}

const maxOf = (rs: readonly { inFlight: number }[]) => Math.max(0, ...rs.map((r) => r.inFlight));

describe('adaptive concurrency within the bound', () => {
  it('a burst of 429s with Retry-After halves the limit once; successes raise it back to the bound', async () => {
    const events: RequestEvent[] = [];
    const client = testClient(server, { retries: 4, onRequest: (e) => events.push(e) });
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
    const client = testClient(server, { retries: 4 });
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
    const client = testClient(server, { retries: 4, concurrency: 4 });
    server.script('dir/Get', firstThen(4, { status: 429, json: [] }, { delayMs: 5, json: [] }));
    await Promise.all(Array.from({ length: 100 }, () => client.sections.list()));
    expect(server.maxInFlight).toBe(4);
    expect(maxOf(server.requests.slice(4, 6))).toBeLessThanOrEqual(2);
    expect(client.stats().concurrencyLimit).toBe(4);
    await client.close();
  });
});

describe('AdaptiveLimit rules', () => {
  it('halves at most once per Retry-After window, never below 1, and climbs by 1 per limit successes', () => {
    let now = 1000;
    const slots = new Semaphore(10);
    const limit = new AdaptiveLimit(slots, () => now);
    expect(limit.congestion(990, 500)).toBe(true);
    expect(slots.limit).toBe(5);
    // Sent after the decrease, but answered inside its Retry-After window: same event.
    now = 1200;
    expect(limit.congestion(1100, 500)).toBe(false);
    // Sent before the decrease, answered after the window: still the first burst.
    now = 1600;
    expect(limit.congestion(999, undefined)).toBe(false);
    expect(limit.congestion(1550, undefined)).toBe(true);
    expect(slots.limit).toBe(2);
    for (const t of [1601, 1602, 1603]) {
      now = t;
      limit.congestion(t - 0.5, undefined);
    }
    expect(slots.limit).toBe(1);
    for (let i = 0; i < 1; i++) limit.success();
    expect(slots.limit).toBe(2);
    for (let i = 0; i < 2; i++) limit.success();
    expect(slots.limit).toBe(3);
    for (let i = 0; i < 100; i++) limit.success();
    expect(slots.limit).toBe(10);
  });

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
