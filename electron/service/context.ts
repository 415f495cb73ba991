import { createAccountsRepo } from './store/accounts-repo';
import { createCatalogRepo } from './store/catalog-repo';
import { createCatalogWrites } from './store/catalog-writes';
import { createSettingsRepo } from './store/settings-repo';
import { openDatabase, type Db } from './store/database';
import { createFilesRepo } from './store/files-repo';
import { createJobsRepo } from './store/jobs-repo';
import { createKeysRepo } from './store/keys-repo';
import { createLedgerRepo } from './store/ledger-repo';
import { createUploadsRepo } from './store/uploads-repo';
import { createSqliteTransactions, type StoreTransactions } from './store/transactions';
import { BlobStore } from './files/blob-store';
import { Credits } from './billing/credits';

/**
 * Everything the service's domain code needs, built once from a data folder.
 * The CLI builds the same object to administer a data folder while the service runs.
 */
export interface Store {
  dataDir: string;
  db: Db;
  blobs: BlobStore;
  accounts: ReturnType<typeof createAccountsRepo>;
  keys: ReturnType<typeof createKeysRepo>;
  ledger: ReturnType<typeof createLedgerRepo>;
  jobs: ReturnType<typeof createJobsRepo>;
  files: ReturnType<typeof createFilesRepo>;
  catalog: ReturnType<typeof createCatalogRepo>;
  catalogWrites: ReturnType<typeof createCatalogWrites>;
  settings: ReturnType<typeof createSettingsRepo>;
  uploads: ReturnType<typeof createUploadsRepo>;
  /** The atomic units (job submission, refunds, period roll-over, …). */
  tx: StoreTransactions;
  credits: Credits;
  close(): void;
}

export function openStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  const accounts = createAccountsRepo(db);
  const ledger = createLedgerRepo(db);
  const keys = createKeysRepo(db);
  const jobs = createJobsRepo(db);
  const tx = createSqliteTransactions(db, { accounts, keys, ledger, jobs });
  return {
    dataDir,
    db,
    blobs: new BlobStore(dataDir),
    accounts,
    keys,
    ledger,
    jobs,
    files: createFilesRepo(db),
    catalog: createCatalogRepo(db),
    catalogWrites: createCatalogWrites(db),
    settings: createSettingsRepo(db),
    uploads: createUploadsRepo(db),
    tx,
    credits: new Credits(tx, ledger),
    close: () => db.close(),
  };
}
