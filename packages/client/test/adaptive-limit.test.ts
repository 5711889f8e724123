/** The adaptive limit's maths on a virtual clock: RTT samples in, the limit out, deterministically. */
import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from '../src/http/adaptive-limit.js';
import { runQueueModel, seededRandom } from './helpers/queue-model.js';

interface Answer {
  rttMs: number;
  operation?: string;
}

/** A limit on a virtual clock, fed one round trip at a time. */
function drive(initial: number, max: number) {
  let now = 0;
  const limit = new AdaptiveLimit({ initial, max, latency: true, now: () => now });
  return {
    limit,
    advance(ms: number) {
      now += ms;
    },
    /**
     * `limit.limit` requests sent now (or the given answers), all answered after their RTT, with
     * `inFlight` requests in flight (default: the limit, i.e. in full use). Returns the limit after.
     */
    wave(rtt: number | Answer[], inFlight?: number): number {
      const sentAt = now;
      const answers: Answer[] =
        typeof rtt === 'number' ? Array.from({ length: limit.limit }, () => ({ rttMs: rtt })) : rtt;
      const used = inFlight ?? limit.limit;
      now += Math.max(...answers.map((a) => a.rttMs));
      for (const a of answers) {
        limit.success({ operation: a.operation ?? 'meta/Get', sentAt, rttMs: a.rttMs, inFlight: used });
      }
      return limit.limit;
    },
  };
}

/** `n` answers, half of them twice as slow: a queue at any limit above 4. */
const staircase = (n: number, rttMs: number): Answer[] =>
  Array.from({ length: n }, (_, i) => ({ rttMs: i % 2 === 0 ? rttMs : 2 * rttMs }));

/**
 * A first round that shows a queue (half its answers twice as slow) holds the limit for a round; that
 * round showing it again ends in a no-load probe at 4 in flight; after 8 of its answers the limit is
 * back, and the round after that, showing the queue again, ends slow start and changes nothing.
 */
function warmUp(d: ReturnType<typeof drive>, rttMs = 20): void {
  const start = d.limit.limit;
  expect(d.wave(staircase(start, rttMs))).toBe(start);
  expect(d.limit.probing).toBe(false);
  d.wave(staircase(start, rttMs));
  expect(d.limit.probing).toBe(true);
  expect(d.limit.limit).toBe(Math.min(start, 4));
  while (d.limit.probing) d.wave(rttMs);
  expect(d.limit.limit).toBe(start);
  expect(d.limit.noLoadRtt('meta/Get')).toBe(rttMs);
  expect(d.wave(staircase(start, rttMs))).toBe(start);
}

