// The longer run of the kept-cache property (test/storefront-kept-cache.ts), part of `npm run soak`:
// more and longer generated edit sequences than `npm test` runs, each edit followed by a kept-cache
// and a clean storefront build compared byte for byte. A failure prints the shrunk sequence and the
// seed to replay it. --runs N, --edits N, --seed N.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '6' },
    edits: { type: 'string', default: '8' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
console.log(`[kept-cache soak] ${args.runs} sequences of up to ${args.edits} edits, seed ${args.seed}`);
const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    'test/storefront.test.ts',
    '-t',
    'a kept cache builds the same site',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      SITECONTENT_KEPT_CACHE_RUNS: args.runs,
      SITECONTENT_KEPT_CACHE_EDITS: args.edits,
      SITECONTENT_KEPT_CACHE_SEED: args.seed,
    },
  },
);
process.exit(run.status ?? 1);
