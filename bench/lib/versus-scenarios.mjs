// The scenarios of bench/versus.mjs. Each runs against one emulator process of its own (this
// checkout's emulator, seeded before it reports ready), shared by both sides; every run of a side is a
// fresh process of that side's checkout (versus-sides.mjs). No concurrency is set: each side runs
// with its own `siteContent()` defaults, which are part of what it is.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { changeProducts, listProducts } from './change-products.mjs';
import { withEmulator } from './emulator-process.mjs';
import { diskShort } from './measure-build.mjs';
import { fmtMs } from './stats.mjs';
import { runOrderedPairs, runPairs } from './versus-pairs.mjs';

/**
 * @typedef {import('./versus-sides.mjs').Side} Side
 * @typedef {{ sides: Record<Side, import('./versus-sides.mjs').Checkout>, pairs: number,
 *   workDir: string, log: (msg: string) => void,
 *   safely: <T>(label: string, fn: () => Promise<T>) => Promise<T | undefined> }} VersusHarness
 * @typedef {Awaited<ReturnType<typeof import('./emulator-process.mjs').startEmulatorProcess>>} Emulator
 * @typedef {{ id: string, label: string, pick: (run: any) => number }} RowSpec
 * @typedef {{ id: string, size: number, latencyMs: number, rows: RowSpec[],
 *   run: (emu: Emulator, h: VersusHarness) => Promise<import('./versus-pairs.mjs').Samples<any>> }} Scenario
 */

/** The scenario groups `--only` names, in the order they run. */
export const GROUPS = /** @type {const} */ (['loaders', 'mods', 'rebuild', 'builds']);

/** The share of products the rebuilds change, as the main benchmark's rebuilds do. */
const CHANGE_FRACTION = 0.01;

/** The latency of the whole builds, as the main benchmark's build scenarios use. */
const BUILD_LATENCY_MS = 20;

const count = (/** @type {number} */ n) => n.toLocaleString('en');

/**
 * The scenarios of `group` for a catalog of `size` products (`modsSize` for the modifications).
 * @param {typeof GROUPS[number]} group
 * @param {{ size: number, modsSize: number }} plan
 * @returns {Scenario[]}
 */
export function scenariosOf(group, { size, modsSize }) {
  const elapsed = (/** @type {any} */ r) => r.elapsedMs;
  if (group === 'loaders') {
    return [0, 20].map((latencyMs) => ({
      id: `loaders-${latencyMs}ms`,
      size,
      latencyMs,
      rows: [
        {
          id: `loaders-${latencyMs}ms`,
          label: `Loaders alone (sections, products, articles; seo), ${count(size)} products, ${latencyMs} ms`,
          pick: elapsed,
        },
      ],
      run: (emu, h) => workerPairs(emu, h, { kind: 'ours-full' }),
    }));
  }
  if (group === 'mods') {
    return [
      {
        id: 'mods-0ms',
        size: modsSize,
        latencyMs: 0,
        rows: [
          {
            id: 'mods-0ms',
            label: `Modifications fan-out, ${count(modsSize)} products, 0 ms`,
            pick: elapsed,
          },
        ],
        run: (emu, h) => workerPairs(emu, h, { kind: 'ours-mods' }),
      },
    ];
  }
  if (group === 'rebuild') {
    return [
      {
        id: 'rebuild',
        size,
        latencyMs: 0,
        rows: [
          {
            id: 'rebuild-1pct',
            label: `Loaders alone, reload after 1 % of products changed, ${count(size)} products, 0 ms`,
            pick: (r) => r.afterChange.elapsedMs,
          },
          {
            id: 'rebuild-unchanged',
            label: `Loaders alone, reload with nothing changed, ${count(size)} products, 0 ms`,
            pick: (r) => r.unchanged.elapsedMs,
          },
        ],
        // Every run changes the same 1 % (change-products.mjs spreads its choice evenly over the
        // listing) with a tag of its own, after a first load into a new store: each run of either side
        // has the same work before it, on the same emulator, as the main benchmark's rebuild rows.
        run: (emu, h) => workerPairs(emu, h, { kind: 'rebuild', fraction: CHANGE_FRACTION }),
      },
    ];
  }
  return [
    {
      id: 'build-1pct',
      size,
      latencyMs: BUILD_LATENCY_MS,
      rows: [
        {
          id: 'build-1pct',
          label: `astro build after 1 % of products changed (defaults, same cache folder), ${count(size)} products, ${BUILD_LATENCY_MS} ms`,
          pick: (r) => r.changed.elapsedMs,
        },
      ],
      run: buildPairs,
    },
  ];
}