describe('the limit follows latency', () => {
  it('rises while latency stays flat, by √limit a round, up to the ceiling and never above it', () => {
    const d = drive(16, 64);
    warmUp(d);
    expect(d.wave(20)).toBe(20); // 16 + √16
    expect(d.wave(20)).toBe(24); // 20 + √20 = 24.47
    const seen: number[] = [];
    for (let i = 0; i < 40; i++) seen.push(d.wave(20));
    expect(seen.every((l, i) => l >= (seen[i - 1] ?? 0))).toBe(true);
    expect(seen.at(-1)).toBe(64);
    expect(Math.max(...seen)).toBe(64);
  });

  it('falls when latency climbs: by half the excess queue a round, at most half the limit', () => {
    const d = drive(32, 64);
    warmUp(d);
    // 80 ms against a no-load 20 ms: the gradient 22/80 is floored at 0.5, so the queue is taken as
    // 16; the allowance is √32 ≈ 5.66. One such round holds the limit (it could be a pause); the
    // second in a row takes half the excess: 32 − 5.17 → 26.
    expect(d.wave(80)).toBe(32);
    expect(d.wave(80)).toBe(26);
    let last = 26;
    for (let i = 0; i < 10; i++) {
      const next = d.wave(80);
      expect(next).toBeLessThan(last);
      expect(next).toBeGreaterThanOrEqual(Math.floor(last / 2));
      last = next;
    }
    // A queue that never drains: the limit sinks to where half of it is the allowance (4), not to 1
    // (within 15 s: then the next no-load probe would measure the new latency).
    for (let i = 0; i < 30; i++) d.wave(300);
    expect(d.limit.limit).toBe(4);
  });

  it('settles near a service’s capacity: 8 workers of 20 ms, from a start above it', () => {
    const d = drive(40, 64);
    warmUp(d);
    const limits: number[] = [];
    for (let i = 0; i < 60; i++) limits.push(d.wave(20 * Math.max(1, d.limit.limit / 8)));
    const settled = limits.slice(-20);
    expect(Math.min(...settled)).toBeGreaterThanOrEqual(9);
    expect(Math.max(...settled)).toBeLessThanOrEqual(14);
  });

  it('one round of late answers (a pause, not a queue) does not lower it', () => {
    const d = drive(32, 64);
    warmUp(d);
    expect(d.wave(200)).toBe(32);
    expect(d.wave(20)).toBeGreaterThan(32);
  });

  it('grows only when the limit is in full use', () => {
    const d = drive(16, 64);
    warmUp(d);
    for (let i = 0; i < 10; i++)
      d.wave(
        Array.from({ length: 16 }, () => ({ rttMs: 20 })),
        5,
      );
    expect(d.limit.limit).toBe(16);
    expect(d.wave(20)).toBe(20);
  });

  it('compares each operation with its own no-load latency: a slow listing is not a queue', () => {
    const d = drive(16, 64);
    const mixed = (n: number): Answer[] =>
      Array.from({ length: n }, (_, i) =>
        i % 2 === 0 ? { operation: 'goods/Get', rttMs: 300 } : { operation: 'meta/Get', rttMs: 20 },
      );
    // Each operation flat against its own no-load latency: slow start doubles, no probe is needed.
    expect(d.wave(mixed(16))).toBe(32);
    expect(d.limit.probing).toBe(false);
    expect(d.limit.noLoadRtt('goods/Get')).toBe(300);
    expect(d.limit.noLoadRtt('meta/Get')).toBe(20);
    expect(d.wave(mixed(32))).toBe(64);
  });

  it('does not count answers to requests sent before the last change', () => {
    const d = drive(16, 64);
    warmUp(d);
    d.advance(5);
    const before = -1;
    // Sent before the probe ended: however slow, they describe an older limit.
    for (let i = 0; i < 50; i++) {
      d.limit.success({ operation: 'meta/Get', sentAt: before, rttMs: 500, inFlight: 16 });
    }
    expect(d.limit.limit).toBe(16);
  });

  it('a single freak answer does not set the no-load latency', () => {
    const d = drive(16, 64);
    warmUp(d);
    d.wave([{ rttMs: 1 }, ...Array.from({ length: 15 }, () => ({ rttMs: 20 }))]);
    for (let i = 0; i < 3; i++) d.wave(20);
    expect(d.limit.noLoadRtt('meta/Get')).toBe(20);
  });

  it('probes again after 15 s, so a service that became slower for good is not a queue forever', () => {
    const d = drive(32, 64);
    warmUp(d);
    // From now on every answer takes 60 ms, at any load: first the limit reads it as a queue.
    for (let i = 0; i < 5; i++) d.wave(60);
    const lowered = d.limit.limit;
    expect(lowered).toBeLessThan(32);
    d.advance(15_000);
    d.wave(60);
    expect(d.limit.probing).toBe(true);
    while (d.limit.probing) d.wave(60);
    expect(d.limit.noLoadRtt('meta/Get')).toBe(60);
    expect(d.limit.limit).toBe(lowered);
    expect(d.wave(60)).toBe(lowered);
    expect(d.wave(60)).toBeGreaterThan(lowered);
  });
});

