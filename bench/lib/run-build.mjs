// Parent side of build-child.mjs: one build of the bench site in a fresh process, its Astro log read
// for the pages it rendered and the pages it took from the incremental cache.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const childPath = fileURLToPath(new URL('./build-child.mjs', import.meta.url));

/**
 * Pages Astro rendered in a build and pages it skipped: it logs each page as
 * `├─ /products/1/index.html (+3ms)` when rendered and `… (cached)` or `… (restored)` when skipped.
 * @param {string} output
 */
export function renderedPages(output) {
  let rendered = 0;
  let reused = 0;
  for (const line of output.split('\n')) {
    const m = /[├└]─ (\/\S*\.html)(.*)$/.exec(line);
    if (!m) continue;
    if (/\((cached|restored)\)/.test(m[2] ?? '')) reused++;
    else rendered++;
  }
  return { rendered, reused };
}

/**
 * The products loader's own summary line: ours logs `products: 9790 records in 412 ms (fetch 398 ms):
 * 12 written, …`, the hand-written ones `products: 9790 records in 412 ms: 12 written`.
 * @param {string} output
 */
export function loaderLine(output) {
  const lines = output.split('\n');
  // A failed fetch with entries to keep: `products: goods/Get timed out …; keeping 94933 entries from
  // the previous sync` (the package's keep-stale policy); the sync then goes on with the old entries.
  const stale = lines.find((l) => /products: .*; keeping \d+ entries from the previous sync/.test(l));
  if (stale) {
    return {
      failed: true,
      keptStale: Number(/keeping (\d+) entries/.exec(stale)?.[1]),
      text: stale.replace(/^.*?(products: )/, '$1').trim(),
    };
  }
  const line = lines.find((l) => /products: \d+ records/.test(l));
  if (!line) return undefined;
  const records = Number(/products: (\d+) records/.exec(line)?.[1]);
  const loadMs = /records in (\d+) ms/.exec(line);
  const written = /(\d+) written/.exec(line);
  const fetchMs = /\(fetch (\d+) ms\)/.exec(line);
  const reused = /meta of (\d+) pages reused/.exec(line);
  return {
    records,
    loadMs: loadMs ? Number(loadMs[1]) : undefined,
    written: written ? Number(written[1]) : undefined,
    fetchMs: fetchMs ? Number(fetchMs[1]) : undefined,
    metaReused: reused ? Number(reused[1]) : 0,
    text: line.replace(/^.*?(products: )/, '$1').trim(),
  };
}

/**
 * Milliseconds of one of Astro's logged durations: `766ms`, `6.41s`, `1m 25s`.
 * @param {string | undefined} text
 */
export function astroDuration(text) {
  if (!text) return undefined;
  const m = /^(?:(\d+)m(?!s)\s*)?(?:([\d.]+)(ms|s))?$/.exec(text.trim());
  if (!m || (!m[1] && !m[2])) return undefined;
  const minutes = Number(m[1] ?? 0) * 60_000;
  const rest = m[2] ? Number(m[2]) * (m[3] === 'ms' ? 1 : 1000) : 0;
  return Math.round(minutes + rest);
}

/**
 * Where a build's time went, from Astro's log: the content sync with type generation
 * (`[types] Generated 3.66s`) and the page generation (`generating static routes`, then after the
 * page lines `✓ Completed in 6.41s.`); the rest is Vite's bundling and Astro's start and finish.
 * @param {string} output
 */
export function buildPhases(output) {
  const duration = /((?:\d+m(?!s)\s*)?(?:[\d.]+(?:ms|s))?)/.source;
  const sync = new RegExp(`\\[types\\] Generated ${duration}`).exec(output);
  const from = output.indexOf('generating static routes');
  const pages = from < 0 ? null : new RegExp(`✓ Completed in ${duration}`).exec(output.slice(from));
  return { syncMs: astroDuration(sync?.[1]), pagesMs: astroDuration(pages?.[1]) };
}

/**
 * @param {import('./build-child.mjs').BuildTask} task
 * @param {{ url: string, sid: number, key: string }} service
 * @param {{ timeoutMs?: number }} [opts]
 * @returns {Promise<{ elapsedMs: number, processMs: number, peakRss: number, rendered: number,
 *   reused: number, client: any, dataStore: { bytes: number, files: number }, loader: any, phases: any,
 *   output: string }>}
 */
export function runBuild(task, service, { timeoutMs = 30 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('SITECONTENT_')),
    );
    const started = performance.now();
    // BENCH_CPU_PROF_DIR: write a V8 CPU profile of every build there (where the time goes).
    const profDir = process.env.BENCH_CPU_PROF_DIR;
    const child = fork(childPath, [], {
      execArgv: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        ...env,
        BENCH_BUILD: JSON.stringify(task),
        SITECONTENT_BASE_URL: service.url,
        SITECONTENT_SID: String(service.sid),
        SITECONTENT_API_KEY: service.key,
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk.toString('utf8');
    });
    /** @type {any} */
    let message;
    child.on('message', (m) => {
      message = m;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${task.loader} ${task.command} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const processMs = performance.now() - started;
      if (message?.ok) {
        resolve({
          ...message.result,
          processMs,
          // Astro's and the loaders' warnings, for the report (the first few; the key is masked).
          warnings: output
            .split('\n')
            .filter((l) => /\[WARN\]/.test(l))
            .slice(0, 5)
            .map((l) => l.trim().slice(0, 300)),
          ...renderedPages(output),
          phases: buildPhases(output),
          loader: loaderLine(output),
          output,
        });
      } else {
        const detail = message?.error ?? `exited with code ${code}`;
        reject(new Error(`${task.loader} ${task.command} failed: ${detail}\n${output.slice(-3000)}`));
      }
    });
  });
}
