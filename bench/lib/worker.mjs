// One measurement in a fresh child process: so peak RSS and heap belong to that loader alone, and
// no run warms the next one's caches. Task comes in BENCH_TASK (JSON), the key in BENCH_KEY (not
// argv, so it never shows in `ps`); the result goes back over IPC.
import diagnosticsChannel from 'node:diagnostics_channel';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
// The integration's own defaults (a repository script may read the built package's internals).
import { siteContentDefaults } from '../../packages/astro/dist/options/integration-options.js';
import { runCeiling } from './ceiling.mjs';
import { changeProducts } from './change-products.mjs';
import { inFlightTracker } from './in-flight.mjs';
import { generateDigest } from './loader-context.mjs';
import { META_MAX_AGE_MS } from './measure-build.mjs';
import { naiveLoad } from './naive.mjs';
import { createOurLoaders, loadAll } from './ours.mjs';
import { apiUrl, fullLoadPaths, modificationsPaths } from './request-set.mjs';

const task = JSON.parse(process.env.BENCH_TASK ?? '{}');
const key = process.env.BENCH_KEY ?? '';
const conn = { baseUrl: task.baseUrl, key, sid: task.sid };

const mem = startMemorySampler();

/** @returns {Promise<any[]>} */
async function fetchJson(op, params = {}) {
  const res = await fetch(apiUrl(conn.baseUrl, op, { key, sid: conn.sid, ...params }));
  if (!res.ok) throw new Error(`${op}: HTTP ${res.status}`);
  return /** @type {Promise<any[]>} */ (res.json());
}

/**
 * What any products loader waits for before its first `meta/Get`: the whole catalog's `goods/Get`
 * fetched and parsed, alone. The median of three, after the replay (its connection warm).
 */
async function serialReadMs() {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await fetchJson('goods/Get');
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[1];
}

async function catalogLists() {
  const [sections, products, articles] = await Promise.all([
    fetchJson('dir/Get'),
    fetchJson('goods/Get'),
    fetchJson('article/Get'),
  ]);
  return { sections, products, articles };
}

/**
 * Records the path of every request our client sends (undici publishes each one on the
 * `undici:request:create` diagnostics channel), so the ceiling can replay exactly that set.
 */
function startRecorder() {
  const paths = [];
  const onCreate = (/** @type {any} */ { request }) => {
    if (String(request.origin).startsWith(conn.baseUrl)) paths.push(request.path);
  };
  diagnosticsChannel.subscribe('undici:request:create', onCreate);
  return {
    paths,
    stop: () => diagnosticsChannel.unsubscribe('undici:request:create', onCreate),
  };
}

function ceilingPaths(fallback) {
  if (task.pathsFile && existsSync(task.pathsFile)) return JSON.parse(readFileSync(task.pathsFile, 'utf8'));
  return fallback();
}

/** Loads `collections` through our loaders, recording the request paths when the task asks for them. */
async function loadOurs(collections) {
  const project = await createOurLoaders({ ...conn, ...limits(), collections });
  const recorder = task.recordFile ? startRecorder() : undefined;
  const tracker = inFlightTracker(conn.baseUrl);
  mem.markBaseline();
  const r = await loadAll(project);
  const inFlight = tracker.finish();
  if (recorder) {
    recorder.stop();
    writeFileSync(task.recordFile, JSON.stringify(recorder.paths));
  }
  return {
    elapsedMs: r.elapsedMs,
    entries: r.entries,
    written: r.written,
    perCollection: r.perCollection,
    inFlight,
  };
}

/**
 * The integration's concurrency settings this task asks for. A `concurrency` set alone is also the
 * ceiling (the client's rule), so the ceiling is given too: the integration's default unless the
 * task names one.
 */
function limits() {
  return {
    concurrency: task.concurrency,
    maxConcurrency:
      task.maxConcurrency ?? Math.max(task.concurrency ?? 0, siteContentDefaults.maxConcurrency),
    ...(task.adaptive === false ? { adaptive: false } : {}),
  };
}

