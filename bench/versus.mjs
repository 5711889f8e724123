// Now against base: whether this checkout ("now") is slower than another one ("base", an earlier
// commit with its packages built) where nothing was meant to change. It measures the loaders alone
// (sections, products and articles with seo, at 0 and 20 ms; the modifications fan-out at 0 ms), the
// loaders' reload with nothing changed and after 1 % of products changed, and the whole `astro build`
// after 1 % of products changed (default config, the cache folder of a cold build before it). Each
// side's runs go through its own checkout's bench/lib (its worker, its build child, its bench site).
//
// Why pairs: on a shared 2-core machine the load moves more between minutes than the code does
// between commits, so two medians taken apart compare moments as much as code. Here base and now run
// back to back, in an order that flips every pair, against one emulator, and each row is judged by
// the median of the ratios within pairs, with the count of pairs that were slower now beside it.
//
//   npm run build:packages   (in both checkouts), then
//   npx node bench/versus.mjs --base PATH [--size 10000] [--pairs 5] [--out FILE.json] [--only a,b]
//     --base PATH   a checkout of this repository (another worktree, say) after `npm ci` and
//                   `npm run build:packages`: what "now" is compared with
//     --size N      products of the catalog (default 10,000; the modifications fan-out: at most 10,000)
//     --pairs N     pairs of each scenario (default 5), after one warm-up run of each side
//     --only a,b    scenario groups: loaders, mods, rebuild, builds (default: all)
//     --out FILE    also write the results as JSON there
//     --quick       300 products, 1 pair, no whole builds: a smoke run (test/bench-versus.test.ts)
// Prints the Markdown table on stdout, the progress on stderr; exits 1 when a run failed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { environment } from './lib/environment.mjs';
import { NO_WORSE_RATIO, rowOf } from './lib/versus-pairs.mjs';
import { renderVersus } from './lib/versus-report.mjs';
import { GROUPS, runScenario, scenariosOf } from './lib/versus-scenarios.mjs';
import { loadSides } from './lib/versus-sides.mjs';

/** The main benchmark's catalog for the modifications fan-out (bench/run.mjs, `modsSize`). */
const MODS_SIZE = 10_000;

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    size: { type: 'string' },
    pairs: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
});

/**
 * @param {string} flag
 * @param {string | undefined} text
 * @param {number} fallback
 */
function positiveInteger(flag, text, fallback) {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`versus: --${flag} must be a whole number ≥ 1, got ${text}`);
  return n;
}

/** @returns {(typeof GROUPS[number])[]} */
function groupsWanted() {
  if (!args.only) return args.quick ? GROUPS.filter((g) => g !== 'builds') : [...GROUPS];
  const names = args.only.split(',').map((s) => s.trim());
  const unknown = names.filter((n) => !(/** @type {readonly string[]} */ (GROUPS).includes(n)));
  if (unknown.length) throw new Error(`versus: --only knows ${GROUPS.join(', ')}; not ${unknown.join(', ')}`);
  return GROUPS.filter((g) => names.includes(g));
}

if (!args.base) throw new Error('versus: --base PATH is required (a checkout with its packages built)');
const size = positiveInteger('size', args.size, args.quick ? 300 : 10_000);
const pairs = positiveInteger('pairs', args.pairs, args.quick ? 1 : 5);
const groups = groupsWanted();
const modsSize = Math.min(size, MODS_SIZE);
const sides = await loadSides(args.base);

const started = Date.now();
const log = (/** @type {string} */ msg) =>
  console.error(`[versus +${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);
/** @type {{ label: string, message: string }[]} */
const errors = [];

/**
 * @template T
 * @param {string} label
 * @param {() => Promise<T>} fn
 * @returns {Promise<T | undefined>}
 */
async function safely(label, fn) {
  try {
    return await fn();
  } catch (error) {
    const message = String(/** @type {Error} */ (error)?.message ?? error);
    log(`FAILED ${label}: ${message.split('\n')[0]}`);
    errors.push({ label, message: message.slice(0, 3000) });
    return undefined;
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'sitecontent-versus-'));
const harness = { sides, pairs, workDir, log, safely };
const scenarios = [];
const rows = [];
try {
  for (const group of groups) {
    for (const scenario of scenariosOf(group, { size, modsSize })) {
      const samples = await runScenario(scenario, harness);
      const { id, size: n, latencyMs } = scenario;
      scenarios.push({
        id,
        size: n,
        latencyMs,
        warmUp: samples?.warmUp ?? null,
        pairs: samples?.pairs ?? [],
      });
      rows.push(...scenario.rows.map(({ pick, ...row }) => rowOf(row, samples?.pairs ?? [], pick)));
    }
  }
} finally {
  log(`removing the work folder ${workDir}`);
  rmSync(workDir, { recursive: true, force: true });
}

const { commit: _commit, uncommittedFiles: _uncommitted, ...machine } = environment();
const sideMeta = (/** @type {'base' | 'now'} */ s) => ({
  root: sides[s].root,
  commit: sides[s].commit,
  uncommittedFiles: sides[s].uncommittedFiles,
});
const results = {
  meta: {
    ...machine,
    base: sideMeta('base'),
    now: sideMeta('now'),
    size,
    modsSize,
    pairs,
    quick: args.quick,
    groups,
    noWorseRatio: NO_WORSE_RATIO,
    totalMs: Date.now() - started,
  },
  rows,
  scenarios,
  errors,
};
process.stdout.write(renderVersus(results));
if (args.out) {
  writeFileSync(args.out, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${args.out}`);
}
if (errors.length) process.exitCode = 1;
