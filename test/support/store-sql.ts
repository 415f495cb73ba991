/**
 * Raw SQL for the few tests that check what the database itself holds or refuses (a hash, not the
 * key; the ledger's append-only triggers), on whichever store the test app runs: statements use `?`
 * placeholders and SQL both dialects accept; PostgreSQL gets them numbered `$1, $2…`.
 */
import type { Store } from '../../electron/service/context';
import type { PostgresStore } from '../../electron/service/store/postgres/pg-store';
import type { TestApp } from './service';

export async function sqlRows(t: Pick<TestApp, 'store' | 'sqlite'>, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (t.sqlite) {
    const statement = t.sqlite.db.prepare(sql);
    if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
    statement.run(...params);
    return [];
  }
  let n = 0;
  return (await (t.store as Store as PostgresStore).pool.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows;
}
