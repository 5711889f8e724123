import { defineConfig } from 'vitest/config';
import SummaryReporter from './test/reporters/summary-reporter.js';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
    reporters: ['default', new SummaryReporter()],
  },
});
