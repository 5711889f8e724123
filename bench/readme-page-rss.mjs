// Peak RSS of cold `astro build`s of the bench site with the product page as packages/astro/README.md
// writes it (BENCH_PAGE=readme): ours (`SeoHead`, so `pageSeo()`, and `render()`) against the
// chunks-of-32 loader's build of the same page written by hand, in pairs, the order flipped every
// pair, each build in a process of its own, against the emulator in a process of its own.
//   node bench/readme-page-rss.mjs [--size 10000] [--latency 20] [--pairs 3] [--ours '{"sanitize":false}']
//     [--json FILE]
//   --ours    options over the bench's own for ours' products loader (what a setting costs)
//   --only    ours | chunks: measure one side only
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { withEmulator } from './lib/emulator-process.mjs';
import { fmtBuild, measureBuild } from './lib/measure-build.mjs';
import { summarize } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    latency: { type: 'string', default: '20' },
    pairs: { type: 'string', default: '3' },
    ours: { type: 'string' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
});
if (args.ours) process.env.BENCH_OURS_OPTIONS = args.ours;
const size = Number(args.size);
const latencyMs = Number(args.latency);
const pairs = Number(args.pairs);
const workDir = mkdtempSync(join(tmpdir(), 'sitecontent-readme-rss-'));
const started = Date.now();
const log = (/** @type {string} */ msg) =>
  console.log(`[+${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);
const mb = (/** @type {number} */ bytes) => bytes / 2 ** 20;

/** @type {{ ours: number[], chunks: number[] }} */
const peaks = { ours: [], chunks: [] };
try {
  await withEmulator({ size, latencyMs, log }, async (emu) => {
    for (let pair = 0; pair < pairs; pair++) {
      /** @type {('ours' | 'chunks')[]} */
      let order = pair % 2 === 0 ? ['ours', 'chunks'] : ['chunks', 'ours'];
      if (args.only) order = order.filter((l) => l === args.only);
      for (const loader of order) {
        const r = await measureBuild(emu, {
          loader,
          page: 'readme',
          workDir,
          slot: `readme-${loader}`,
          clean: true,
        });
        peaks[loader].push(r.peakRss);
        log(
          `${loader.padEnd(6)} pair ${pair + 1}: ${fmtBuild(r)} (${r.loader?.text ?? 'no loader line'}); page ${JSON.stringify(r.page).slice(0, 400)}`,
        );
      }
    }
  });
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
const ratios = peaks.ours.map((o, i) => o / (peaks.chunks[i] ?? Number.NaN));
console.log(
  `cold ${size.toLocaleString('en')}-product build, README page, ${latencyMs} ms: peak RSS ours ${peaks.ours
    .map((b) => mb(b).toFixed(0))
    .join(', ')} MiB; chunks-of-32 ${peaks.chunks.map((b) => mb(b).toFixed(0)).join(', ')} MiB` +
    (peaks.ours.length && peaks.chunks.length
      ? `; ratio of medians ${(summarize(peaks.ours).median / summarize(peaks.chunks).median).toFixed(3)}×, pairs ${ratios.map((r) => `${r.toFixed(3)}×`).join(', ')}`
      : ''),
);
if (args.json)
  writeFileSync(
    args.json,
    `${JSON.stringify({ size, latencyMs, ours: args.ours ?? null, peaks, ratios }, null, 2)}\n`,
  );
