/**
 * The store and rate limiter a test app runs on, chosen by RIGDESK_TEST_DATABASE (test-database.ts):
 * SQLite in the app's data folder with the in-memory limiter (the desktop), or PostgreSQL with the
 * database-shared limiter and the pg-boss queue, wired as `serve --database` wires them (server-mode.ts).
 */
import pg from 'pg';
import { MemoryRateLimiter, type RateLimiter } from '../../electron/service/auth/rate-limiter';
import { DEADLINES_MS } from '../../electron/service/config';
import { openStore, type SqliteStore, type Store } from '../../electron/service/context';
import { PgJobQueue } from '../../electron/service/store/postgres/pg-job-queue';
import { PostgresRateLimiter } from '../../electron/service/store/postgres/pg-rate-limiter';
import { openPostgresStore } from '../../electron/service/store/postgres/pg-store';
import { testDatabase, testPostgres } from './test-database';

export interface TestStore {
  store: Store;
  /** Set in SQLite mode only: for the few tests that look inside the SQLite file. */
  sqlite: SqliteStore | null;
  limiter: RateLimiter;
  close(): Promise<void>;
}

let databases = 0;

export async function openTestStore(dataDir: string): Promise<TestStore> {
  if (testDatabase() === 'sqlite') {
    const store = openStore(dataDir);
    return { store, sqlite: store, limiter: new MemoryRateLimiter(), close: () => store.close() };
  }
  const { url, drop } = await freshTestDatabase();
  const queue = await PgJobQueue.open(url, { expireInSeconds: Math.ceil(Math.max(...Object.values(DEADLINES_MS)) / 1000) + 60, maxConnections: 2 });
  const store = await openPostgresStore(url, dataDir, { maxConnections: 4, onJobInserted: (client, job) => queue.sendInTransaction(client, job.id) });
  return {
    store,
    sqlite: null,
    limiter: new PostgresRateLimiter(store.pool),
    async close() {
      await queue.close();
      await store.close();
      await drop();
    },
  };
}

/** A new database copied from the migrated template (postgres mode only), and how to drop it. */
export async function freshTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { base, template } = testPostgres();
  const name = `app_${process.pid}_${++databases}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: `${base}/postgres` });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE ${new URL(template).pathname.slice(1)}`);
  return {
    url: `${base}/${name}`,
    // The cluster is thrown away at the end of the run; dropping keeps its folder small meanwhile.
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
