import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Unhandled rejections fail the run: the hostile-payload suites rely on it.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
