/**
 * Server mode's store: every repository and unit in PostgreSQL, blobs and uploads in a folder every
 * API and worker host mounts (store/SERVER-MODE.md, section 4). Routes see the same `Store` as in
 * SQLite mode. Migrations run at open, one process at a time.
 */
import type { Pool, PoolClient } from 'pg';
import { Credits } from '../../billing/credits';
import type { Store } from '../../context';
import { BlobStore } from '../../files/blob-store';
import type { JobRow } from '../jobs-repo';
import { createPgAccountsRepo } from './pg-accounts-repo';
import { createPgCatalogRepo } from './pg-catalog-repo';
import { createPgCatalogWrites } from './pg-catalog-writes';
import { createPgFilesRepo } from './pg-files-repo';
import { createPgJobsRepo, type PgJobsRepo } from './pg-jobs-repo';
import { createPgKeysRepo } from './pg-keys-repo';
import { createPgLedgerRepo } from './pg-ledger-repo';
import { migratePostgres } from './pg-migrate';
import { openPostgresPool } from './pg-pool';
import { createPgSettingsRepo } from './pg-settings-repo';
import { createPostgresTransactions } from './pg-transactions';
import { createPgUploadsRepo } from './pg-uploads-repo';

export interface PostgresStore extends Store {
  pool: Pool;
  jobs: PgJobsRepo;
}

export interface PostgresStoreOptions {
  /** Connections this process may hold. Default 10. */
  maxConnections?: number;
  /** Runs inside the accepting transaction once a job row exists: the queue's send. */
  onJobInserted?: (client: PoolClient, job: JobRow) => Promise<void>;
}

/** Opens the store on `url` (migrating it) with blobs and uploads under `sharedDir`. */
export async function openPostgresStore(url: string, sharedDir: string, o: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const pool = await openPostgresPool(url, { max: o.maxConnections ?? 10 });
  try {
    await migratePostgres(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const tx = createPostgresTransactions(pool, { onJobInserted: o.onJobInserted });
  const ledger = createPgLedgerRepo(pool);
  return {
    dataDir: sharedDir,
    blobs: new BlobStore(sharedDir),
    pool,
    accounts: createPgAccountsRepo(pool),
    keys: createPgKeysRepo(pool),
    ledger,
    jobs: createPgJobsRepo(pool),
    files: createPgFilesRepo(pool),
    catalog: createPgCatalogRepo(pool),
    catalogWrites: createPgCatalogWrites(pool),
    settings: createPgSettingsRepo(pool),
    uploads: createPgUploadsRepo(pool),
    tx,
    credits: new Credits(tx, ledger),
    close: () => pool.end(),
  };
}
