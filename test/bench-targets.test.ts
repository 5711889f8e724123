// The targets of bench/report.md (bench/lib/report-targets.mjs) judged on results made up for the
// purpose: each against its floor or baseline pair by pair, and the arithmetic given where one is
// missed.
import { describe, expect, it } from 'vitest';
import { judgeTargets, targetsSection } from '../bench/lib/report-targets.mjs';

/** One build as bench/lib/measure-build.mjs records it (the fields the targets read). */
const build = (elapsedMs: number, loadMs: number, requests = 9_491) => ({
  elapsedMs,
  peakRss: 900 * 2 ** 20,
  rendered: 9490,
  reused: 0,
  loader: { loadMs },
  dataStore: { bytes: 8_000_000, files: 1 },
  requests: { total: requests, byOperation: { 'meta/Get': 9490 } },
});

const results = {
  meta: { maxConcurrency: 64 },
  rebuilds: {
    size: 10_000,
    latencyMs: 20,
    configs: {
      plain: {
        // Floor: 11,000 (hand-written Astro own work) + 9,491 × 20 ÷ 64 = 13,966 ms.
        ours: { cold: [build(16_000, 4_000)], unchanged: [build(20_100, 5_530)] },
        chunks: { cold: [build(20_000, 9_000)], unchanged: [build(26_800, 11_100)] },
      },
      incremental: {
        ours: { unchanged: [{ ...build(9_000, 300, 3), rendered: 0, reused: 9490 }] },
        chunks: { unchanged: [{ ...build(16_000, 8_500), rendered: 0, reused: 9490 }] },
      },
    },
  },
  loaders: {
    full: [],
    unchanged: {
      size: 10_000,
      latencyMs: 20,
      ours: { time: { median: 300 }, runs: [{ elapsedMs: 300, entries: 9_524 }] },
      floor: { time: { median: 200 }, runs: [{ elapsedMs: 200, entries: 9_524 }] },
    },
  },
  entryBytes: {
    entries: 9_524,
    raw: 474,
    ours: 700,
    allowed: 157,
    ratio: 700 / 474,
    beyondRatio: (700 - 157) / 474,
    oursFields: [{ field: 'img', bytes: 143 }],
  },
};

const row = (name: RegExp, from: object = results) => {
  const found = judgeTargets(from).find((r) => name.test(r.name));
  expect(found, String(name)).toBeDefined();
  return found!;
};

