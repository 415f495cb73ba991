import { createAccountsRepo, type AccountsRepo } from './store/accounts-repo';
import { promisified, type Promisified } from './store/async-repo';
import { createCatalogRepo, type CatalogRepo } from './store/catalog-repo';
import { createCatalogWrites, type CatalogWrites } from './store/catalog-writes';
import { createSettingsRepo, type SettingsRepo } from './store/settings-repo';
import { openDatabase, type Db } from './store/database';
import { createFilesRepo, type FilesRepo } from './store/files-repo';
import { createJobsRepo, type JobsRepo } from './store/jobs-repo';
import { createKeysRepo, type KeysRepo } from './store/keys-repo';
import { createLedgerRepo, type LedgerRepo } from './store/ledger-repo';
import { createUploadsRepo, type UploadsRepo } from './store/uploads-repo';
import { createSqliteTransactions, type AsyncStoreTransactions, type StoreTransactions } from './store/transactions';
import { BlobStore } from './files/blob-store';
import { Credits } from './billing/credits';

/**
 * Everything the service's domain code needs: async repositories, so the same routes and domain code
 * run on SQLite (the desktop) and PostgreSQL (server mode, store/SERVER-MODE.md).
 * The CLI builds the same object to administer a data folder while the service runs.
 */
export interface Store {
  dataDir: string;
  blobs: BlobStore;
  accounts: Promisified<AccountsRepo>;
  keys: Promisified<KeysRepo>;
  ledger: Promisified<LedgerRepo>;
  jobs: Promisified<JobsRepo>;
  files: Promisified<FilesRepo>;
  catalog: Promisified<CatalogRepo>;
  catalogWrites: Promisified<CatalogWrites>;
  settings: Promisified<SettingsRepo>;
  uploads: Promisified<UploadsRepo>;
  /** The atomic units (job submission, refunds, period roll-over, …). */
  tx: AsyncStoreTransactions;
  credits: Credits;
  close(): Promise<void>;
}

/** The desktop's store: SQLite in the data folder; `db` for tests and benchmarks that look inside. */
export interface SqliteStore extends Store {
  db: Db;
  /** The units run synchronously: for set-up code that cannot wait (test fixtures), never for the service. */
  syncTx: StoreTransactions;
}

export function openStore(dataDir: string): SqliteStore {
  const db = openDatabase(dataDir);
  const accounts = createAccountsRepo(db);
  const ledgerRepo = createLedgerRepo(db);
  const ledger = promisified(ledgerRepo);
  const keys = createKeysRepo(db);
  const jobs = createJobsRepo(db);
  const syncTx = createSqliteTransactions(db, { accounts, keys, ledger: ledgerRepo, jobs });
  const tx: AsyncStoreTransactions = promisified(syncTx);
  return {
    dataDir,
    db,
    blobs: new BlobStore(dataDir),
    accounts: promisified(accounts),
    keys: promisified(keys),
    ledger,
    jobs: promisified(jobs),
    files: promisified(createFilesRepo(db)),
    catalog: promisified(createCatalogRepo(db)),
    catalogWrites: promisified(createCatalogWrites(db)),
    settings: promisified(createSettingsRepo(db)),
    uploads: promisified(createUploadsRepo(db)),
    tx,
    syncTx,
    credits: new Credits(tx, ledger),
    close: async () => void db.close(),
  };
}
