/**
 * The event loop's use as the sliced work reads it (runtime/loop-use.ts): Node's gauge over windows
 * of 25 ms or more, the web build's that reads nothing, and the typing pass that follows it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SHORT_TYPING_SLICE_ROWS,
  TYPING_SLICE_ROWS,
  TypingPass,
  typingRowsFor,
} from '../src/resources/typing-pass.js';
import { LOOP_USE_WINDOW_MS, type LoopUseGauge, WAITING_USE } from '../src/runtime/loop-use.js';
import { loopUseGauge } from '../src/runtime/node.js';
import { loopUseGauge as webLoopUseGauge } from '../src/runtime/web.js';

/** Keeps the event loop busy for `ms`. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

describe("Node's loop-use gauge", () => {
  it('reads a busy loop as busy and a waiting one as waiting, over windows of 25 ms or more', async () => {
    const gauge = loopUseGauge();
    spin(LOOP_USE_WINDOW_MS + 15);
    const busy = gauge();
    expect(busy).toBeGreaterThan(0.8);
    // Within the window, the last window's reading again: a few busy milliseconds do not move it.
    spin(3);
    expect(gauge()).toBe(busy);
    await sleep(LOOP_USE_WINDOW_MS * 3);
    const waiting = gauge();
    expect(waiting).toBeLessThan(WAITING_USE);
  });

  it('reads nothing in the web build: no runtime there tells its loop use', () => {
    const gauge = webLoopUseGauge();
    spin(LOOP_USE_WINDOW_MS + 5);
    expect(gauge()).toBeUndefined();
  });
});

describe('typingRowsFor: typing slices follow the loop use', () => {
  it('types 64 rows a slice while the loop waits on the service, 256 once it is busy or unknown', () => {
    expect(typingRowsFor(0.4)).toBe(SHORT_TYPING_SLICE_ROWS);
    expect(typingRowsFor(0.7)).toBe(SHORT_TYPING_SLICE_ROWS);
    expect(typingRowsFor(0.9)).toBe(TYPING_SLICE_ROWS);
    expect(typingRowsFor(undefined)).toBe(TYPING_SLICE_ROWS);
  });

  it('never gives fewer rows to a busier loop', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b) => {
          const [idler, busier] = a <= b ? [a, b] : [b, a];
          expect(typingRowsFor(busier)).toBeGreaterThanOrEqual(typingRowsFor(idler));
        },
      ),
    );
  });

  it('slices a read by the readings: a short first slice, then as the gauge says, every row once and in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2000 }),
        fc.array(fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }), {
          minLength: 1,
          maxLength: 40,
        }),
        async (rowCount, readings) => {
          let read = 0;
          const gauge: LoopUseGauge = () => readings[read++ % readings.length];
          const pass = new TypingPass(
            rowCount,
            async (from, to) => Array.from({ length: to - from }, (_, i) => from + i),
            gauge,
          );
          const slices: number[][] = [];
          for await (const slice of pass.slices()) slices.push(slice);
          expect(slices.flat()).toEqual(Array.from({ length: rowCount }, (_, i) => i));
          slices.forEach((slice, i) => {
            // Each slice after the first reads the gauge once, before it is typed.
            const wanted =
              i === 0 ? SHORT_TYPING_SLICE_ROWS : typingRowsFor(readings[(i - 1) % readings.length]);
            if (i < slices.length - 1) expect(slice).toHaveLength(wanted);
            else expect(slice.length).toBeLessThanOrEqual(wanted);
          });
        },
      ),
      { numRuns: 50 },
    );
  });
});
