// `npm run bench:changes`: change detection without webhooks (@sitecontent/client/changes).
// 1. A detection cycle over synthetic catalogs (default 10,000 and 1,000,000 products, 1,000 a
//    section) on the emulator in its own process: the first read (no state), a read with nothing
//    changed, a read after one product was renamed. Each runs in its own process
//    (bench/lib/changes-child.mjs): time, operations, requests the emulator served, peak RSS.
// 2. Edit to page: the bench's on-demand site (@astrojs/node, surrogateKeyCache()) behind Varnish
//    with xkey, `sitecontent watch --interval S` (the built bin) purging through the site's purge
//    endpoint; each edit renames a product through goods/Set and the time until Varnish serves the
//    new title is measured, while a control product's page must stay a Varnish hit.
// Writes bench/changes-report.md and bench/changes-results.json.
//   --products N,M   catalog sizes (default 10000,1000000)
//   --edits N        edits timed behind Varnish, on the smallest catalog (default 20; 0: none)
//   --interval S     the watch's interval in seconds (default 2)
//   --merge          keep the rows of bench/changes-results.json for sizes and parts not run now
//   --quick          2,000 products and 3 edits, into a temp folder unless --out (a smoke run)
//   --out DIR        where the report and results go (default bench/)
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient } from '@sitecontent/client';
import { renderChangesReport } from './lib/changes-report.mjs';
import { servedCatalogFor, startEmulatorProcess } from './lib/emulator-process.mjs';
import { environment } from './lib/environment.mjs';
import { buildOnDemandSite, serveOnDemandSite } from './lib/on-demand-site.mjs';
import { reservePort, startVarnish } from './lib/varnish.mjs';
import { quantile } from './lib/zipf.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    edits: { type: 'string' },
    interval: { type: 'string', default: '2' },
    merge: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const sizes = (args.products ?? (args.quick ? '2000' : '10000,1000000')).split(',').map(Number);
const edits = Number(args.edits ?? (args.quick ? 3 : 20));
const interval = Number(args.interval);
const outDir = args.out ?? (args.quick ? mkdtempSync(join(tmpdir(), 'bench-changes-out-')) : benchDir);
const log = (/** @type {string} */ line) => console.log(`[changes] ${line}`);
const BIN = join(repoRoot, 'packages/client/bin/sitecontent.js');
const TOKEN = 'bench-changes-purge-token';

/** Runs one detection in its own process. @param {{ url: string, key: string, sid: number }} emu @param {string} state */
function detectOnce(emu, state) {
  const child = fork(join(benchDir, 'lib/changes-child.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      BENCH_CHANGES_OPTIONS: JSON.stringify({ baseUrl: emu.url, key: emu.key, sid: emu.sid, state }),
    },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (/** @type {any} */ m) =>
      m.type === 'done' ? resolve(m) : reject(new Error(m.message)),
    );
    child.once('exit', (code) => code !== 0 && reject(new Error(`the detection exited (${code})`)));
  });
}

/** A cycle's figures with the requests the emulator served. @param {any} emu @param {string} state */
async function measuredCycle(emu, state) {
  await emu.resetStats();
  const run = await detectOnce(emu, state);
  const stats = await emu.stats();
  return { ...run, served: { total: stats.total, byOperation: stats.byOperation } };
}

/** The catalog both parts read: a thousand products a section, 20 articles. @param {number} products */
const changesCatalog = (products) => ({ ...servedCatalogFor(products), articles: 20 });

