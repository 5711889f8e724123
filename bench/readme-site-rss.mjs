// Peak RSS of cold `astro build`s measured from outside: the `astro` CLI under GNU time
// (`/usr/bin/time -f %M`, the build process's high-water mark), of bench/readme-site/ (the site
// packages/astro/README.md shows: its config, products and sections with `seo: true`, the product
// page with `SeoHead` and `render()`), against the same site written by hand (the chunks-of-32
// loader, head from `data.seo`, body by `set:html`). Pairs alternate (ours first in even pairs),
// each build with a new cache and out folder, against the emulator in a process of its own.
//   node bench/readme-site-rss.mjs [--size 10000] [--latency 0] [--pairs 2] [--ours '{"sanitize":false}']
//   --ours    options over the README's for ours' products loader (what a setting costs)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { catalogFor, startEmulatorProcess } from './lib/emulator-process.mjs';
import { summarize } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    latency: { type: 'string', default: '0' },
    pairs: { type: 'string', default: '2' },
    ours: { type: 'string' },
  },
});
const size = Number(args.size);
const latencyMs = Number(args.latency);
const siteRoot = fileURLToPath(new URL('./readme-site/', import.meta.url));
// The CLI as `npx astro build` runs it: the package's bin, beside its exported package.json.
const astroBin = fileURLToPath(new URL('./bin/astro.mjs', import.meta.resolve('astro/package.json')));
const emu = await startEmulatorProcess({
  ...catalogFor(size),
  ...(latencyMs ? { faults: { latencyMs } } : {}),
});
const work = mkdtempSync(join(tmpdir(), 'sitecontent-readme-site-'));
/** @type {{ ours: number[], chunks: number[] }} */
const peaks = { ours: [], chunks: [] };
let n = 0;
try {
  for (let pair = 0; pair < Number(args.pairs); pair++) {
    /** @type {('ours' | 'chunks')[]} */
    const order = pair % 2 === 0 ? ['ours', 'chunks'] : ['chunks', 'ours'];
    for (const loader of order) {
      n++;
      const env = {
        ...process.env,
        README_SITE_LOADER: loader,
        README_SITE_OURS_OPTIONS: args.ours ?? '',
        README_SITE_CACHE_DIR: join(work, `cache-${n}`),
        README_SITE_OUT_DIR: join(work, `out-${n}`),
        SITECONTENT_BASE_URL: emu.url,
        SITECONTENT_SID: String(emu.sid),
        SITECONTENT_API_KEY: emu.key,
        ASTRO_TELEMETRY_DISABLED: '1',
        NO_COLOR: '1',
      };
      const started = Date.now();
      const output = await new Promise((resolve) => {
        const child = spawn(
          '/usr/bin/time',
          ['-f', 'MAXRSS_KIB %M', process.execPath, astroBin, 'build', '--root', siteRoot],
          { env, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let text = '';
        child.stdout.on('data', (d) => {
          text += d;
        });
        child.stderr.on('data', (d) => {
          text += d;
        });
        child.on('close', () => resolve(text));
      });
      const kib = Number(/MAXRSS_KIB (\d+)/.exec(output)?.[1]);
      const pages = /(\d+) page\(s\) built/.exec(output)?.[1];
      if (!kib || !pages) throw new Error(`${loader} build failed:\n${output.slice(-3000)}`);
      peaks[loader].push(kib / 1024);
      console.log(
        `${loader.padEnd(6)} pair ${pair + 1}: peak RSS ${(kib / 1024).toFixed(0)} MiB, ${pages} pages, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  }
} finally {
  await emu.close();
  rmSync(work, { recursive: true, force: true });
}
const ratios = peaks.ours.map((o, i) => o / (peaks.chunks[i] ?? Number.NaN));
const summary =
  `cold ${size.toLocaleString('en')}-product build, README page, ${latencyMs} ms, from outside: ours ${peaks.ours.map((x) => x.toFixed(0)).join(', ')} MiB; ` +
  `hand-written (chunks-of-32) ${peaks.chunks.map((x) => x.toFixed(0)).join(', ')} MiB; ratio of medians ${(summarize(peaks.ours).median / summarize(peaks.chunks).median).toFixed(3)}×, ` +
  `pairs ${ratios.map((r) => `${r.toFixed(3)}×`).join(', ')}`;
console.log(summary);
// The report beside the bench's own (bench/report.md), as the last run left it.
writeFileSync(
  new URL('./readme-site-rss.md', import.meta.url),
  `# Peak RSS of a cold build, the README's site\n\n` +
    `\`node bench/readme-site-rss.mjs --size ${size} --latency ${latencyMs} --pairs ${args.pairs}\`` +
    `${args.ours ? ` with ours' options ${args.ours}` : ''}, ${new Date().toISOString().slice(0, 10)}.\n\n` +
    `Each build is the \`astro\` CLI under GNU time in a process of its own, with a new cache and out folder: ` +
    `bench/readme-site/ as packages/astro/README.md writes it (products and sections with \`seo: true\`, the product ` +
    `page with \`SeoHead\` and \`render()\`), against the same site by hand (the chunks-of-32 loader, head from ` +
    `\`data.seo\`, body by \`set:html\`).\n\n` +
    `| Pair | Ours (MiB) | Hand-written (MiB) | Ratio |\n|---:|---:|---:|---:|\n` +
    peaks.ours
      .map(
        (o, i) =>
          `| ${i + 1} | ${o.toFixed(0)} | ${(peaks.chunks[i] ?? 0).toFixed(0)} | ${(ratios[i] ?? 0).toFixed(3)}× |`,
      )
      .join('\n') +
    `\n\n${summary}\n`,
);
