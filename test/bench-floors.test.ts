// The floors table of bench/report.md (bench/lib/report-floors.mjs), on builds made up for the
// purpose: the floor is the hand-written loader's Astro own work plus requests × latency ÷ in flight.
import { describe, expect, it } from 'vitest';
import { floorsSection, scenarioFloors } from '../bench/lib/report-floors.mjs';

const build = (elapsedMs: number, loadMs: number, requests = 9_493) => ({
  elapsedMs,
  loader: { loadMs },
  requests: { total: requests },
});

describe('floors', () => {
  it('takes Astro own work from the hand-written build and the network floor from ours, pair by pair', () => {
    const ours = [build(19_600, 4_900), build(20_000, 5_000), build(19_000, 4_800)];
    const chunks = [build(21_300, 9_100), build(21_000, 9_000), build(22_000, 9_500)];
    const f = scenarioFloors(ours, chunks, 20, 64, 1.1);
    // 9,493 requests × 20 ms ÷ 64 in flight.
    expect(f.network).toBeCloseTo(2_966.56, 1);
    expect(f.astroBaseline).toBe(12_200);
    expect(f.astroOurs).toBe(14_700);
    expect(f.floor).toBeCloseTo(12_200 + 2_966.56, 1);
    expect(f.ratio).toBeCloseTo(19_600 / (12_200 + 2_966.56), 3);
    expect(f.pairs).toBe(3);
    expect(f.above).toBe(3);
  });

  it('leaves out a pair with a failed run, keeping the others by their run index', () => {
    const f = scenarioFloors(
      [build(19_600, 4_900), null, build(19_000, 4_800)],
      [build(21_300, 9_100), build(21_000, 9_000), build(22_000, 9_500)],
      20,
      64,
    );
    expect(f.pairs).toBe(2);
    expect(f.ratios).toHaveLength(2);
    expect(f.ratios[1]).toBeCloseTo(19_000 / (12_500 + 2_966.56), 3);
  });

  it('writes one row per scenario that both loaders ran', () => {
    const lines: string[] = [];
    floorsSection(
      {
        meta: { maxConcurrency: 64 },
        rebuilds: {
          latencyMs: 20,
          runs: 1,
          configs: {
            plain: { ours: { cold: [build(19_600, 4_900)] }, chunks: { cold: [build(21_300, 9_100)] } },
            incremental: { ours: { unchanged: [build(9_000, 900, 3)] }, chunks: {} },
          },
        },
      },
      (s = '') => lines.push(s),
    );
    const rows = lines.filter((l) => l.startsWith('| plain') || l.startsWith('| incremental'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(
      /^\| plain, cold \| 12\.2 s \| 14\.7 s \| 2\.97 s \| 15\.2 s \| 19\.6 s \| 1\.29× \(1 pairs\) \|$/,
    );
  });
});
