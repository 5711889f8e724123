// One `astro build` (or `astro sync`) of the bench site (bench/site/) in a process of its own, so the
// peak RSS is that build's alone. The task comes in BENCH_BUILD (JSON), the connection in the
// SITECONTENT_* variables (the key never in argv); Astro's log goes to stdout for the parent to read
// (pages rendered and reused), the measurements go back over IPC.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inFlightTracker } from './in-flight.mjs';

const siteRoot = fileURLToPath(new URL('../site/', import.meta.url));

/**
 * @typedef {{ command: 'build' | 'sync', loader: 'ours' | 'chunks' | 'naive', cacheDir: string,
 *   outDir: string, incremental?: boolean, metaMaxAge?: number, storage?: 'chunked', page?: 'readme' }} BuildTask
 */
const task = /** @type {BuildTask} */ (JSON.parse(process.env.BENCH_BUILD ?? '{}'));

// What bench/site/astro.config.mjs and src/bench-variant.ts read.
Object.assign(process.env, {
  BENCH_LOADER: task.loader,
  BENCH_CACHE_DIR: task.cacheDir,
  BENCH_OUT_DIR: task.outDir,
  BENCH_INCREMENTAL: task.incremental ? '1' : '0',
  BENCH_META_MAX_AGE: String(task.metaMaxAge ?? 0),
  BENCH_STORAGE: task.storage ?? '',
  BENCH_PAGE: task.page ?? '',
  ASTRO_TELEMETRY_DISABLED: '1',
});

/** Bytes of Astro's data store in `cacheDir`: the single file or the chunked folder. */
function dataStoreBytes(cacheDir) {
  let bytes = 0;
  let files = 0;
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        bytes += statSync(full).size;
        files++;
      }
    }
  };
  try {
    for (const entry of readdirSync(cacheDir, { withFileTypes: true })) {
      if (!entry.name.startsWith('data-store')) continue;
      const full = join(cacheDir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        bytes += statSync(full).size;
        files++;
      }
    }
  } catch {}
  return { bytes, files };
}

// BENCH_RSS_TRACE=1 (a diagnosis): the RSS and heap each second on stdout, to see in which phase of
// the build (Astro's log lines around it) the peak falls.
if (process.env.BENCH_RSS_TRACE === '1') {
  const mib = (/** @type {number} */ n) => (n / 2 ** 20).toFixed(0);
  setInterval(() => {
    const m = process.memoryUsage();
    const at = new Date().toTimeString().slice(0, 8);
    console.log(
      `${at} [rss trace] rss ${mib(m.rss)} heapUsed ${mib(m.heapUsed)} heapTotal ${mib(m.heapTotal)} external ${mib(m.external)}`,
    );
  }, 1000).unref();
}

// BENCH_LOG_MS=1 (a diagnosis): every log line prefixed with the milliseconds since this process
// started, to see how long each phase of the build took (Astro's log shows whole seconds).
if (process.env.BENCH_LOG_MS === '1') {
  const write = process.stdout.write.bind(process.stdout);
  const stamped = (/** @type {string} */ line) => (line ? `[${performance.now().toFixed(0)}] ${line}` : line);
  process.stdout.write = /** @type {typeof process.stdout.write} */ (
    (chunk, ...rest) => write(String(chunk).split('\n').map(stamped).join('\n'), ...rest)
  );
}
try {
  const astro = await import('astro');
  const tracker = inFlightTracker(new URL(process.env.SITECONTENT_BASE_URL ?? 'http://invalid').origin);
  const t0 = performance.now();
  const inline = { root: siteRoot, logLevel: /** @type {const} */ ('info') };
  if (task.command === 'sync') await astro.sync(inline);
  else await astro.build(inline);
  const elapsedMs = performance.now() - t0;
  const result = {
    elapsedMs,
    // The kernel's high-water mark of this process (KiB → bytes), what `/usr/bin/time -v` reports.
    peakRss: process.resourceUsage().maxRSS * 1024,
    client: tracker.finish(),
    dataStore: dataStoreBytes(task.cacheDir),
  };
  process.send?.({ ok: true, result }, () => process.exit(0));
} catch (err) {
  process.send?.({ ok: false, error: String(/** @type {Error} */ (err)?.stack ?? err) }, () =>
    process.exit(1),
  );
}
