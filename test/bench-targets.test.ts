// The arithmetic bench/report.md gives where a target is missed (bench/lib/report-targets.mjs), on
// results made up for the purpose: the loader's own CPU work bounds every ratio in which ours asks
// for every page again, and only those.
import { describe, expect, it } from 'vitest';
import { judgeTargets, targetsSection } from '../bench/lib/report-targets.mjs';

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

describe('bench report: verdicts near the line', () => {
  /** Three cold-build pairs of ours against chunks-of-32 with the given ratios (chunks ÷ ours). */
  const withColdRatios = (ratios: number[]) => ({
    ...results,
    rebuilds: {
      ...results.rebuilds,
      configs: {
        ...results.rebuilds.configs,
        plain: {
          ...results.rebuilds.configs.plain,
          ours: { ...results.rebuilds.configs.plain.ours, cold: ratios.map(() => build(10_000, 4_000)) },
          chunks: {
            ...results.rebuilds.configs.plain.chunks,
            cold: ratios.map((x) => build(10_000 * x, 7_600)),
          },
        },
      },
    },
  });
  const coldVerdict = (ratios: number[]) => {
    const lines: string[] = [];
    targetsSection(withColdRatios(ratios), (line = '') => lines.push(line));
    const row = lines.find((l) => l.startsWith('| Cold 10,000-product build at 20 ms, unlimited'));
    return row?.split(' | ').at(-1)?.replace(/ \|$/, '');
  };

  it('says how many pairs fell short of a target met on the median', () => {
    expect(coldVerdict([1.27, 1.35, 1.32])).toBe('**met** on the median; 1 of 3 pairs below 1.3×');
  });

  it('says how many pairs reached a target missed on the median', () => {
    expect(coldVerdict([1.31, 1.25, 1.28])).toBe('**missed** on the median; 1 of 3 pairs reached 1.3×');
  });

  it('gives the bare verdict when every pair is on the same side', () => {
    expect(coldVerdict([1.31, 1.35, 1.33])).toBe('**met**');
    expect(coldVerdict([1.2, 1.25, 1.28])).toBe('**missed**');
  });
});
