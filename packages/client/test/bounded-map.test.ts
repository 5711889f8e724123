import { describe, expect, it, vi } from 'vitest';
import { mapBounded, streamBounded } from '../src/http/bounded-map.js';

/** A gate a test opens by hand: `wait()` settles once `open()` is called. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait: () => opened };
}

describe('streamBounded', () => {
  it('hands out each result in order as soon as it and those before it are in', async () => {
    const gates = Array.from({ length: 6 }, gate);
    const started: number[] = [];
    const stream = streamBounded([0, 1, 2, 3, 4, 5], 3, async (n) => {
      started.push(n);
      await gates[n]!.wait();
      return n * 10;
    });
    // The calls start at once, not at the first read.
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    const reader = stream[Symbol.asyncIterator]();
    gates[1]!.open();
    gates[0]!.open();
    expect(await reader.next()).toEqual({ done: false, value: 0 });
    expect(await reader.next()).toEqual({ done: false, value: 10 });
    // Item 3 is in before item 2: it waits for its turn.
    gates[3]!.open();
    await vi.waitFor(() => expect(started).toContain(4));
    const third = reader.next();
    gates[2]!.open();
    expect(await third).toEqual({ done: false, value: 20 });
    expect(await reader.next()).toEqual({ done: false, value: 30 });
    gates[4]!.open();
    gates[5]!.open();
    expect(await reader.next()).toEqual({ done: false, value: 40 });
    expect(await reader.next()).toEqual({ done: false, value: 50 });
    expect(await reader.next()).toEqual({ done: true, value: undefined });
    expect(stream.length).toBe(6);
  });

  it('throws the first failure at the next read, once the running calls have settled', async () => {
    const settled: string[] = [];
    const stream = streamBounded([0, 1, 2, 3, 4, 5, 6, 7], 3, async (n, _i, signal) => {
      if (n === 1) throw new Error('boom');
      await new Promise((r) => setTimeout(r, 10));
      settled.push(`${n}${signal.aborted ? ' aborted' : ''}`);
      return n;
    });
    const reader = stream[Symbol.asyncIterator]();
    await expect(reader.next()).rejects.toThrow('boom');
    // 0 and 2 were running and saw the abort; nothing after the failure started.
    expect(settled.sort()).toEqual(['0 aborted', '2 aborted']);
  });

  it('stopping the iteration early aborts the calls in flight and starts no more', async () => {
    const started: number[] = [];
    const aborted: number[] = [];
    const stream = streamBounded(
      Array.from({ length: 20 }, (_, i) => i),
      2,
      async (n, _i, signal) => {
        started.push(n);
        if (n > 0) await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
        if (signal.aborted) aborted.push(n);
        return n;
      },
    );
    for await (const n of stream) {
      expect(n).toBe(0);
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
    expect(aborted.length).toBeGreaterThan(0);
    expect(started.length).toBeLessThanOrEqual(3);
  });
});

describe('mapBounded', () => {
  it('never runs more than the limit at once and keeps order', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapBounded(
      Array.from({ length: 50 }, (_, i) => i),
      4,
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 1));
        running--;
        return n * 2;
      },
    );
    expect(peak).toBe(4);
    expect(out[49]).toBe(98);
  });

  it('stops on the first failure and aborts the others', async () => {
    const aborted: boolean[] = [];
    await expect(
      mapBounded([1, 2, 3, 4, 5, 6], 2, async (n, _i, signal) => {
        if (n === 2) throw new Error('boom');
        await new Promise((r) => setTimeout(r, 5));
        aborted.push(signal.aborted);
        return n;
      }),
    ).rejects.toThrow('boom');
    expect(aborted.length).toBeLessThan(5);
  });

  it('tells the progress of each call that resolved', async () => {
    let ticks = 0;
    const out = await mapBounded([1, 2, 3], 2, async (n) => n, {
      tick: () => {
        ticks++;
      },
    });
    expect(out).toEqual([1, 2, 3]);
    expect(ticks).toBe(3);
  });

  it('an aborted signal starts no further call; the running ones see it and settle before the rejection', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const settled: string[] = [];
    const run = mapBounded(
      Array.from({ length: 10 }, (_, i) => i),
      2,
      async (n, _i, signal) => {
        started.push(n);
        if (n === 1) controller.abort(new Error('stop here'));
        await new Promise((r) => setTimeout(r, 5));
        settled.push(`${n}${signal.aborted ? ' aborted' : ''}`);
        return n;
      },
      undefined,
      controller.signal,
    );
    await expect(run).rejects.toThrow('stop here');
    expect(started).toEqual([0, 1]);
    expect(settled.sort()).toEqual(['0 aborted', '1 aborted']);
  });

  it('starts nothing under a signal aborted before the run', async () => {
    let calls = 0;
    const reason = new Error('already aborted');
    const run = mapBounded(
      [1, 2, 3],
      2,
      async (n) => {
        calls++;
        return n;
      },
      undefined,
      AbortSignal.abort(reason),
    );
    await expect(run).rejects.toBe(reason);
    expect(calls).toBe(0);
  });

  it('runs one call at a time under a limit below 1 or not a whole number, and maps no items to none', async () => {
    for (const limit of [0, 0.5, Number.NaN]) {
      let running = 0;
      let peak = 0;
      const out = await mapBounded([1, 2, 3], limit, async (n) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 1));
        running--;
        return n;
      });
      expect(out).toEqual([1, 2, 3]);
      expect(peak).toBe(1);
    }
    expect(await mapBounded([], 4, async (n: number) => n)).toEqual([]);
  });
});