describe('slow start: a service that keeps up gets the allowance at once', () => {
  it('from 32, one round of flat answers takes it to the ceiling of 64, with no probe', () => {
    const d = drive(32, 64);
    expect(d.wave(20)).toBe(64);
    expect(d.limit.probing).toBe(false);
    for (let i = 0; i < 10; i++) expect(d.wave(20)).toBe(64);
  });

  it('doubles each flat round used in full (16, 32, 64), never above the ceiling', () => {
    const d = drive(16, 48);
    expect(d.wave(20)).toBe(32);
    expect(d.wave(20)).toBe(48);
    expect(d.wave(20)).toBe(48);
  });

  it('does not double a round that did not use the limit in full', () => {
    const d = drive(32, 64);
    expect(d.wave(20, 10)).toBe(32);
    expect(d.wave(20)).toBe(64);
  });

  it('a first round slowed by a cold start holds the limit a round; a service that then keeps up doubles, with no probe', () => {
    const d = drive(32, 64);
    // New connections and cold code: the first answers come in a staircase, 20 to 60 ms.
    expect(d.wave(Array.from({ length: 32 }, (_, i) => ({ rttMs: 20 + Math.floor(i / 8) * 13 })))).toBe(32);
    expect(d.limit.probing).toBe(false);
    expect(d.wave(20)).toBe(64); // the round on warm connections: flat, so slow start goes on
    expect(d.limit.probing).toBe(false);
  });

  it('a queue in the first two rounds takes the no-load probe; the same queue after it ends slow start', () => {
    const d = drive(32, 64);
    expect(d.wave(staircase(32, 20))).toBe(32);
    d.wave(staircase(32, 20));
    expect(d.limit.probing).toBe(true);
    expect(d.limit.limit).toBe(4);
    while (d.limit.probing) d.wave(20);
    expect(d.limit.limit).toBe(32);
    expect(d.wave(staircase(32, 20))).toBe(32);
    expect(d.wave(20)).toBe(37); // 32 + √32, not 64
  });

  it('a queue in the first two rounds, then flat answers after the probe: slow start doubles on', () => {
    const d = drive(32, 64);
    d.wave(staircase(32, 20));
    d.wave(staircase(32, 20));
    while (d.limit.probing) d.wave(20);
    expect(d.wave(20)).toBe(32); // the round back at the limit refills the queue: it moves nothing
    expect(d.wave(20)).toBe(64);
  });

  it('ends at the first round with a queue; growth is then √limit a round', () => {
    const d = drive(16, 64);
    expect(d.wave(20)).toBe(32);
    // 30 ms against a no-load 20: a queue of 32 × (1 − 22/30) ≈ 8.5 > √32: held, slow start over.
    expect(d.wave(30)).toBe(32);
    expect(d.wave(20)).toBe(37); // 32 + √32, not 64
  });

  it('after a 429 the limit climbs by 1 a round, never doubling', () => {
    const d = drive(32, 64);
    d.advance(1);
    expect(d.limit.congestion(Number.POSITIVE_INFINITY, undefined)).toBe(true);
    expect(d.limit.limit).toBe(16);
    // No round has told the no-load latency yet: the first one is a probe, as before slow start.
    d.wave(20);
    while (d.limit.probing) d.wave(20);
    expect(d.wave(20)).toBe(16);
    expect(d.wave(20)).toBe(17);
    expect(d.wave(20)).toBe(18);
  });

  it('the periodic probe still comes 15 s after the first round', () => {
    const d = drive(32, 64);
    d.wave(20);
    d.advance(14_000);
    d.wave(20);
    expect(d.limit.probing).toBe(false);
    d.advance(1_000);
    d.wave(20);
    expect(d.limit.probing).toBe(true);
  });
});

describe('429 and 503 halve the limit', () => {
  it('once per burst or Retry-After window, never below 1; then +1 a round while latency is flat', () => {
    const d = drive(20, 64);
    warmUp(d);
    d.advance(1000);
    // t = 1000 + warm-up; the request was sent before the decrease.
    expect(d.limit.congestion(900, 500)).toBe(true);
    expect(d.limit.limit).toBe(10);
    d.advance(200);
    expect(d.limit.congestion(1100, 500)).toBe(false); // inside the Retry-After window
    d.advance(400);
    expect(d.limit.congestion(0, undefined)).toBe(false); // sent before the decrease: same burst
    for (const limit of [5, 2, 1, 1]) {
      d.advance(1);
      d.limit.congestion(Number.POSITIVE_INFINITY, undefined);
      expect(d.limit.limit).toBe(limit);
    }
    // Recovery after push-back is additive: one more request per round (8 answers at least) of flat
    // latency, where a round without push-back would add √limit.
    const climb = new Set<number>();
    for (let i = 0; i < 25; i++) climb.add(d.wave(20));
    expect(climb.size).toBeGreaterThanOrEqual(5);
    expect([...climb]).toEqual(Array.from({ length: climb.size }, (_, i) => i + 1));
  });

  it('a 429 during a no-load probe calls it off and halves the limit it would have gone back to', () => {
    const d = drive(24, 64);
    d.wave(staircase(24, 20));
    d.wave(staircase(24, 20));
    expect(d.limit.probing).toBe(true);
    d.advance(1);
    expect(d.limit.congestion(Number.POSITIVE_INFINITY, undefined)).toBe(true);
    expect(d.limit.probing).toBe(false);
    expect(d.limit.limit).toBe(12);
  });
});

