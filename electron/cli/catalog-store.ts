import { resolveDataDir } from '../service/config';
import { openStore, type Store } from '../service/context';
import type { CommandContext } from './commands';

/**
 * The store the catalog commands write: the data folder's SQLite store, or with --database the
 * server's PostgreSQL store with its blobs under --blobs (the catalog's models are blobs the API
 * processes serve, so unlike the account commands these need the shared folder).
 */
export async function withCatalogStore<T>(ctx: CommandContext, fn: (store: Store) => Promise<T>): Promise<T> {
  const { database, blobs } = ctx.values;
  let store: Store;
  if (database === undefined) {
    if (blobs !== undefined) throw new Error('--blobs is for server mode: give --database too');
    store = openStore(resolveDataDir(ctx.values.data as string | undefined));
  } else {
    if (typeof database !== 'string' || database === '') throw new Error('--database needs a URL: postgresql://USER@HOST[:PORT]/DATABASE');
    if (typeof blobs !== 'string' || blobs === '') throw new Error('--database needs --blobs DIR too: the folder of models every API host serves');
    const { openPostgresStore } = await import('../service/store/postgres/pg-store');
    store = await openPostgresStore(database, blobs, { maxConnections: 2 });
  }
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