describe('bench report: the targets against their floors', () => {
  it('judges the cold build against the hand-written build’s Astro own work plus the network floor', () => {
    const cold = row(/^Cold .*within 1\.1× of the floor/);
    expect(cold.ratio).toBe(`${(16_000 / (11_000 + (9_491 * 20) / 64)).toFixed(2)}× (1 pair)`);
    expect(cold.met).toBe(false);
    expect(cold.why).toContain('its products loader 4.00 s against the network floor of 2.97 s');
    expect(cold.why).toContain("Astro's own work 12.0 s against 11.0 s in the hand-written build");
    expect(row(/whole process: ≥ 1\.2× faster/).met).toBe(true);
  });

  it('judges the unchanged rebuild against the hand-written build’s Astro own work, incremental build on', () => {
    const unchanged = row(/within 1\.15× of the hand-written build's Astro own work/);
    expect(unchanged.ratio).toBe(`${(9_000 / 7_500).toFixed(2)}× (1 pair)`);
    expect(unchanged.met).toBe(false);
    expect(unchanged.why).toContain('1.15× allows 8.63 s; ours took 9.00 s: its products loader 300 ms');
  });

  it('judges the unchanged rebuild against the hand-written build whole, and says what its ratio would need', () => {
    const whole = row(/≥ 1\.8× faster than the hand-written build/);
    expect(whole.ratio).toBe(`${(16_000 / 9_000).toFixed(2)}× (1 pair)`);
    expect(whole.met).toBe(false);
    expect(whole.why).toContain(
      "1.8× needs ours ≤ 16.0 s ÷ 1.8 = 8.89 s; it took 9.00 s: the products loader 300 ms, Astro's own work the other 8.70 s.",
    );
    // Astro's own work alone bounds the ratio: 16,000 ÷ 8,700.
    expect(whole.why).toContain('the best possible ratio here is 16.0 s ÷ 8.70 s = 1.84×');
    expect(whole.why).toContain("The baseline's loader took 8.50 s");
  });

  it('judges the README page against the hand-written one, and gives the loader and the rest when missed', () => {
    const readme = {
      size: 10_000,
      latencyMs: 20,
      ours: [{ ...build(16_000, 4_300), phases: { pagesMs: 8_000 } }],
      chunks: [{ ...build(19_200, 8_600), phases: { pagesMs: 7_400 } }],
    };
    const page = row(/the README's page/, { ...results, readme });
    expect(page.ratio).toBe(`${(19_200 / 16_000).toFixed(2)}× (1 pair)`);
    expect(page.met).toBe(false);
    expect(page.why).toContain(
      "1.25× needs ours ≤ 19.2 s ÷ 1.25 = 15.4 s; it took 16.0 s: the products loader 4.30 s, Astro's own work the other 11.7 s.",
    );
    expect(page.why).toContain('the best possible ratio here is 19.2 s ÷ 11.7 s = 1.64×');
    expect(page.why).toContain("The baseline's loader took 8.60 s");
  });

  it('judges the loader’s own unchanged time against one goods/Get read and a digest compare', () => {
    const loader = row(/the products loader's own time within 1\.0×/);
    expect(loader.ratio).toBe('1.50× (1 pair)');
    expect(loader.met).toBe(false);
    expect(loader.why).toContain('1.0× allows 200 ms; ours took 300 ms for 9,524 entries');
  });

  it('judges the products loader alone against the autocannon replay plus the serial goods/Get, pair by pair', () => {
    // Two runs: 4,000 ÷ (3,400 + 240) = 1.099 and 4,200 ÷ (3,500 + 200) = 1.135.
    const run = (elapsedMs: number, ceilingMs: number, serialReadMs: number) => ({
      elapsedMs,
      sent: 9_493,
      ceilingMs,
      serialReadMs,
      overReplay: elapsedMs / (ceilingMs + serialReadMs),
    });
    const runs = [run(4_000, 3_400, 240), run(4_200, 3_500, 200)];
    const med = (values: number[]) => ({
      median: values.sort((a, b) => a - b)[Math.floor(values.length / 2)],
      n: values.length,
    });
    const loaderFloor = [
      {
        size: 10_000,
        latencyMs: 20,
        allowed: 64,
        runs,
        time: med(runs.map((r) => r.elapsedMs)),
        floor: med([2_967, 2_967]),
        ceiling: med(runs.map((r) => r.ceilingMs)),
        serialRead: med(runs.map((r) => r.serialReadMs)),
        overReplay: med(runs.map((r) => r.overReplay)),
      },
    ];
    const loader = row(
      /^The products loader alone .*within 1\.1× of the same requests replayed by autocannon plus the one serial/,
      {
        ...results,
        loaderFloor,
      },
    );
    expect(loader.ratio).toBe('1.12× (1.10×–1.14×, 2 pairs)');
    expect(loader.met).toBe(false);
    expect(loader.why).toContain('1.1× of 3.50 s + 240 ms allows 4.11 s; ours took 4.20 s');
  });

  it('judges a product entry’s bytes beside what it may add against the raw record', () => {
    const bytes = row(/A product entry/);
    expect(bytes.ratio).toBe('1.146× (1.477× with them)');
    expect(bytes.met).toBe(true);
    const over = row(/A product entry/, {
      ...results,
      entryBytes: { ...results.entryBytes, ours: 750, beyondRatio: (750 - 157) / 474 },
    });
    expect(over.met).toBe(false);
    expect(over.why).toContain('1.15× allows 545 bytes beside section, URL and meta; ours stores 593');
  });

  it('takes the comparison with earlier code when given, else says it was not measured', () => {
    expect(row(/Nothing slower elsewhere/).met).toBeUndefined();
    const pair = (ratio: number) => ({ ratio, base: 1_500, now: 1_500 * ratio, order: ['base', 'now'] });
    const versus = {
      meta: { base: { commit: '6190633' } },
      rows: [
        {
          label: 'loaders alone, 10,000 products at 0 ms',
          pairs: [pair(0.95), pair(1.02), pair(0.98)],
          summary: { now: { median: 1_480 }, base: { median: 1_520 } },
        },
      ],
    };
    const judged = row(/Nothing slower elsewhere: loaders alone/, { ...results, versus });
    expect(judged.met).toBe(true);
    expect(judged.ratio).toBe('0.98× (0.95×–1.02×, 3 pairs)');
  });
});

describe('bench report: verdicts near the line', () => {
  /** Cold-build pairs of ours against chunks-of-32 with the given ratios (chunks ÷ ours). */
  const withColdRatios = (ratios: number[]) => ({
    ...results,
    rebuilds: {
      ...results.rebuilds,
      configs: {
        ...results.rebuilds.configs,
        plain: {
          ours: { cold: ratios.map(() => build(10_000, 4_000)) },
          chunks: { cold: ratios.map((x) => build(10_000 * x, 7_600)) },
        },
      },
    },
  });
  const verdictOf = (ratios: number[], rowStart: string) => {
    const lines: string[] = [];
    targetsSection(withColdRatios(ratios), (line = '') => lines.push(line));
    const line = lines.find((l) => l.startsWith(rowStart));
    return line?.split(' | ').at(-1)?.replace(/ \|$/, '');
  };
  const coldVerdict = (ratios: number[]) => verdictOf(ratios, '| Cold 10,000-product build at 20 ms, whole');

  it('says how many pairs fell short of a target met on the median', () => {
    expect(coldVerdict([1.17, 1.25, 1.22])).toBe('**met** on the median; 1 of 3 pairs below 1.2×');
  });

  it('says how many pairs reached a target missed on the median', () => {
    expect(coldVerdict([1.21, 1.15, 1.18])).toBe('**missed** on the median; 1 of 3 pairs reached 1.2×');
  });

  it('gives the bare verdict when every pair is on the same side', () => {
    expect(coldVerdict([1.21, 1.25, 1.23])).toBe('**met**');
    expect(coldVerdict([1.1, 1.15, 1.18])).toBe('**missed**');
  });

  it('counts the pairs above an at-most target the same way', () => {
    // Floor of each pair: (10,000 × x − 7,600) + 9,491 × 20 ÷ 64; ours 10,000.
    const floorVerdict = (ratios: number[]) =>
      verdictOf(ratios, '| Cold 10,000-product build at 20 ms: within');
    expect(floorVerdict([0.75, 0.8, 0.85])).toMatch(/^\*\*(met|missed)\*\*/);
    expect(floorVerdict([2.5, 2.5, 0.5])).toBe('**met** on the median; 1 of 3 pairs above 1.1×');
  });
});
