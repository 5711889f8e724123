// One measured build of the bench site, as every build scenario takes it: in a process of its own
// (run-build.mjs), in one of the two Astro configurations, with the emulator's counts for that build
// alone, and its folders laid out so that no build pays for deleting the last one's.
import { existsSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
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
