// The scenarios of the first table of bench/report.md: whole `astro build`s of the bench site
// (bench/site/) with our loader and the hand-written ones, alternating within each scenario, each
// build in a process of its own (run-build.mjs), against the emulator in a process of its own.
import { changeProducts, listProducts } from './change-products.mjs';
import { withEmulator } from './emulator-process.mjs';
import { CONFIGS, fmtBuild, measureBuild } from './measure-build.mjs';

/**
 * @typedef {{ workDir: string, log: (msg: string) => void,
 *   safely: <T>(label: string, fn: () => Promise<T>) => Promise<T | undefined> }} Harness
 */

/**
 * Ours first in even runs, the chunks-of-32 loader first in odd ones, so slow drift of a shared
 * machine falls on both.
 * @param {number} run
 * @returns {('ours' | 'chunks')[]}
 */
function loaderOrder(run) {
  return run % 2 === 0 ? ['ours', 'chunks'] : ['chunks', 'ours'];
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

/**
 * The README's page against the hand-written one (issue 48): cold builds of the bench site with
 * `BENCH_PAGE=readme` — ours with the page packages/astro/README.md writes (`SeoHead`, which calls
 * `pageSeo()`, and `render()`), the chunks-of-32 loader with its page by hand (head from `data.seo`,
 * body by `set:html`) — at Astro's defaults, whole `astro build` processes alternating, each into a
 * new cache and output folder, with each process's peak RSS.
 * @param {{ size: number, latencyMs: number, runs: number }} plan
 * @param {Harness} h
 */
export async function runReadmeScenarios(plan, h) {
  /** @type {{ ours: any[], chunks: any[] }} */
  const out = { ours: [], chunks: [] };
  await withEmulator({ size: plan.size, latencyMs: plan.latencyMs, log: h.log }, async (emu) => {
    for (let run = 0; run < plan.runs; run++) {
      for (const loader of loaderOrder(run)) {
        const r = await h.safely(`readme ${loader}`, () =>
          measureBuild(emu, {
            loader,
            page: 'readme',
            workDir: h.workDir,
            slot: `readme-${loader}`,
            clean: true,
          }),
        );
        h.log(`readme page ${loader.padEnd(6)} cold run ${run + 1}: ${fmtBuild(r)}`);
        out[loader].push(r ?? null);
      }
    }
  });
  return { size: plan.size, latencyMs: plan.latencyMs, runs: plan.runs, ...out };
}
