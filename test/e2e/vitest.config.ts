/**
 * End-to-end tests of the built studio in Debian's Chromium against a real service
 * (`npm run test:e2e`, run by `npm test` after the unit tests): about two minutes on a 2-core machine.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