describe('latency: false (the fixed mode)', () => {
  it('halves at most once per Retry-After window, never below 1, and climbs by 1 per limit successes', () => {
    let now = 1000;
    const limit = new AdaptiveLimit({ initial: 10, max: 10, latency: false, now: () => now });
    const ok = (n: number) => {
      for (let i = 0; i < n; i++)
        limit.success({ operation: 'meta/Get', sentAt: now, rttMs: 999, inFlight: 1 });
    };
    expect(limit.congestion(990, 500)).toBe(true);
    expect(limit.limit).toBe(5);
    // Sent after the decrease, but answered inside its Retry-After window: same event.
    now = 1200;
    expect(limit.congestion(1100, 500)).toBe(false);
    // Sent before the decrease, answered after the window: still the first burst.
    now = 1600;
    expect(limit.congestion(999, undefined)).toBe(false);
    expect(limit.congestion(1550, undefined)).toBe(true);
    expect(limit.limit).toBe(2);
    for (const t of [1601, 1602, 1603]) {
      now = t;
      limit.congestion(t - 0.5, undefined);
    }
    expect(limit.limit).toBe(1);
    ok(1);
    expect(limit.limit).toBe(2);
    ok(2);
    expect(limit.limit).toBe(3);
    // Latency means nothing here: 999 ms answers still raise it, back to `max` and no further.
    ok(100);
    expect(limit.limit).toBe(10);
  });
});

describe('against a queueing service (virtual time)', () => {
  // Real services are never exactly periodic: service times jitter by ±2 ms, seeded.
  const jittered = (seed: number, ms = 20, jitter = 2) => {
    const random = seededRandom(seed);
    return () => ms + (random() * 2 - 1) * jitter;
  };

  it.each([16, 48])(
    '8 workers, starting at %i: settles between 9 and 16, never above the ceiling',
    (initial) => {
      const run = runQueueModel({
        capacity: 8,
        serviceMs: jittered(initial),
        requests: 3000,
        initial,
        max: 64,
      });
      const settled = run.limits.slice(1500);
      expect(Math.min(...settled)).toBeGreaterThanOrEqual(9);
      expect(Math.max(...settled)).toBeLessThanOrEqual(16);
      expect(Math.max(...run.limits)).toBeLessThanOrEqual(Math.max(initial, 16 + 4));
    },
  );

  it.each([64, Number.POSITIVE_INFINITY])(
    'capacity %d: grows from 16 to the ceiling of 64 and stays',
    (capacity) => {
      const run = runQueueModel({ capacity, serviceMs: jittered(5), requests: 3000, initial: 16, max: 64 });
      expect(Math.max(...run.limits)).toBe(64);
      expect(Math.min(...run.limits.slice(1000))).toBe(64);
      expect(run.peakInService).toBeLessThanOrEqual(64);
    },
  );

  it('capacity 64, starting at 32: at the ceiling within its first 64 answers', () => {
    const run = runQueueModel({
      capacity: 64,
      serviceMs: jittered(3, 20, 1),
      requests: 2000,
      initial: 32,
      max: 64,
    });
    expect(run.limits.indexOf(64)).toBeGreaterThanOrEqual(0);
    expect(run.limits.indexOf(64)).toBeLessThan(64);
    expect(run.peakInService).toBeLessThanOrEqual(64);
  });

  it('answers spread widely (10–30 ms) with no queue: still grows to the ceiling', () => {
    const run = runQueueModel({
      capacity: Number.POSITIVE_INFINITY,
      serviceMs: jittered(9, 20, 10),
      requests: 3000,
      initial: 16,
      max: 64,
    });
    expect(Math.min(...run.limits.slice(1500))).toBeGreaterThanOrEqual(60);
  });
});
