/** Capacity mode: N workers, a FIFO queue for the rest, and the counts in `stats.load`. */
import { describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { KEY, startTestEmulator } from './helpers/index.js';

function metaGet(emu: Emulator, id: number, signal?: AbortSignal): Promise<Response> {
  return fetch(`${emu.url}/v1/meta/Get?key=${KEY}&sid=1&md=goods&id=${id}`, { signal });
}

/** Sends `n` requests at once; resolves with each one's time to its answer (ms), in sending order. */
async function burst(emu: Emulator, n: number): Promise<number[]> {
  const started = performance.now();
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const res = await metaGet(emu, i + 1);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return performance.now() - started;
    }),
  );
}

async function until(cond: () => boolean): Promise<void> {
  const end = Date.now() + 5_000;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('capacity: at most N requests served at once', () => {
  it('a burst of 3N never has more than N in service; the rest wait their turn', async () => {
    const emu = await startTestEmulator({ capacity: 4, faults: { latencyMs: 60 } });
    try {
      const times = (await burst(emu, 12)).sort((a, b) => a - b);
      expect(emu.stats.load).toEqual({
        inService: 0,
        peakInService: 4,
        waiting: 0,
        peakWaiting: 8,
        queued: 8,
        served: 12,
      });
      // Lower bounds only (a slow machine can only add time): the k-th answer needs ⌈k/4⌉ turns.
      expect(times[4]).toBeGreaterThanOrEqual(115);
      expect(times[8]).toBeGreaterThanOrEqual(175);
    } finally {
      await emu.close();
    }
  });

  it('queued requests are served in arrival order', async () => {
    const emu = await startTestEmulator({ capacity: 1, faults: { latencyMs: 15 } });
    try {
      const order: number[] = [];
      const pending: Promise<void>[] = [];
      for (let i = 0; i < 8; i++) {
        pending.push(
          metaGet(emu, i + 1).then(async (res) => {
            await res.arrayBuffer();
            order.push(i);
          }),
        );
        // The next request leaves only once this one has reached the server: arrival order is known.
        await until(() => emu.stats.total === i + 1);
      }
      await Promise.all(pending);
      expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(emu.stats.load.peakInService).toBe(1);
      expect(emu.stats.load.queued).toBeGreaterThanOrEqual(6);
    } finally {
      await emu.close();
    }
  });

  it('a client that gives up while queued costs no worker', async () => {
    const emu = await startTestEmulator({ capacity: 1, faults: { latencyMs: 80 } });
    try {
      const first = metaGet(emu, 1);
      await until(() => emu.stats.load.inService === 1);
      const ac = new AbortController();
      const second = metaGet(emu, 2, ac.signal).catch((e: unknown) => e);
      await until(() => emu.stats.load.waiting === 1);
      ac.abort();
      await until(() => emu.stats.load.waiting === 0);
      expect((await first).status).toBe(200);
      expect(await second).toMatchObject({ name: 'AbortError' });
      await until(() => emu.stats.load.inService === 0);
      expect(emu.stats.load).toMatchObject({ served: 1, queued: 1, peakInService: 1 });
      expect(emu.stats.byStatus[200]).toBe(1);
    } finally {
      await emu.close();
    }
  });

  it('capacity unset: every request is served at once, as before', async () => {
    const emu = await startTestEmulator({ faults: { latencyMs: 60 } });
    try {
      await burst(emu, 12);
      expect(emu.stats.load).toMatchObject({ peakInService: 12, queued: 0, peakWaiting: 0, served: 12 });
    } finally {
      await emu.close();
    }
  });

  it('resetStats keeps the live counts and restarts the rest', async () => {
    const emu = await startTestEmulator({ capacity: 1, faults: { latencyMs: 80 } });
    try {
      const first = metaGet(emu, 1);
      const second = metaGet(emu, 2);
      await until(() => emu.stats.load.waiting === 1);
      emu.resetStats();
      expect(emu.stats.load).toEqual({
        inService: 1,
        peakInService: 1,
        waiting: 1,
        peakWaiting: 1,
        queued: 0,
        served: 0,
      });
      await Promise.all([first, second].map(async (p) => (await p).arrayBuffer()));
      expect(emu.stats.load).toMatchObject({ inService: 0, waiting: 0, served: 2 });
    } finally {
      await emu.close();
    }
  });

  it('a capacity that is not a whole number ≥ 1 is refused', async () => {
    for (const capacity of [0, -1, 2.5, Number.NaN]) {
      await expect(startTestEmulator({ capacity })).rejects.toThrow(/capacity must be a whole number/);
    }
  });
});