/** The detection rows for one catalog size. @param {number} products */
async function detectionRows(products) {
  const catalog = changesCatalog(products);
  log(`seeding the emulator with ${products.toLocaleString('en')} products…`);
  const emu = await startEmulatorProcess(catalog);
  log(`seeded in ${(emu.seedMs / 1000).toFixed(1)} s`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-changes-state-'));
  const state = join(dir, 'shop.state');
  const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  try {
    log('first read (no state)…');
    const first = await measuredCycle(emu, state);
    log(`  ${(first.ms / 1000).toFixed(1)} s; nothing changed…`);
    const unchanged = await measuredCycle(emu, state);
    log(`  ${(unchanged.ms / 1000).toFixed(1)} s; one product renamed…`);
    const [product] = await client.products.list({ catid: 1 });
    if (!product) throw new Error('section 1 has no product');
    await client.products.update(product.id, { zag: `Renamed for the bench ${Date.now()}` });
    const oneEdit = await measuredCycle(emu, state);
    log(`  ${(oneEdit.ms / 1000).toFixed(1)} s, found: ${oneEdit.changes.join(', ')}`);
    return { catalog, seedMs: emu.seedMs, first, unchanged, oneEdit };
  } finally {
    await client.close();
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Spawns the watch; resolves once its first cycle is logged. */
async function startWatch(/** @type {Record<string, string>} */ env, /** @type {string} */ state) {
  const child = spawn(process.execPath, [BIN, 'watch', '--state', state, '--interval', String(interval)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { text: '' };
  await new Promise((resolve, reject) => {
    const read = (/** @type {Buffer} */ c) => {
      out.text += c.toString('utf8');
      if (out.text.includes('cycle 1: ')) resolve(undefined);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`watch exited (${code}):\n${out.text}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return { out, stop };
}

/** Edit to page behind Varnish. @param {number} products */
async function editToPage(products) {
  const catalog = changesCatalog(products);
  const emu = await startEmulatorProcess(catalog);
  const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  const varnishPort = await reservePort();
  log('building the on-demand site…');
  const site = await buildOnDemandSite(`http://127.0.0.1:${varnishPort.port}/`);
  const connection = {
    SITECONTENT_BASE_URL: emu.url,
    SITECONTENT_API_KEY: emu.key,
    SITECONTENT_SID: String(emu.sid),
  };
  const server = await serveOnDemandSite(site.root, { ...connection, SITECONTENT_PURGE_TOKEN: TOKEN });
  const varnish = await startVarnish(varnishPort, server.port);
  const dir = mkdtempSync(join(tmpdir(), 'bench-changes-watch-'));
  const watch = await startWatch(
    { ...connection, SITECONTENT_SITE_URL: server.url, SITECONTENT_PURGE_TOKEN: TOKEN },
    join(dir, 'shop.state'),
  );
  /** @param {number} id */
  const view = async (id) => {
    const response = await fetch(`${varnish.url}/p/${id}`);
    // Varnish names two transactions on a hit (this one and the one that cached it).
    return { hit: /^\d+ \d+$/.test(response.headers.get('x-varnish') ?? ''), body: await response.text() };
  };
  try {
    const visible = (await client.products.list({ catid: 1 })).filter((p) => p.shw);
    const control = visible[0];
    const edited = visible.slice(1, 1 + edits);
    if (!control || edited.length < edits)
      throw new Error(`section 1 has ${visible.length} visible products`);
    await view(control.id);
    /** @type {number[]} */
    const ms = [];
    let controlPurged = 0;
    for (const [i, product] of edited.entries()) {
      await view(product.id);
      if (!(await view(product.id)).hit)
        throw new Error(`product ${product.id}: the second view was not a Varnish hit`);
      // Edits start at different points of the watch's cycle, as a shop's edits do.
      await new Promise((resolve) => setTimeout(resolve, Math.round(((i * 0.37) % 1) * interval * 1000)));
      const title = `Renamed at the bench ${i} ${Date.now()}`;
      await client.products.update(product.id, { zag: title });
      const t0 = performance.now();
      while (!(await view(product.id)).body.includes(title)) {
        if (performance.now() - t0 > 30_000) throw new Error(`product ${product.id}: not shown after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      ms.push(Math.round(performance.now() - t0));
      if (!(await view(control.id)).hit) controlPurged++;
      log(`  edit ${i + 1}: shown after ${ms.at(-1)} ms`);
    }
    const cycles = watch.out.text.split('\n').filter((line) => / cycle \d+: /.test(line));
    return {
      catalog,
      interval,
      edits: ms.length,
      ms,
      medianMs: quantile(ms, 0.5),
      p95Ms: quantile(ms, 0.95),
      maxMs: Math.max(...ms),
      controlPurged,
      cycles: cycles.length,
      sampleCycle: cycles.find((line) => line.includes('1 done'))?.replace(/^\S+ /, '') ?? '',
    };
  } finally {
    await watch.stop();
    await varnish.close();
    await server.close();
    site.remove();
    await client.close();
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const t0 = performance.now();
const resultsFile = join(outDir, 'changes-results.json');
const earlier =
  args.merge && existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined;
/** @type {any[]} */
const detection = [];
for (const products of sizes) detection.push(await detectionRows(products));
const edit = edits > 0 ? await editToPage(Math.min(...sizes)) : undefined;
const kept = (earlier?.detection ?? []).filter(
  (/** @type {any} */ row) => !sizes.includes(row.catalog.products),
);
const results = {
  // Other work on the machine slows every figure: the load at the end says how busy it was.
  meta: { ...environment(), totalMs: Math.round(performance.now() - t0), loadAverage: loadavg() },
  detection: [...kept, ...detection].sort((a, b) => a.catalog.products - b.catalog.products),
  editToPage: edit ?? earlier?.editToPage,
  runs: [...(earlier?.runs ?? []), { sizes, edits, date: new Date().toISOString(), loadAverage: loadavg() }],
};
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(outDir, 'changes-report.md'), renderChangesReport(results));
log(`wrote ${join(outDir, 'changes-report.md')}`);
