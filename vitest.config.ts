import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type Plugin } from 'vitest/config';
import SummaryReporter from './test/reporters/summary-reporter.js';

const clientSource = fileURLToPath(new URL('./packages/client/src/', import.meta.url));

/**
 * The client's `#runtime` import (its package.json `imports`) names built files; the client's own
 * tests import its sources, which must get a runtime's source, not a second copy from dist/.
 */
function clientRuntimeFromSource(runtime: 'node' | 'web'): Plugin {
  return {
    name: `client-runtime-from-source:${runtime}`,
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '#runtime' && importer?.startsWith(clientSource))
        return `${clientSource}runtime/${runtime}.ts`;
      return undefined;
    },
  };
}

/**
 * The client's tests that hold for every transport, run again over the `fetch` one (what Cloudflare
 * Workers, Deno and Bun get) against the same servers: errors, retries, hostile payloads, redaction,
 * timeouts, the size cap, adaptive concurrency, every operation against the emulator. Left out:
 * what only undici has (its socket pool: keep-alive, sockets per client) and the CLI (always Node).
 */
const overFetch = [
  'abort',
  'adaptive-concurrency',
  'emulator',
  'errors',
  'hostile-answers',
  'hostile-encodings',
  'hostile-messages',
  'hostile-payloads',
  'hostile-sizes',
  'key-masking',
  'key-split-probe',
  'meta-emulator',
  'meta-faults',
  'meta-push-guards',
  'operations',
  'param-encoding',
  'read-answer',
  'retries',
  'retry-after',
  'timeouts',
].map((name) => `packages/client/test/${name}.test.ts`);

/**
 * Files whose Astro builds share a project root with another file's: Astro writes its codegen folder
 * (`.astro/`, with the integrations' generated modules) at the root whatever the output and cache
 * folders, so two of them at once clash. The storefront's config lives at the repository root (the
 * storefront's own suite, test/storefront.test.ts, is the one of them that runs beside the other
 * files; run-temp runs that suite again), bench/site is the benchmarks'. They run after the rest,
 * one at a time.
 */
const sharedRoot = [
  'test/storefront-serve.test.ts',
  'test/storefront-dev.test.ts',
  'test/changes-watch-storefront.test.ts',
  'test/run-temp.test.ts',
  'test/bench-quick.test.ts',
  'test/bench-large.test.ts',
  'test/bench-versus.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // What a browser or a server shows "soon" (a first search loading Pagefind, a page after a build)
    // on a 2-core machine running two test files at once: vitest's default of one second is a race.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // Two files at a time (the machine's 2 cores), except those that build in one shared Astro root
    // (see `sharedRoot` below): they wait for the rest and then run one at a time.
    maxWorkers: 2,
    // The run's temporary files in a folder of their own, removed however the run ends, and a guard
    // that the run leaves example-site/dist alone.
    globalSetup: ['./test/setup/run-temp.ts'],
    reporters: ['default', new SummaryReporter()],
    projects: [
      {
        extends: true,
        plugins: [clientRuntimeFromSource('node')],
        test: {
          name: 'node',
          include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...sharedRoot],
        },
      },
      {
        extends: true,
        plugins: [clientRuntimeFromSource('web')],
        test: { name: 'client over fetch', include: overFetch },
      },
      {
        extends: true,
        plugins: [clientRuntimeFromSource('node')],
        test: { name: 'shared Astro root', include: sharedRoot, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
