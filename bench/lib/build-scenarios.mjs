// The scenarios of the first table of bench/report.md: whole `astro build`s of the bench site
// (bench/site/) with our loader and the hand-written ones, alternating within each scenario, each
// build in a process of its own (run-build.mjs), against the emulator in a process of its own.
import { existsSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { changeProducts, listProducts } from './change-products.mjs';
import { catalogFor, startEmulatorProcess } from './emulator-process.mjs';
import { runBuild } from './run-build.mjs';

/** How long ours may reuse a page's meta in the incremental configuration: a day, as a shop might. */
export const META_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The two Astro configurations every rebuild is measured in. `plain`: the defaults (no incremental
 * build; ours asks `meta/Get` for every page, exact). `incremental`: `experimental.incrementalBuild`
 * with page cache keys, and ours with `seo: { maxAge }`; the hand-written loader cannot reuse meta,
 * its pages carry `entry.digest` as their cache key.
 */
export const CONFIGS = {
  plain: { incremental: false, metaMaxAge: 0 },
  incremental: { incremental: true, metaMaxAge: META_MAX_AGE_MS },
};

/**
 * @typedef {{ workDir: string, log: (msg: string) => void,
 *   safely: <T>(label: string, fn: () => Promise<T>) => Promise<T | undefined> }} Harness
 */

/**
 * Starts an emulator for `size` products, runs `fn` with it and stops it.
 * @template T
 * @param {{ size: number, latencyMs: number, capacity?: number, log: (msg: string) => void }} opts
 * @param {(emu: Awaited<ReturnType<typeof startEmulatorProcess>>) => Promise<T>} fn
 */
export async function withEmulator({ size, latencyMs, capacity, log }, fn) {
  const emu = await startEmulatorProcess({
    ...catalogFor(size),
    ...(latencyMs ? { faults: { latencyMs } } : {}),
    ...(capacity ? { capacity } : {}),
  });
  log(
    `emulator: ${size.toLocaleString('en')} products, ${latencyMs} ms, capacity ${capacity ?? 'unlimited'} (seeded in ${emu.seedMs} ms)`,
  );
  try {
    return await fn(emu);
  } finally {
    await emu.close();
  }
}

/** Builds measured in this process, for the names of their folders. */
let builds = 0;

/** Each slot's current cache folder: a cold build starts a new one, its rebuilds keep it. */
const cacheDirs = new Map();

/** Free space under which folders are removed as soon as they are done with. */
const MIN_FREE_BYTES = 4 * 2 ** 30;

/**
 * Whether the disk is short of space. Until it is, no build's folders are removed while the run
 * goes on. Measured on this bench's machine (2026-11-24): creating the 9,490 pages' folders and
 * files took 0.8-0.9 s when nothing had been deleted before, but 3.3, 6.9, 8.8, 9.4 and 10.9 s in
 * five rounds that each first deleted the last round's, and 0.12 s in RAM (/dev/shm). The disk is
 * mounted with `discard`, and a deletion's discards hold up the writes after it. Emptying the last
 * build's folders before each build put that cost into the next build's page phase, growing build
 * after build, for every loader alike.
 * @param {string} workDir
 */
export function diskShort(workDir) {
  const { bavail, bsize } = statfsSync(workDir);
  return bavail * bsize < MIN_FREE_BYTES;
}

/**
 * One build of one variant, with the emulator's request counts and load peaks for it.
 * @param {any} emu
 * @param {{ command?: 'build' | 'sync', loader: 'ours' | 'chunks' | 'naive', config?: keyof typeof CONFIGS,
 *   storage?: 'chunked', page?: 'readme', workDir: string, slot: string, clean: boolean }} opts
 */
export async function measureBuild(
  emu,
  { command = 'build', loader, config = 'plain', storage, page, workDir, slot, clean },
) {
  // Every build starts without an outDir, as in a CI pipeline that restores only the cache folder
  // (Astro would otherwise spend seconds emptying the last build's 10,000 pages first), and a cold
  // build (`clean`) with an empty cache folder; a slot's rebuilds keep its last cache folder. Both
  // are new folders rather than old ones emptied: deleting thousands of files slows the next
  // build's writes on this bench's machines (diskShort).
  const build = ++builds;
  /** @type {string | undefined} */
  let cacheDir = cacheDirs.get(slot);
  if (clean || cacheDir === undefined) {
    if (cacheDir !== undefined && diskShort(workDir)) rmSync(cacheDir, { recursive: true, force: true });
    cacheDir = join(workDir, 'cache', `${slot}-${build}`, '/');
    cacheDirs.set(slot, cacheDir);
  }
  const outDir = join(workDir, 'out', `${slot}-${build}`, '/');
  const { incremental, metaMaxAge } = CONFIGS[config];
  await emu.resetStats();
  const r = await runBuild(
    {
      command,
      loader,
      cacheDir,
      outDir,
      incremental,
      metaMaxAge: loader === 'ours' ? metaMaxAge : 0,
      ...(storage ? { storage } : {}),
      ...(page ? { page } : {}),
    },
    emu,
  );
  const stats = await emu.stats();
  const sample = command === 'build' ? pageSample(outDir) : undefined;
  const { output: _output, ...rest } = r;
  // The run's work folder, outputs included, is removed at its end; sooner only when space is short.
  if (diskShort(workDir)) rmSync(outDir, { recursive: true, force: true });
  console.log(
    _output
      .split('\n')
      .filter((l) => !l.includes('├─'))
      .join('\n'),
  );
  return {
    ...rest,
    ...(sample ? { page: sample } : {}),
    requests: { total: stats.total, byOperation: stats.byOperation },
    service: { peakInService: stats.load?.peakInService, peakWaiting: stats.load?.peakWaiting },
  };
}

/**
 * What the first product page of a build shows (its title, canonical URL, `og:title` and body), so
 * the report can check that every variant's pages show the same: the pages' work is only comparable
 * when they render the same thing.
 * @param {string} outDir
 */
function pageSample(outDir) {
  const dir = join(outDir, 'products');
  if (!existsSync(dir)) return undefined;
  const id = readdirSync(dir).sort((a, b) => Number(a) - Number(b))[0];
  if (id === undefined) return undefined;
  const html = readFileSync(join(dir, id, 'index.html'), 'utf8');
  const attr = (pattern) => pattern.exec(html)?.[1] ?? null;
  return {
    id,
    title: attr(/<title>([^<]*)<\/title>/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    body: attr(/<body>([\s\S]*)<\/body>/),
  };
}

/**
 * Ours first in even runs, the chunks-of-32 loader first in odd ones, so slow drift of a shared
 * machine falls on both.
 * @param {number} run
 * @returns {('ours' | 'chunks')[]}
 */
function loaderOrder(run) {
  return run % 2 === 0 ? ['ours', 'chunks'] : ['chunks', 'ours'];
}

/** A one-line summary of a measured build for the progress log. */
export function fmtBuild(r) {
  if (!r) return 'failed';
  return [
    `${(r.elapsedMs / 1000).toFixed(1)} s`,
    `${r.requests.total} req`,
    `${r.rendered} rendered`,
    r.reused ? `${r.reused} reused` : '',
    `rss ${(r.peakRss / 2 ** 20).toFixed(0)} MB`,
    r.client?.peak ? `in flight p50 ${r.client.p50} peak ${r.client.peak}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Cold build, rebuild with nothing changed and rebuild with `changeFraction` of products changed, in
 * both configurations, ours and the chunks-of-32 loader alternating (the order flips every run);
 * the naive loader's cold build `naiveRuns` times (it takes minutes at 20 ms).
 * @param {{ size: number, latencyMs: number, runs: number, naiveRuns: number, changeFraction: number }} plan
 * @param {Harness} h
 */
export async function runRebuildScenarios(plan, h) {
  const { size, latencyMs, runs, naiveRuns, changeFraction } = plan;
  /** @type {Record<string, Record<string, { cold: any[], unchanged: any[], changed: any[] }>>} */
  const configs = {};
  const naive = { cold: /** @type {any[]} */ ([]) };
  const changed = [];
  await withEmulator({ size, latencyMs, log: h.log }, async (emu) => {
    for (let run = 0; run < runs; run++) {
      const order = loaderOrder(run);
      for (const config of /** @type {(keyof typeof CONFIGS)[]} */ (Object.keys(CONFIGS))) {
        configs[config] ??= {};
        const slots = configs[config];
        for (const v of order) slots[v] ??= { cold: [], unchanged: [], changed: [] };
        /**
         * @param {'ours' | 'chunks'} loader
         * @param {'cold' | 'unchanged' | 'changed'} phase
         * @param {boolean} clean
         */
        const build = async (loader, phase, clean) => {
          const r = await h.safely(`${config} ${loader} ${phase}`, () =>
            measureBuild(emu, { loader, config, workDir: h.workDir, slot: `${config}-${loader}`, clean }),
          );
          h.log(`${config.padEnd(11)} ${loader.padEnd(6)} ${phase.padEnd(9)} run ${run + 1}: ${fmtBuild(r)}`);
          slots[loader]?.[phase].push(r ?? null);
        };
        for (const v of order) await build(v, 'cold', true);
        for (const v of order) await build(v, 'unchanged', false);
        const n = await changeProducts(
          { baseUrl: emu.url, key: emu.key, sid: emu.sid },
          await listProducts({ baseUrl: emu.url, key: emu.key, sid: emu.sid }),
          changeFraction,
          `${config} run ${run + 1}`,
        );
        changed.push(n);
        h.log(`changed ${n} products through goods/Set`);
        for (const v of order) await build(v, 'changed', false);
      }
      if (run < naiveRuns) {
        const r = await h.safely('naive cold', () =>
          measureBuild(emu, { loader: 'naive', workDir: h.workDir, slot: 'plain-naive', clean: true }),
        );
        h.log(`plain       naive  cold      run ${run + 1}: ${fmtBuild(r)}`);
        naive.cold.push(r ?? null);
      }
    }
  });
  return { size, latencyMs, runs, naiveRuns, changeFraction, changed, configs, naive };
}

/**
 * Cold builds (plain configuration) against an emulator with a limited capacity: at most `capacity`
 * requests in service at once, the rest queue. Ours and the chunks-of-32 loader alternate.
 * @param {{ size: number, latencyMs: number, runs: number, capacities: number[] }} plan
 * @param {Harness} h
 */
export async function runCapacityScenarios(plan, h) {
  const rows = [];
  for (const capacity of plan.capacities) {
    /** @type {{ capacity: number, ours: any[], chunks: any[] }} */
    const row = { capacity, ours: [], chunks: [] };
    await h.safely(`capacity ${capacity}`, () =>
      withEmulator({ size: plan.size, latencyMs: plan.latencyMs, capacity, log: h.log }, async (emu) => {
        for (let run = 0; run < plan.runs; run++) {
          for (const loader of loaderOrder(run)) {
            const r = await h.safely(`capacity ${capacity} ${loader}`, () =>
              measureBuild(emu, { loader, workDir: h.workDir, slot: `capacity-${loader}`, clean: true }),
            );
            h.log(
              `capacity ${String(capacity).padEnd(4)} ${loader.padEnd(6)} run ${run + 1}: ${fmtBuild(r)}`,
            );
            row[loader].push(r ?? null);
          }
        }
      }),
    );
    rows.push(row);
  }
  return { size: plan.size, latencyMs: plan.latencyMs, rows };
}

/**
 * `astro sync` (content only) of a large catalog at 0 ms: ours and the chunks-of-32 loader with the
 * default single-file data store, and ours with `experimental.collectionStorage: 'chunked'`; each
 * a cold sync into an empty cache, then (phase `again`) a second sync with nothing changed.
 * @param {{ size: number, runs: number, phases: ('cold' | 'again')[] }} plan
 * @param {Harness} h
 */
export async function runSyncScenarios(plan, h) {
  const variants = [
    { key: 'ours', loader: /** @type {const} */ ('ours') },
    { key: 'chunks', loader: /** @type {const} */ ('chunks') },
    { key: 'oursChunked', loader: /** @type {const} */ ('ours'), storage: /** @type {const} */ ('chunked') },
  ];
  /** @type {Record<string, { cold: any[], again: any[] }>} */
  const out = Object.fromEntries(variants.map((v) => [v.key, { cold: [], again: [] }]));
  await withEmulator({ size: plan.size, latencyMs: 0, log: h.log }, async (emu) => {
    for (let run = 0; run < plan.runs; run++) {
      const order = run % 2 === 0 ? variants : [...variants].reverse();
      for (const v of order) {
        for (const phase of plan.phases) {
          const r = await h.safely(`sync ${v.key} ${phase}`, () =>
            measureBuild(emu, {
              command: 'sync',
              loader: v.loader,
              ...(v.storage ? { storage: v.storage } : {}),
              workDir: h.workDir,
              slot: `sync-${v.key}`,
              clean: phase === 'cold',
            }),
          );
          h.log(
            `sync ${v.key.padEnd(11)} ${phase.padEnd(5)} run ${run + 1}: ${fmtBuild(r)}, store ${r ? (r.dataStore.bytes / 2 ** 20).toFixed(0) : '–'} MB in ${r?.dataStore.files ?? '–'} file(s)`,
          );
          out[v.key]?.[phase].push(r ?? null);
        }
      }
    }
  });
  return { size: plan.size, latencyMs: 0, runs: plan.runs, phases: plan.phases, variants: out };
}
