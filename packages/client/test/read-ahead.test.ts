/** `readAhead`: results in order, at most `ahead` calls started before the reader takes one. */
import { describe, expect, it } from 'vitest';
import { readAhead } from '../src/http/read-ahead.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('readAhead', () => {
  it('hands results in item order, whatever order the calls finish in', async () => {
    const delays = [30, 5, 20, 0, 10];
    const out: number[] = [];
    for await (const r of readAhead(delays, 3, async (ms) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return ms;
    }))
      out.push(r);
    expect(out).toEqual(delays);
  });

  it('starts no call past the window until the reader takes a result', async () => {
    const started: number[] = [];
    const reader = readAhead([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      return n;
    })[Symbol.asyncIterator]();
    expect((await reader.next()).value).toBe(1);
    await tick();
    // Two started, the first taken, its place given to the third.
    expect(started).toEqual([1, 2, 3]);
    expect((await reader.next()).value).toBe(2);
    await tick();
    expect(started).toEqual([1, 2, 3, 4]);
    await reader.return?.(undefined);
  });

  it('aborts the calls’ signal when the reader stops', async () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const signals: AbortSignal[] = [];
    for await (const r of readAhead(items, 3, async (n, signal) => {
      signals.push(signal);
      return n;
    })) {
      if (r === 4) break;
    }
    expect(signals.length).toBeLessThanOrEqual(8);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('rethrows a call’s failure in order', async () => {
    const failing = readAhead([1, 2, 3], 3, async (n) => {
      if (n === 2) throw new Error('call 2 failed');
      return n;
    });
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const r of failing) got.push(r);
      })(),
    ).rejects.toThrow('call 2 failed');
    expect(got).toEqual([1]);
  });

  it('takes items as an async source makes them, the window as over a list', async () => {
    const made: number[] = [];
    async function* source() {
      for (let n = 1; n <= 5; n++) {
        await tick();
        made.push(n);
        yield n;
      }
    }
    const started: number[] = [];
    const reader = readAhead(source(), 2, (n) => {
      started.push(n);
      return n * 10;
    })[Symbol.asyncIterator]();
    expect((await reader.next()).value).toBe(10);
    // The first two started; the third was asked of the source before the first result was handed.
    expect(started).toEqual([1, 2, 3]);
    const rest: number[] = [];
    for (;;) {
      const step = await reader.next();
      if (step.done) break;
      rest.push(step.value);
    }
    expect(rest).toEqual([20, 30, 40, 50]);
    expect(made).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops an async source the reader leaves', async () => {
    let closed = false;
    async function* source() {
      try {
        for (let n = 1; ; n++) yield n;
      } finally {
        closed = true;
      }
    }
    for await (const r of readAhead(source(), 2, (n) => n)) if (r === 3) break;
    expect(closed).toBe(true);
  });
});
