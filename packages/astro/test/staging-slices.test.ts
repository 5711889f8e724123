/**
 * How long staging works before it lets answers in (staging.ts): short slices while the event loop
 * mostly waits on the service, so requests are sent sooner; longer ones once it is busy, where
 * each turn of the loop only costs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sliceFor } from '../src/build-time/staging/staging.js';

describe('sliceFor: staging slices follow the event loop use', () => {
  it('yields every millisecond while the loop waits on the service, every 4 ms once it is busy', () => {
    // At 20 ms of latency a load keeps the loop busy 30-70 % of the time; at 0 ms, 80-100 %.
    expect(sliceFor(0.35)).toBe(1);
    expect(sliceFor(0.7)).toBe(1);
    expect(sliceFor(0.85)).toBe(4);
    expect(sliceFor(1)).toBe(4);
    // A runtime that cannot tell (the client's web build) keeps the longer slice.
    expect(sliceFor(undefined)).toBe(4);
  });

  it('never gives a shorter slice to a busier loop', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b) => {
          const [idler, busier] = a <= b ? [a, b] : [b, a];
          expect(sliceFor(busier)).toBeGreaterThanOrEqual(sliceFor(idler));
        },
      ),
    );
  });
});
