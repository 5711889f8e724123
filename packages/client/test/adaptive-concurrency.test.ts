/**
 * The adaptive limit against the emulator's capacity mode: a service of N workers, 20 ms each, whose
 * latency climbs when more than N requests are sent, and against one with no capacity limit. Bounded request counts; the bands are wide on
 * purpose (a busy 2-core machine only adds latency, which lowers the limit, never raises it).
 */
import { startEmulator } from '@sitecontent/emulator';
import { describe, expect, it } from 'vitest';
import { type ClientOptions, createClient, type RequestEvent, type RetryEvent } from '../src/index.js';

/** `requests` meta/Get calls at once through a client set up with `client`, against workers of `latencyMs`. */
async function load(options: {
  capacity?: number;
  latencyMs?: number;
  requests: number;
  client?: Partial<ClientOptions>;
}) {
  const emu = await startEmulator({
    seed: 'none',
    faults: { latencyMs: options.latencyMs ?? 20 },
    ...(options.capacity === undefined ? {} : { capacity: options.capacity }),
  });
  const events: RequestEvent[] = [];
  const retries: RetryEvent[] = [];
  const client = createClient({
    baseUrl: emu.url,
    apiKey: emu.key,
    sid: emu.sid,
    siteOrigin: 'https://shop.example',
    ...options.client,
    onRequest: (e) => events.push(e),
    onRetry: (e) => retries.push(e),
  });
  try {
    await Promise.all(Array.from({ length: options.requests }, (_, i) => client.meta.get('goods', i + 1)));
    return { events, retries, stats: structuredClone(emu.stats) };
  } finally {
    await client.close();
    await emu.close();
  }
}

describe('adaptive concurrency against a service of limited capacity', () => {
  it('8 workers, starting at 32: the limit comes down near 8 by latency alone, no 429 needed', async () => {
    const { events, retries, stats } = await load({
      capacity: 8,
      requests: 600,
      client: { concurrency: 32, maxConcurrency: 64 },
    });
    expect(events[0]!.concurrencyLimit).toBe(32);
    // Five rounds at 32 and a probe come before latency lowers it: the first, the one that shows its
    // queue again, the no-load probe, the round after it (refilling the queue, it moves nothing) and
    // two that each show the queue (one alone could be a pause): about 300 answers in all.
    const settled = events.slice(400).map((e) => e.concurrencyLimit);
    expect(Math.min(...settled)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...settled)).toBeLessThanOrEqual(24);
    expect(stats.byStatus).toEqual({ 200: 600 });
    expect(retries).toEqual([]);
    expect(stats.load.peakInService).toBe(8);
  });

  it('the same load with adaptive: false keeps 32 in flight and 24 waiting at the service', async () => {
    const { events, stats } = await load({
      capacity: 8,
      requests: 200,
      client: { concurrency: 32, adaptive: false },
    });
    expect(new Set(events.map((e) => e.concurrencyLimit))).toEqual(new Set([32]));
    expect(stats.load.peakWaiting).toBe(24);
  });

  it('unlimited capacity: the limit grows above where it started (16, the default)', async () => {
    // 100 ms answers: the client and the emulator share this process, and at 20 ms their CPU on a busy
    // machine is itself a queue (latency rising with load), which rightly stops the growth.
    const { events, stats } = await load({ latencyMs: 100, requests: 300 });
    expect(events[0]!.concurrencyLimit).toBe(16);
    expect(Math.max(...events.map((e) => e.concurrencyLimit))).toBeGreaterThan(16);
    expect(stats.load.peakInService).toBeGreaterThan(16);
    expect(stats.load.queued).toBe(0);
  });
});