/**
 * A warm-up run of each side, then the pairs, each run one worker task of that side's checkout.
 * @param {Emulator} emu
 * @param {VersusHarness} h
 * @param {{ kind: string, fraction?: number }} task
 */
function workerPairs(emu, h, task) {
  return runPairs({
    pairs: h.pairs,
    runOnce: (side, label) =>
      h.safely(`${task.kind} ${side} ${label}`, async () => {
        const r = await h.sides[side].runWorker(
          { baseUrl: emu.url, sid: emu.sid, ...task, tag: `versus ${side} ${label}` },
          emu.key,
        );
        h.log(`${task.kind.padEnd(9)} ${side.padEnd(4)} ${label.padEnd(7)}: ${fmtWorker(r)}`);
        return r;
      }),
  });
}

/** @param {any} r */
function fmtWorker(r) {
  if (r.afterChange) {
    return `unchanged ${fmtMs(r.unchanged.elapsedMs)} (wrote ${r.unchanged.written}), ${r.changed} changed ${fmtMs(r.afterChange.elapsedMs)} (wrote ${r.afterChange.written})`;
  }
  return `${fmtMs(r.elapsedMs)}, ${r.entries} entries`;
}

/**
 * Per pair: a cold build of each side (each into a new cache folder), then 1 % of products changed
 * once through goods/Set, then each side's rebuild with its own cache folder: both rebuilds see the
 * same change. The measured run is the rebuild; the pair's cold builds come before it, so they are
 * its warm-up and no separate one is run.
 * @param {Emulator} emu
 * @param {VersusHarness} h
 */
async function buildPairs(emu, h) {
  const conn = { baseUrl: emu.url, key: emu.key, sid: emu.sid };
  const pairs = await runOrderedPairs(h.pairs, async (order, label) => {
    /** @type {Record<Side, any>} */
    const runs = { base: undefined, now: undefined };
    for (const side of order) {
      const cold = await h.safely(`build ${side} ${label} cold`, () =>
        measureBuild(emu, h, side, label, 'cold'),
      );
      runs[side] = cold ? { cold } : undefined;
    }
    const changedProducts = await changeProducts(
      conn,
      await listProducts(conn),
      CHANGE_FRACTION,
      `versus ${label}`,
    );
    h.log(`changed ${changedProducts} products through goods/Set`);
    for (const side of order) {
      if (!runs[side]) continue;
      const changed = await h.safely(`build ${side} ${label} changed`, () =>
        measureBuild(emu, h, side, label, 'changed'),
      );
      runs[side] = changed ? { ...runs[side], changed, changedProducts } : undefined;
    }
    return runs;
  });
  return { warmUp: null, pairs };
}

/**
 * One `astro build` of a side's bench site through that side's run-build.mjs, in the default
 * configuration (seo exact, no incremental build), as the main benchmark's measure-build.mjs runs
 * it: a new outDir every build, a cache folder per side and pair that the rebuild keeps.
 * @param {Emulator} emu
 * @param {VersusHarness} h
 * @param {Side} side
 * @param {string} pair its label, `pair N`
 * @param {'cold' | 'changed'} phase
 */
async function measureBuild(emu, h, side, pair, phase) {
  const folder = `${side}-${pair.replaceAll(' ', '-')}`;
  const cacheDir = join(h.workDir, 'cache', folder, '/');
  const outDir = join(h.workDir, 'out', `${folder}-${phase}`, '/');
  await emu.resetStats();
  const task = { command: 'build', loader: 'ours', cacheDir, outDir, incremental: false, metaMaxAge: 0 };
  const { output: _output, warnings: _warnings, ...r } = await h.sides[side].runBuild(task, emu);
  const stats = await emu.stats();
  if (diskShort(h.workDir)) rmSync(outDir, { recursive: true, force: true });
  h.log(
    `build     ${side.padEnd(4)} ${pair.padEnd(7)}: ${phase.padEnd(7)} ${fmtMs(r.elapsedMs)}, ${stats.total} requests, ${r.rendered} pages`,
  );
  return { ...r, requests: stats.total };
}

/**
 * Runs one scenario on an emulator of its own and returns its samples (undefined when it failed).
 * @param {Scenario} scenario
 * @param {VersusHarness} h
 */
export function runScenario(scenario, h) {
  return h.safely(scenario.id, () =>
    withEmulator({ size: scenario.size, latencyMs: scenario.latencyMs, log: h.log }, (emu) =>
      scenario.run(emu, h),
    ),
  );
}
