// Where the products loader's main thread spends a load, from a V8 CPU profile of one worker run
// (`--cpu-prof`): self time by kind of work over the load's window (first to last sample in the
// build-time code), and per request sent. Issue 58 asks the per-request CPU to be named.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Kinds of work, first match wins: [name, test of a frame's function and script URL]. */
const KINDS = /** @type {const} */ ([
  ['idle', (fn) => fn === '(idle)'],
  ['garbage collection', (fn) => fn === '(garbage collector)'],
  [
    'JSON parsing of answers',
    (fn, url) => /wire\/tolerant-json|http\/body-text|http\/whole-response/.test(url) || fn === 'utf8Slice',
  ],
  [
    'validating records (zod)',
    (_fn, url) => /node_modules\/zod\//.test(url) || /client\/dist\/(schemas|resources)\//.test(url),
  ],
  [
    'digests',
    (fn, url) =>
      /xxhash|node:internal\/crypto|runtime\/node/.test(url) || /itemDigest|sha256|generateDigest/.test(fn),
  ],
  [
    'HTTP and sockets (undici, Node)',
    (fn, url) =>
      /node_modules\/undici\//.test(url) ||
      /^node:(net|internal\/(stream|streams|net|dns))/.test(url) ||
      /writeLatin1String|writeBuffer|writev|onStreamRead/.test(fn),
  ],
  [
    'client: retries, limits, signals',
    (_fn, url) => /client\/dist\/http\/|p-retry|node:internal\/(abort_controller|event_target)/.test(url),
  ],
  [
    'entries: building, staging, storing',
    (_fn, url) => /astro\/dist\/(entries|build-time)\/|node_modules\/astro\/|neotraverse|devalue/.test(url),
  ],
  [
    'handing HTML to the sanitizing thread',
    (fn, url) => fn === 'postMessage' || /sanitize-thread|node:internal\/worker/.test(url),
  ],
  [
    'event loop, promises and timers',
    (fn, url) =>
      /^(runMicrotasks|\(program\)|processTicksAndRejections|runNextTicks|nextTick|processTimers|processImmediate|listOnTimeout|insert)$/.test(
        fn,
      ) || /^node:(internal\/(process|timers|async_hooks)|events|timers)/.test(url),
  ],
  [
    "the bench's own sampling (memory, requests in flight)",
    (fn, url) => /bench\/lib\//.test(url) || fn === 'rss' || /node:diagnostics_channel/.test(url),
  ],
]);

/** @param {string} fn @param {string} url */
function kindOf(fn, url) {
  for (const [name, test] of KINDS) if (test(fn, url)) return name;
  return 'other';
}

/**
 * The profile in `dir` with the most samples (the main thread; the sanitize thread writes its own).
 * @param {string} dir
 */
export function mainThreadProfile(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const profiles = files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  return profiles.sort((a, b) => b.samples.length - a.samples.length)[0];
}

/**
 * Self time by kind over the load's window, and per request.
 * @param {any} profile a V8 CPU profile
 * @param {number} requests requests the load sent
 */
export function loadProfile(profile, requests) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inLoad = new Map();
  const isLoad = (id) => {
    if (inLoad.has(id)) return inLoad.get(id);
    const n = byId.get(id);
    const own = /astro\/dist\/build-time\/(load-run|staging|loaders)\//.test(n.callFrame.url);
    const r = own || (parent.has(id) ? isLoad(parent.get(id)) : false);
    inLoad.set(id, r);
    return r;
  };
  const times = [];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    times.push(t);
  }
  /** @type {number | undefined} */
  let first;
  let last = 0;
  profile.samples.forEach((id, i) => {
    if (isLoad(id)) {
      first ??= times[i];
      last = times[i];
    }
  });
  /** @type {Map<string, number>} */
  const us = new Map();
  profile.samples.forEach((id, i) => {
    if (first === undefined || times[i] < first || times[i] > last) return;
    const n = byId.get(id);
    const kind = kindOf(n.callFrame.functionName, n.callFrame.url);
    us.set(kind, (us.get(kind) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  const windowUs = first === undefined ? 0 : last - first;
  const kinds = [...us]
    .map(([name, total]) => ({
      name,
      ms: total / 1000,
      usPerRequest: requests > 0 ? total / requests : Number.NaN,
    }))
    .sort((a, b) => (a.name === 'idle' ? 1 : b.name === 'idle' ? -1 : b.ms - a.ms));
  const busyUs = [...us].filter(([name]) => name !== 'idle').reduce((sum, [, v]) => sum + v, 0);
  return { windowMs: windowUs / 1000, busyMs: busyUs / 1000, requests, kinds };
}
