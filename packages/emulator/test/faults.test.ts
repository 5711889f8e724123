import { describe, expect, it } from 'vitest';
import { type FaultOptions, Faults, parseLatency } from '../src/index.js';
import { call, KEY, startTestEmulator } from './helpers/index.js';

/** What the schedule promises for the first `n` requests (same seed, same draws). */
function expected(options: FaultOptions, n: number) {
  const faults = new Faults(options);
  const counts = { fail: 0, reset: 0, truncate: 0 };
  for (let i = 0; i < n; i++) {
    const fate = faults.decide();
    if (fate.fail) counts.fail++;
    else if (fate.reset) counts.reset++;
    else if (fate.truncate) counts.truncate++;
  }
  return counts;
}

/** Sequential requests; returns statuses, with 'broken' for a reset or cut-short response. */
async function hammer(url: string, n: number): Promise<(number | 'broken')[]> {
  const out: (number | 'broken')[] = [];
  for (let i = 0; i < n; i++) {
    try {
      const res = await fetch(`${url}/v1/meta/Get?sid=1&md=goods&id=1&key=${KEY}`);
      const text = await res.text();
      JSON.parse(text);
      out.push(res.status);
    } catch {
      out.push('broken');
    }
  }
  return out;
}

describe('fault injection', () => {
  it('fail rate: 503 with Retry-After at the configured rate, the same schedule for the same seed', async () => {
    const options = { failRate: 0.2, seed: 42 };
    const runs: (number | 'broken')[][] = [];
    for (let run = 0; run < 2; run++) {
      const emu = await startTestEmulator({ faults: options });
      try {
        runs.push(await hammer(emu.url, 400));
        const res = await call(emu, 'meta/Get', { query: { sid: 1, md: 'goods', id: 1 } });
        if (res.status === 503) expect(res.headers.get('retry-after')).toBe('1');
        expect(emu.stats.faults.fail).toBe(emu.stats.byStatus[503]);
      } finally {
        await emu.close();
      }
    }
    const failures = runs[0]!.filter((s) => s === 503).length;
    expect(failures).toBe(expected(options, 400).fail);
    expect(failures / 400).toBeGreaterThan(0.15);
    expect(failures / 400).toBeLessThan(0.25);
    expect(runs[1]).toEqual(runs[0]);
  });

  it('reset and truncate rates: responses break at the configured rates', async () => {
    const options = { resetRate: 0.1, truncateRate: 0.1, seed: 7 };
    const emu = await startTestEmulator({ faults: options });
    try {
      const statuses = await hammer(emu.url, 300);
      const want = expected(options, 300);
      expect(emu.stats.faults.reset).toBe(want.reset);
      expect(emu.stats.faults.truncate).toBe(want.truncate);
      const broken = statuses.filter((s) => s === 'broken').length;
      expect(broken).toBe(want.reset + want.truncate);
      expect(broken / 300).toBeGreaterThan(0.12);
      expect(broken / 300).toBeLessThan(0.28);
    } finally {
      await emu.close();
    }
  });

  it('a truncated response promises more bytes than it sends', async () => {
    const emu = await startTestEmulator({ faults: { truncateRate: 1 } });
    try {
      const { request } = await import('node:http');
      const result = await new Promise<{ declared: number; received: number }>((resolve, reject) => {
        request(`${emu.url}/v1/goods/Get?sid=1&key=${KEY}`, (res) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
          });
          res.on('error', () => undefined);
          res.on('close', () => resolve({ declared: Number(res.headers['content-length']), received }));
        })
          .on('error', reject)
          .end();
      });
      expect(result.received).toBeGreaterThan(0);
      expect(result.received).toBeLessThan(result.declared);
    } finally {
      await emu.close();
    }
  });

  it('rate limit: requests over R per second get 429 with Retry-After', async () => {
    const emu = await startTestEmulator({ faults: { rateLimit: 20 } });
    try {
      const responses = await Promise.all(
        Array.from({ length: 60 }, () => call(emu, 'meta/Get', { query: { sid: 1, md: 'goods', id: 1 } })),
      );
      const limited = responses.filter((r) => r.status === 429);
      // 60 requests within (at most) two one-second windows: at least 20 are refused.
      expect(limited.length).toBeGreaterThanOrEqual(20);
      expect(limited.length).toBeLessThanOrEqual(40);
      expect(limited[0]!.headers.get('retry-after')).toBe('1');
      expect(limited[0]!.json).toEqual([{ message: 'Too many requests', error: 'rate_limited' }]);
      expect(emu.stats.byStatus[429]).toBe(limited.length);
    } finally {
      await emu.close();
    }
  });

  it('throttle rate: a fixed share of requests gets 429 with Retry-After, the same for the same seed', async () => {
    const options = { throttleRate: 0.1, seed: 5 };
    const runs: (number | 'broken')[][] = [];
    for (let run = 0; run < 2; run++) {
      const emu = await startTestEmulator({ faults: options });
      try {
        runs.push(await hammer(emu.url, 300));
        expect(emu.stats.faults.rateLimited).toBe(emu.stats.byStatus[429]);
      } finally {
        await emu.close();
      }
    }
    const throttled = runs[0]!.filter((s) => s === 429).length;
    expect(throttled / 300).toBeGreaterThan(0.05);
    expect(throttled / 300).toBeLessThan(0.15);
    expect(runs[1]).toEqual(runs[0]);
    // Setting it draws one more number per request: schedules without it are unchanged.
    const before = new Faults({ failRate: 0.2, seed: 42 });
    const after = new Faults({ failRate: 0.2, seed: 42, throttleRate: 0 });
    for (let i = 0; i < 50; i++) expect(after.decide()).toEqual(before.decide());
  });

  it('latency: every response waits MS ± JITTER', async () => {
    const emu = await startTestEmulator({ faults: { latencyMs: 60, jitterMs: 20, seed: 1 } });
    try {
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await call(emu, 'site/DomainDefault', { query: { sid: 1 } });
        const took = performance.now() - started;
        expect(took).toBeGreaterThanOrEqual(38);
        expect(took).toBeLessThan(400);
      }
    } finally {
      await emu.close();
    }
  });

  it('parses --latency forms', () => {
    expect(parseLatency('100')).toEqual({ latencyMs: 100, jitterMs: 0 });
    expect(parseLatency('100±25')).toEqual({ latencyMs: 100, jitterMs: 25 });
    expect(parseLatency('100+-25')).toEqual({ latencyMs: 100, jitterMs: 25 });
    expect(() => parseLatency('fast')).toThrow();
  });
});
