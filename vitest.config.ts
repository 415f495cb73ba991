import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    // Tests start real servers, SQLite files and child processes: keep the 2-core machine responsive.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // RIGDESK_TEST_DATABASE=postgres: one throwaway PostgreSQL for the run (test/support/test-database.ts).
    globalSetup: ['test/support/postgres-global-setup.ts'],
  },
});
