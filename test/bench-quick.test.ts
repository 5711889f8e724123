// `npm run bench -- --quick` end to end into a temp folder: every scenario of bench/report.md runs on a
// small catalog (real Astro builds of bench/site/ against the emulator) and the report holds each one
// with plausible numbers. Counts are checked, never times (the machine is shared).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/storefront.js';

/** The first product page of a build, as bench/lib/measure-build.mjs samples it. */
interface PageSample {
  id: string;
  title: string | null;
  canonical: string | null;
  ogTitle: string | null;
  body: string | null;
}

/** A build as bench/lib/measure-build.mjs records it (the fields this test reads). */
interface BuildRun {
  page?: PageSample;
  elapsedMs: number;
  peakRss: number;
  rendered: number;
  reused: number;
  requests: { total: number; byOperation: Record<string, number> };
  service: { peakInService: number };
  client: { peak: number; sent: number };
  loader?: { records: number; written?: number; loadMs?: number; text?: string };
  dataStore: { bytes: number; files: number };
}
type Phases = Record<'cold' | 'unchanged' | 'changed', (BuildRun | null)[]>;
interface Results {
  meta: { plan: { builds: { size: number; latencyMs: number }; sync: { size: number } } };
  errors: { label: string; message: string }[];
  rebuilds: {
    changed: number[];
    configs: Record<'plain' | 'incremental', Record<'ours' | 'chunks', Phases>>;
    naive: { cold: (BuildRun | null)[] };
  };
  capacity: { rows: { capacity: number; ours: (BuildRun | null)[]; chunks: (BuildRun | null)[] }[] };
  sync: { variants: Record<'ours' | 'chunks' | 'oursChunked', { cold: (BuildRun | null)[] }> };
  loaders: {
    full: {
      latencyMs: number;
      ours: { runs: unknown[] };
      naive: { runs: unknown[] };
      ceiling: { runs: unknown[] };
    }[];
    rebuild: {
      runs: { unchanged: { written: number }; changed: number; afterChange: { written: number } }[];
    };
    memory: unknown[];
    mods: unknown[];
    unchanged: {
      size: number;
      ours: { runs: { written: number; entries: number; kept: boolean }[] };
      floor: { runs: { entries: number }[]; time: { median: number } };
    };
  };
  entryBytes: { entries: number; beyondRatio: number; oursFields: { field: string }[] };
  readme: { ours: (BuildRun | null)[]; chunks: (BuildRun | null)[] };
  loaderFloor: {
    latencyMs: number;
    runs: { entries: number; sent: number; floorMs: number; ratio: number | null; ceilingMs: number }[];
  }[];
}

const first = (runs: (BuildRun | null)[] | undefined): BuildRun => {
  const run = runs?.[0];
  expect(run, 'a run of this scenario').toBeTruthy();
  return run!;
};

