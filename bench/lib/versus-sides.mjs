// The two checkouts a comparison (bench/versus.mjs) measures: `base`, another checkout given by its
// path, and `now`, the checkout this file is in. Every run of a side goes through that checkout's own
// bench/lib: its worker (run-worker.mjs) and its build child (run-build.mjs) resolve
// @sitecontent/astro and Astro from that checkout's node_modules and build that checkout's bench
// site, so each side measures its own packages with its own harness.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The sides in the order of a pair that starts with the base. */
export const SIDES = /** @type {const} */ (['base', 'now']);

/** @typedef {typeof SIDES[number]} Side */

/** The files a checkout needs to be measured: its bench harness and its built packages. */
const REQUIRED_FILES = [
  'bench/lib/run-worker.mjs',
  'bench/lib/run-build.mjs',
  'bench/site/astro.config.mjs',
  'packages/astro/dist/index.js',
  'packages/emulator/dist/index.js',
];

/** A checkout that cannot be measured, with the files it lacks. */
export class VersusCheckoutError extends Error {
  /**
   * @param {Side} side
   * @param {string} root
   * @param {string[]} missing
   */
  constructor(side, root, missing) {
    super(
      `versus: the ${side} checkout ${root} lacks ${missing.join(', ')} ` +
        '(a checkout of this repository after `npm ci` and `npm run build:packages`)',
    );
    this.name = 'VersusCheckoutError';
    this.side = side;
    this.root = root;
    this.missing = missing;
  }
}

/**
 * The short commit of a checkout and how many tracked files differ from it, so a result never names
 * a commit for code that was not that commit.
 * @param {string} root
 */
function commitOf(root) {
  try {
    const git = (/** @type {string[]} */ args) =>
      execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' });
    const commit = git(['rev-parse', '--short', 'HEAD']).trim();
    const uncommittedFiles = git(['status', '--porcelain', '--untracked-files=no'])
      .split('\n')
      .filter((line) => line.trim() !== '').length;
    return { commit, uncommittedFiles };
  } catch {
    return { commit: 'unknown', uncommittedFiles: 0 };
  }
}

/**
 * One side: its checkout's `runWorker` and `runBuild`, imported from that checkout.
 * @param {Side} side
 * @param {string} root
 */
async function loadSide(side, root) {
  const missing = REQUIRED_FILES.filter((file) => !existsSync(join(root, file)));
  if (missing.length) throw new VersusCheckoutError(side, root, missing);
  const lib = (/** @type {string} */ file) => pathToFileURL(join(root, 'bench/lib', file)).href;
  const { runWorker } = await import(lib('run-worker.mjs'));
  const { runBuild } = await import(lib('run-build.mjs'));
  return {
    side,
    root,
    ...commitOf(root),
    /** @type {(task: any, key: string) => Promise<any>} */ runWorker,
    /** @type {(task: any, service: { url: string, sid: number, key: string }) => Promise<any>} */ runBuild,
  };
}

/** @typedef {Awaited<ReturnType<typeof loadSide>>} Checkout */

/**
 * Both sides: `basePath` as given, `now` this checkout.
 * @param {string} basePath
 * @returns {Promise<Record<Side, Checkout>>}
 */
export async function loadSides(basePath) {
  const nowRoot = fileURLToPath(new URL('../..', import.meta.url));
  return {
    base: await loadSide('base', resolve(basePath)),
    now: await loadSide('now', resolve(nowRoot)),
  };
}

/**
 * The order of the two sides in pair `index`: base first in even pairs, now first in odd ones, so a
 * slow drift of the shared machine falls on both sides alike.
 * @param {number} index
 * @returns {Side[]}
 */
export function pairOrder(index) {
  return index % 2 === 0 ? ['base', 'now'] : ['now', 'base'];
}
