// A load's fan-outs send their calls in the order they were made: a later one's wait until every call
// of the earlier ones has been sent, so the part staged first gets its answers first; a failed load
// ends every wait.
import { streamBounded } from '@sitecontent/client/internal';
import { describe, expect, it } from 'vitest';
import { FanOutTurns } from '../src/build-time/load-run/fan-out-turns.js';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('FanOutTurns', () => {
  it("a later fan-out's calls start after every call of the earlier ones has started", async () => {
    const turns = new FanOutTurns();
    const sent: string[] = [];
    const fanOut = (name: string, count: number) => {
      const call = turns.inTurn(count, async (n: number) => {
        sent.push(`${name}${n}`);
        await later(5);
        return n;
      });
      return streamBounded(
        Array.from({ length: count }, (_, i) => i),
        2,
        (n, _i, signal) => call(n, signal),
      );
    };
    const first = fanOut('a', 5);
    const empty = fanOut('e', 0);
    const second = fanOut('b', 3);
    const collect = async (results: AsyncIterable<number>) => {
      const out: number[] = [];
      for await (const r of results) out.push(r);
      return out;
    };
    // Read the second first: its calls still wait for the first's.
    const [b, a, e] = await Promise.all([collect(second), collect(first), collect(empty)]);
    expect([a, b, e]).toEqual([[0, 1, 2, 3, 4], [0, 1, 2], []]);
    expect(sent).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'b0', 'b1', 'b2']);
  });

  it('an abort ends the wait of a later fan-out whose earlier one never sends all its calls', async () => {
    const turns = new FanOutTurns();
    const abort = new AbortController();
    // The first fan-out is stopped after one call: its last calls are never sent.
    const stuck = turns.inTurn(3, async () => {
      abort.abort(new Error('the load failed'));
      throw new Error('meta/Get failed');
    });
    const first = streamBounded([0, 1, 2], 1, (n, _i, signal) => stuck(n, signal), undefined, abort.signal);
    const waiting = turns.inTurn(1, async (n: number) => n);
    const second = streamBounded([7], 1, (n, _i, signal) => waiting(n, signal), undefined, abort.signal);
    await expect(
      (async () => {
        for await (const _ of first);
      })(),
    ).rejects.toThrow('the load failed');
    // The second run settles (aborted) instead of waiting for ever.
    await expect(
      (async () => {
        for await (const _ of second);
      })(),
    ).rejects.toThrow('the load failed');
  });
});
