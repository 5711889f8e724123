// The arithmetic bench/report.md gives where a target is missed (bench/lib/report-targets.mjs), on
// results made up for the purpose: the loader's own CPU work bounds every ratio in which ours asks
// for every page again, and only those.
import { describe, expect, it } from 'vitest';
import { judgeTargets } from '../bench/lib/report-targets.mjs';

/** One build as bench/lib/build-scenarios.mjs records it (the fields the targets read). */
const build = (elapsedMs: number, loadMs: number) => ({
  elapsedMs,
  peakRss: 900 * 2 ** 20,
  rendered: 9490,
  reused: 0,
  loader: { loadMs },
  dataStore: { bytes: 8_000_000, files: 1 },
  requests: { total: 9491, byOperation: { 'meta/Get': 9490 } },
});

const results = {
  rebuilds: {
    size: 10_000,
    latencyMs: 20,
    configs: {
      plain: {
        ours: { cold: [build(20_300, 5_770)], unchanged: [build(20_100, 5_530)] },
        chunks: { cold: [build(24_000, 11_100)], unchanged: [build(26_800, 11_100)] },
      },
      incremental: {
        ours: { unchanged: [{ ...build(13_800, 1_950), rendered: 0, reused: 9490 }] },
        chunks: { unchanged: [{ ...build(22_500, 11_700), rendered: 0, reused: 9490 }] },
      },
    },
    naive: { cold: [build(223_000, 206_300)] },
  },
  // The loaders alone at 0 ms for the same catalog (their own CPU work), and the ceiling beside them.
  loaders: {
    full: [
      {
        size: 10_000,
        latencyMs: 0,
        ours: { time: { median: 4_380 }, runs: [{ server: { total: 9_794 } }] },
        ceiling: { time: { median: 2_300 }, runs: [{ requests: 9_794 }] },
      },
    ],
  },
};

const why = (name: RegExp) => {
  const row = judgeTargets(results).find((r) => name.test(r.name));
  expect(row?.met, String(name)).toBe(false);
  return row?.why ?? '';
};

describe('bench report: why a target was missed', () => {
  it('bounds the cold build by Astro’s own work plus the loaders’ CPU work', () => {
    expect(why(/^Cold .* unlimited capacity/)).toContain('24.0 s ÷ (14.5 s + 4.38 s) = 1.27×');
  });

  it('bounds the exact default’s rebuild the same way: it asks for every page again', () => {
    const text = why(/exact default/);
    expect(text).toContain('best possible ratio here is 26.8 s ÷ 14.6 s = 1.84×');
    expect(text).toContain('26.8 s ÷ (14.6 s + 4.38 s) = 1.41×');
  });

  it('does not bound the maxAge rebuild by the full load’s CPU work: it reuses the meta', () => {
    const text = why(/ours with `maxAge` and the incremental build/);
    expect(text).toContain('22.5 s ÷ 11.8 s = 1.90×');
    expect(text).not.toContain('Nor can the loader');
  });
});
