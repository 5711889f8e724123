// `node bench/versus.mjs --quick` end to end, with this checkout as its own base (so no second checkout
// is needed): every loaders-alone scenario runs its warm-up and its pair against a small emulator
// catalog, and the JSON holds two numbers and a ratio per pair. Counts and shapes are checked, never
// times (the machine is shared). The verdict's arithmetic is checked on numbers made up for it.
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_WORSE_RATIO, summarizePairs, verdictOf } from '../bench/lib/versus-pairs.mjs';
import { pairOrder } from '../bench/lib/versus-sides.mjs';
import { repoRoot } from './helpers/storefront.js';

interface Row {
  id: string;
  label: string;
  pairs: { order: string[]; base: number; now: number; ratio: number }[];
  summary: { pairs: number; slowerNow: number; ratio: { median: number } };
  verdict: string;
}
interface RebuildRun {
  changed: number;
  unchanged: { written: number };
  afterChange: { written: number };
}
interface Results {
  meta: { base: { commit: string }; now: { commit: string }; size: number; pairs: number };
  rows: Row[];
  scenarios: { id: string; warmUp: Record<'base' | 'now', unknown> | null; pairs: unknown[] }[];
  errors: { label: string; message: string }[];
}

describe('node bench/versus.mjs --quick', () => {
  let out: string;
  let stdout = '';
  let output = '';
  let code: number | null = null;
  let results: Results;

  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'bench-versus-'));
    const child = spawn(
      process.execPath,
      ['bench/versus.mjs', '--quick', '--base', repoRoot, '--out', path.join(out, 'versus.json')],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    results = JSON.parse(await readFile(path.join(out, 'versus.json'), 'utf8')) as Results;
  }, 120_000);
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('finishes every scenario without a failed run', () => {
    expect(code, output.slice(-3000)).toBe(0);
    expect(results.errors).toEqual([]);
    expect(results.meta.base.commit).toBe(results.meta.now.commit);
    expect(results.meta).toMatchObject({ size: 300, pairs: 1 });
  });

  it('has every loaders-alone scenario, each with a warm-up of both sides and its pair', () => {
    expect(results.scenarios.map((s) => s.id)).toEqual([
      'loaders-0ms',
      'loaders-20ms',
      'mods-0ms',
      'rebuild',
    ]);
    for (const scenario of results.scenarios) {
      expect(scenario.warmUp?.base, scenario.id).toBeTruthy();
      expect(scenario.warmUp?.now, scenario.id).toBeTruthy();
      expect(scenario.pairs).toHaveLength(1);
    }
  });

  it('gives every row two times and a finite ratio per pair', () => {
    expect(results.rows.map((r) => r.id)).toEqual([
      'loaders-0ms',
      'loaders-20ms',
      'mods-0ms',
      'rebuild-1pct',
      'rebuild-unchanged',
    ]);
    for (const row of results.rows) {
      expect(row.pairs, row.id).toHaveLength(1);
      const [pair] = row.pairs;
      expect(pair!.order).toEqual(['base', 'now']);
      expect(pair!.base, row.id).toBeGreaterThan(0);
      expect(pair!.now, row.id).toBeGreaterThan(0);
      expect(Number.isFinite(pair!.ratio), row.id).toBe(true);
      expect(pair!.ratio).toBeCloseTo(pair!.now / pair!.base, 10);
      expect(row.summary.pairs).toBe(1);
      expect(['no worse', 'slower']).toContain(row.verdict);
    }
  });

  it('the rebuild runs reload with nothing written, then write exactly the changed products', () => {
    const rebuild = results.scenarios.find((s) => s.id === 'rebuild')!;
    const pair = rebuild.pairs[0] as Record<'base' | 'now', RebuildRun>;
    for (const run of [pair.base, pair.now]) {
      expect(run.changed).toBeGreaterThan(0);
      expect(run.unchanged.written).toBe(0);
      expect(run.afterChange.written).toBe(run.changed);
    }
  });

  it('prints a Markdown table with a row per measured number and the band of its verdict', () => {
    expect(stdout).toContain('| Scenario | Base (median) | Now (median) |');
    expect(stdout).toContain(`at most ${NO_WORSE_RATIO.toFixed(2)}`);
    for (const row of results.rows) expect(stdout).toContain(`| ${row.label} |`);
  });

  it('joins the targets of the report: npm run bench -- --render --versus FILE', async () => {
    // The published results, re-rendered in a folder of their own with this comparison taken in.
    await copyFile(path.join(repoRoot, 'bench', 'results.json'), path.join(out, 'results.json'));
    await promisify(execFile)(
      process.execPath,
      ['bench/run.mjs', '--render', '--out', out, '--versus', path.join(out, 'versus.json')],
      { cwd: repoRoot },
    );
    const report = await readFile(path.join(out, 'report.md'), 'utf8');
    for (const row of results.rows)
      expect(report).toContain(`| Nothing slower elsewhere: ${row.label}, now against`);
    expect(report).not.toContain('(`bench/versus.mjs`) | – | – | not measured |');
    const saved = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as { versus: Results };
    expect(saved.versus.rows).toHaveLength(results.rows.length);
  });
});

describe('the verdict of a row of pairs', () => {
  it('goes by the median ratio now ÷ base, with the slower pairs counted', () => {
    const summary = summarizePairs([
      { base: 100, now: 104 },
      { base: 100, now: 110 },
      { base: 100, now: 90 },
    ]);
    expect(summary.ratio.median).toBeCloseTo(1.04, 10);
    expect(summary.slowerNow).toBe(2);
    expect(summary.now.median).toBe(104);
    expect(verdictOf(summary)).toBe('no worse');
    expect(verdictOf(summarizePairs([{ base: 100, now: 106 }]))).toBe('slower');
  });

  it('leaves out a pair with a failed run, and measures nothing without a whole pair', () => {
    const summary = summarizePairs([
      { base: Number.NaN, now: 50 },
      { base: 100, now: 100 },
    ]);
    expect(summary.pairs).toBe(1);
    expect(verdictOf(summarizePairs([{ base: 100, now: Number.NaN }]))).toBe('not measured');
  });

  it('flips the order of the sides every pair', () => {
    expect([0, 1, 2].map(pairOrder)).toEqual([
      ['base', 'now'],
      ['now', 'base'],
      ['base', 'now'],
    ]);
  });
});