const tasks = {
  'ours-full': () => loadOurs(['sections', 'products', 'articles']),
  'ours-mods': () => loadOurs(['modifications']),
  // The products loader alone with `seo: true` (goods/Get, dir/Get, a meta/Get per product), for
  // its time against its request floor (requests × latency ÷ the most requests in flight allowed).
  'ours-products': () => loadOurs(['products']),
  async 'naive-full'() {
    mem.markBaseline();
    const t0 = performance.now();
    const r = await naiveLoad(conn);
    return { elapsedMs: performance.now() - t0, entries: r.entries, requests: r.requests };
  },
  async 'ceiling-full'() {
    const paths = await ceilingPaths(async () => fullLoadPaths(conn, await catalogLists()));
    mem.markBaseline();
    const ceiling = await runCeiling({
      baseUrl: conn.baseUrl,
      paths,
      connections: task.connections ?? task.concurrency,
    });
    return { ...ceiling, serialReadMs: await serialReadMs() };
  },
  async 'ceiling-mods'() {
    const paths = await ceilingPaths(async () => modificationsPaths(conn, await catalogLists()));
    mem.markBaseline();
    return runCeiling({ baseUrl: conn.baseUrl, paths, connections: task.connections ?? task.concurrency });
  },
  /**
   * The products loader as the bench site's incremental configuration has it (`seo: { maxAge }`,
   * its page URLs), timed on its second load: nothing changed and the meta cache fresh.
   */
  async 'ours-unchanged'() {
    const project = await createOurLoaders({
      ...conn,
      ...limits(),
      collections: ['products'],
      metaMaxAge: META_MAX_AGE_MS,
      productUrl: (product) => `/products/${product.id}`,
    });
    const first = await loadAll(project);
    mem.markBaseline();
    const again = await loadAll(project, first.store);
    // Whether the load kept its stored entries on unchanged answers (load/answer-record.ts).
    const kept = again.log.some((line) => /answers unchanged/.test(line.message));
    return { elapsedMs: again.elapsedMs, entries: again.entries, written: again.written, kept };
  },
  /**
   * The floor of a rebuild with nothing changed: read `goods/Get` once and compare each record's
   * digest (Astro's own, as a hand-written loader gets it from its context) with the one kept from
   * the first read. Timed on the second read.
   */
  async 'floor-unchanged'() {
    const digests = new Map();
    for (const record of await fetchJson('goods/Get')) digests.set(String(record.id), generateDigest(record));
    mem.markBaseline();
    const t0 = performance.now();
    let unchanged = 0;
    const records = await fetchJson('goods/Get');
    for (const record of records) if (digests.get(String(record.id)) === generateDigest(record)) unchanged++;
    return { elapsedMs: performance.now() - t0, entries: unchanged };
  },
  async rebuild() {
    const project = await createOurLoaders({
      ...conn,
      ...limits(),
      collections: ['sections', 'products', 'articles'],
    });
    mem.markBaseline();
    const first = await loadAll(project);
    const unchanged = await loadAll(project, first.store);
    const { products } = await catalogLists();
    const changed = await changeProducts(
      conn,
      products,
      task.fraction ?? 0.01,
      task.tag ?? `bench ${Date.now()}`,
    );
    const afterChange = await loadAll(project, first.store);
    const pick = (r) => ({
      elapsedMs: r.elapsedMs,
      written: r.written,
      entries: r.entries,
      perCollection: r.perCollection,
    });
    return { first: pick(first), unchanged: pick(unchanged), changed, afterChange: pick(afterChange) };
  },
};

function startMemorySampler() {
  let peakRss = 0;
  let peakHeap = 0;
  let baselineRss = 0;
  let baselineHeap = 0;
  // The RSS every 25 ms (a cheap read); the heap, whose statistics cost the measured process more,
  // every tenth sample.
  let samples = 0;
  const sample = () => {
    const rss = process.memoryUsage.rss();
    if (rss > peakRss) peakRss = rss;
    if (samples++ % 10 !== 0) return;
    const heapUsed = process.memoryUsage().heapUsed;
    if (heapUsed > peakHeap) peakHeap = heapUsed;
  };
  const timer = setInterval(sample, 25);
  timer.unref();
  return {
    markBaseline() {
      const m = process.memoryUsage();
      baselineRss = m.rss;
      baselineHeap = m.heapUsed;
    },
    finish() {
      sample();
      clearInterval(timer);
      // resourceUsage().maxRSS is the kernel's high-water mark in KiB (what `/usr/bin/time -v` shows).
      const maxRss = process.resourceUsage().maxRSS * 1024;
      return { peakRss: Math.max(peakRss, maxRss), peakHeap, baselineRss, baselineHeap };
    },
  };
}

try {
  const run = tasks[task.kind];
  if (!run) throw new Error(`unknown task ${task.kind}`);
  const result = await run();
  process.send?.({ ok: true, result, memory: mem.finish() }, () => process.exit(0));
} catch (err) {
  process.send?.({ ok: false, error: String(/** @type {Error} */ (err)?.stack ?? err) }, () =>
    process.exit(1),
  );
}
