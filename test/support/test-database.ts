/**
 * Which store the service tests run against: `RIGDESK_TEST_DATABASE` unset (or `sqlite`) is the
 * desktop's SQLite data folder; `postgres` is server mode's store on a throwaway PostgreSQL cluster
 * that test/support/postgres-global-setup.ts starts once per `vitest run`, with a fresh database per app
 * (a copy of a migrated template, so no test sees another's rows).
 */
import { inject } from 'vitest';

export type TestDatabase = 'sqlite' | 'postgres';

export function testDatabase(): TestDatabase {
  const value = process.env.RIGDESK_TEST_DATABASE ?? 'sqlite';
  if (value !== 'sqlite' && value !== 'postgres') throw new Error(`RIGDESK_TEST_DATABASE must be 'sqlite' or 'postgres', got '${value}'`);
  return value;
}

/** What the global set-up hands to every test file in postgres mode. */
export interface TestPostgres {
  /** postgresql://rigdesk@127.0.0.1:PORT (no database). */
  base: string;
  /** A database with every migration and pg-boss's schema and queues, copied for each app. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    rigdeskPostgres: TestPostgres | null;
  }
}

export function testPostgres(): TestPostgres {
  const pg = inject('rigdeskPostgres');
  if (!pg) throw new Error('RIGDESK_TEST_DATABASE=postgres needs the global set-up of vitest.config.ts (run through vitest with that variable set)');
  return pg;
}
