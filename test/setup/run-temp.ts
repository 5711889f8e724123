// The test run's global setup: the run's temporary files in one folder of its own, removed when the
// run ends however it ends, and a guard over the folders a user's commands read.
// - Every temporary folder of the run (storefront-*, sitecontent-*, Astro's and npm's own) goes under
//   `sitecontent-test-run-<pid>-*` in the system's temp folder: TMPDIR points there for the workers
//   and every process they start. A reaper process (run-temp-reaper.mjs) removes it after the run,
//   on success, failure, SIGINT or a crash, and stops what still runs in it first.
// - example-site/dist and example-site/dist-on-demand (what `astro preview` and `storefront.mjs
//   serve` read after a user's build) must be byte for byte the same after the run: the tests build
//   into temporary folders only. A change fails the run, naming the folder.
import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const PREFIX = 'sitecontent-test-run-';

/** The folders a user's own commands read after `npm run build` or `storefront.mjs serve`. */
export const USER_FOLDERS = ['example-site/dist', 'example-site/dist-on-demand'].map((f) =>
  path.join(repoRoot, f),
);

/** A hash of every file's path and bytes under `dir`, or `undefined` when there is no `dir`. */
export function fingerprint(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * Takes the fingerprints of `folders` now; the function it returns throws, naming each folder that
 * changed since. Thrown from the global teardown, it makes `vitest run` exit 1 (vitest counts a
 * teardown's error as an unhandled error: test/run-temp.test.ts runs a vitest that shows it).
 */
export function guardFolders(folders: readonly string[]): () => void {
  const before = folders.map((dir) => ({ dir, print: fingerprint(dir) }));
  return () => {
    const changed = before.filter(({ dir, print }) => fingerprint(dir) !== print);
    if (changed.length > 0) {
      throw new Error(
        `the tests changed ${changed.map(({ dir }) => path.relative(repoRoot, dir)).join(' and ')}: a test must build into a temporary folder`,
      );
    }
  };
}

/** Run folders an earlier run left (its reaper killed too): the process that made each is gone. */
function removeAbandoned(temp: string) {
  for (const name of readdirSync(temp)) {
    const pid = new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1];
    if (!pid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch {
      rmSync(path.join(temp, name), { recursive: true, force: true });
    }
  }
}

export default async function setup(): Promise<(() => void) | undefined> {
  // Both vitest projects run this setup in the one main process: the first one does the work.
  if (process.env.TEST_RUN_TEMP) return undefined;
  const temp = tmpdir();
  removeAbandoned(temp);
  const root = mkdtempSync(path.join(temp, `${PREFIX}${process.pid}-`));
  const reaper: ChildProcess = fork(
    fileURLToPath(new URL('./run-temp-reaper.mjs', import.meta.url)),
    [root],
    {
      detached: true,
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  await new Promise<void>((resolve) => reaper.once('message', () => resolve()));
  reaper.unref();
  reaper.channel?.unref();
  Object.assign(process.env, { TMPDIR: root, TMP: root, TEMP: root, TEST_RUN_TEMP: root });
  const checkUserFolders = guardFolders(USER_FOLDERS);
  return () => {
    // The reaper stops what a test left running in the folder, then removes it.
    reaper.disconnect();
    checkUserFolders();
  };
}