describe('npm run bench -- --quick', () => {
  let out: string;
  let output = '';
  let code: number | null = null;
  let results: Results;
  let report: string;

  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'bench-quick-'));
    const child = spawn(process.execPath, ['bench/run.mjs', '--quick', '--out', out], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 330_000);
    code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
    report = await readFile(path.join(out, 'report.md'), 'utf8');
  }, 340_000);
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('finishes every scenario without a failure', () => {
    expect(code, output.slice(-3000)).toBe(0);
    expect(results.errors).toEqual([]);
  });

  it('removes its work folder, with the output of every build, once the report is written', () => {
    // Builds keep their folders until the run ends (bench/lib/measure-build.mjs): the run must not
    // leave them behind.
    const workDir = /removing the work folder (\S+)/.exec(output)?.[1];
    expect(workDir, output.slice(-3000)).toMatch(/sitecontent-bench-work-/);
    expect(existsSync(workDir!)).toBe(false);
  });

  it('builds every page cold, with every loader, and counts the requests each sent', () => {
    const { plain, incremental } = results.rebuilds.configs;
    const cold = first(plain.ours.cold);
    const pages = cold.loader!.records;
    expect(pages).toBeGreaterThan(150);
    for (const run of [
      cold,
      first(plain.chunks.cold),
      first(incremental.ours.cold),
      first(incremental.chunks.cold),
    ]) {
      expect(run.rendered).toBe(pages);
      expect(run.reused).toBe(0);
      expect(run.requests.byOperation['meta/Get']).toBe(pages);
      expect(run.peakRss).toBeGreaterThan(100 * 2 ** 20);
      expect(run.elapsedMs).toBeGreaterThan(0);
    }
    // The naive loader: the same pages, one request at a time.
    const naive = first(results.rebuilds.naive.cold);
    expect(naive.rendered).toBe(pages);
    expect(naive.requests.byOperation['meta/Get']).toBe(pages);
    expect(naive.client.peak).toBe(1);
  });

  it('every variant’s pages show the same: title, canonical URL, og:title and the product text', () => {
    const { plain } = results.rebuilds.configs;
    const ours = first(plain.ours.cold).page;
    // Ours ends the URL with `/` as Astro's directory pages and the sitemap do; the hand-written loader does not.
    const path = (url: string | null | undefined) => url?.replace(/\/$/, '');
    expect(ours?.canonical).toMatch(/^https:\/\/shop\.example\/products\/\d+\/$/);
    expect(ours?.ogTitle).toBe(ours?.title);
    expect(ours?.body).toContain('<p>');
    for (const other of [first(plain.chunks.cold), first(results.rebuilds.naive.cold)]) {
      expect(other.page?.id).toBe(ours?.id);
      expect(other.page?.title).toBe(ours?.title);
      expect(path(other.page?.canonical)).toBe(path(ours?.canonical));
      expect(other.page?.ogTitle).toBe(ours?.ogTitle);
      expect(other.page?.body).toContain(ours?.body?.match(/<p>[^<]*<\/p>/)?.[0]);
    }
  });

  it('a rebuild with nothing changed renders no page with maxAge and the incremental build', () => {
    const { plain, incremental } = results.rebuilds.configs;
    const pages = first(plain.ours.cold).loader!.records;
    const ours = first(incremental.ours.unchanged);
    expect(ours.rendered).toBe(0);
    expect(ours.reused).toBe(pages);
    expect(ours.requests.byOperation['meta/Get'] ?? 0).toBe(0);
    expect(ours.requests.byOperation['goods/Get']).toBe(1);
    // Nothing changed, meta fresh: the products loader kept its entries without typing the catalog.
    expect(ours.loader?.text).toMatch(/answers unchanged since the last sync/);
    // The hand-written loader asks for every page's meta again; its unchanged digests skip rendering.
    const chunks = first(incremental.chunks.unchanged);
    expect(chunks.rendered).toBe(0);
    expect(chunks.requests.byOperation['meta/Get']).toBe(pages);
    // Without the incremental build every page is rendered again, with meta asked again (exact).
    for (const run of [first(plain.ours.unchanged), first(plain.chunks.unchanged)]) {
      expect(run.rendered).toBe(pages);
      expect(run.requests.byOperation['meta/Get']).toBe(pages);
    }
  });

  it('a rebuild with 1% changed renders and asks again for exactly the changed products', () => {
    const { incremental } = results.rebuilds.configs;
    const changed = results.rebuilds.changed.at(-1)!;
    expect(changed).toBeGreaterThan(0);
    const ours = first(incremental.ours.changed);
    expect(ours.rendered).toBe(changed);
    expect(ours.requests.byOperation['meta/Get']).toBe(changed);
    expect(first(incremental.chunks.changed).rendered).toBe(changed);
  });

  it('measures the capacity, the sync and chunked storage, and the loaders alone', () => {
    const row = results.capacity.rows.find((r) => r.capacity === 16)!;
    expect(row).toBeTruthy();
    expect(first(row.ours).service.peakInService).toBeLessThanOrEqual(16);
    expect(first(row.chunks).service.peakInService).toBeLessThanOrEqual(16);

    const { ours, chunks, oursChunked } = results.sync.variants;
    for (const run of [first(ours.cold), first(chunks.cold), first(oursChunked.cold)]) {
      expect(run.rendered).toBe(0);
      expect(run.dataStore.bytes).toBeGreaterThan(100_000);
      // Every visible product of the catalog (about 95% of it).
      expect(run.requests.byOperation['meta/Get']).toBeGreaterThan(results.meta.plan.sync.size * 0.8);
    }
    expect(first(ours.cold).dataStore.files).toBe(1);
    expect(first(oursChunked.cold).dataStore.files).toBeGreaterThan(1);

    expect(results.loaders.full.map((r) => r.latencyMs)).toEqual([0, 20]);
    for (const r of results.loaders.full) {
      expect(r.ours.runs).toHaveLength(1);
      expect(r.naive.runs).toHaveLength(1);
      expect(r.ceiling.runs).toHaveLength(1);
    }
    const reload = results.loaders.rebuild.runs[0]!;
    expect(reload.unchanged.written).toBe(0);
    expect(reload.afterChange.written).toBe(reload.changed);
    expect(results.loaders.memory).toHaveLength(1);
    expect(results.loaders.mods).toHaveLength(2);
    // The unchanged reload against its floor: ours writes nothing; the floor finds every record unchanged.
    const { unchanged } = results.loaders;
    expect(unchanged.ours.runs[0]!.written).toBe(0);
    expect(unchanged.ours.runs[0]!.kept).toBe(true);
    expect(unchanged.ours.runs[0]!.entries).toBeGreaterThan(0);
    expect(unchanged.floor.runs[0]!.entries).toBe(unchanged.size);
    expect(unchanged.floor.time.median).toBeGreaterThan(0);
    // A product entry's bytes against the raw record's, with the fields of each.
    expect(results.entryBytes.entries).toBeGreaterThan(0);
    expect(results.entryBytes.beyondRatio).toBeGreaterThan(0.5);
    expect(results.entryBytes.oursFields.map((f) => f.field)).toContain('rendered.html');
  });

  it("builds the README's page against the hand-written page, and the products loader against its floor", () => {
    const ours = first(results.readme.ours);
    const chunks = first(results.readme.chunks);
    const pages = ours.loader!.records;
    for (const run of [ours, chunks]) {
      expect(run.rendered).toBe(pages);
      expect(run.requests.byOperation['meta/Get']).toBe(pages);
      expect(run.peakRss).toBeGreaterThan(100 * 2 ** 20);
    }
    expect(results.loaderFloor.map((r) => r.latencyMs)).toEqual([20, 0]);
    for (const row of results.loaderFloor) {
      const run = row.runs[0]!;
      // goods/Get, dir/Get and a meta/Get per visible product: what the floor is computed from.
      expect(run.sent).toBeGreaterThan(run.entries);
      expect(run.entries).toBeGreaterThan(150);
      // The same requests replayed by autocannon after the run: a time, and at 20 ms never below
      // the floor (no client can beat requests × latency ÷ connections).
      expect(run.ceilingMs).toBeGreaterThan(0);
      if (row.latencyMs > 0) {
        expect(run.floorMs).toBeCloseTo((run.sent * row.latencyMs) / 64);
        expect(run.ratio).toBeGreaterThan(0);
        expect(run.ceilingMs).toBeGreaterThanOrEqual(run.floorMs * 0.95);
      }
    }
    const floorTable = report
      .split('## The products loader against its request floor')[1]!
      .split('\n## ')[0]!;
    expect(floorTable).toContain('| the same requests by autocannon |');
    expect(floorTable).toMatch(/\| 200 products, 20 ms \|(?: [^|]+ \|){5} \d\.\d\d× \| \d\.\d\d×/);
  });

  it('writes a report with every scenario and every target, and a chart', async () => {
    const { builds, sync } = results.meta.plan;
    for (const heading of [
      '## Targets',
      `## Builds: ${builds.size} products, ${builds.latencyMs} ms`,
      '### Where the time goes',
      '## Emulator capacity',
      `## ${sync.size}-product sync and \`experimental.collectionStorage: 'chunked'\``,
      '### The trade-off of `chunked`, measured',
      '## Second table: the loaders alone',
      "## The README's page against a hand-written page",
      '## The products loader against its request floor',
      '## How it was measured',
    ]) {
      expect(report).toContain(heading);
    }
    const targets = report.split('## Targets')[1]!.split('\n## ')[0]!;
    const verdicts = targets.match(/\*\*(met|missed)\*\*/g) ?? [];
    expect(verdicts.length).toBe(12);
    // Only the comparison with earlier code is a run of its own (bench/versus.mjs, --versus).
    const unmeasured = targets.split('\n').filter((line) => line.includes('not measured'));
    expect(unmeasured).toEqual([expect.stringContaining('Nothing slower elsewhere')]);
    expect(await readFile(path.join(out, 'chart.svg'), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\n$/);
  });
});
