import Database from 'better-sqlite3';
import path from 'node:path';
import { ensurePrivateDir, makePrivate } from '../files/private-modes';
import { assertDatabaseIntact } from './integrity';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;
export const DATABASE_FILE = 'rigdesk.sqlite';

/**
 * Opens (creating if needed) the service database in `dataDir` and brings it to the newest schema.
 * WAL lets the CLI write while the service reads; `synchronous = FULL` because an accepted job or a
 * credit reservation must survive a power cut, not only a process crash. A damaged file is refused
 * untouched (see integrity.ts); the folder is 0700 and the database files 0600 (see private-modes.ts).
 */
export function openDatabase(dataDir: string): Db {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, DATABASE_FILE);
  assertDatabaseIntact(file);
  const db = new Database(file);
  // Before WAL mode creates -wal and -shm: SQLite gives them the database file's mode.
  makePrivate(file, `${file}-wal`, `${file}-shm`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  makePrivate(`${file}-wal`, `${file}-shm`);
  return db;
}

export function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    }).immediate();
  }
}

/**
 * Prepared statements for SQL built per request from a few filter combinations: preparing costs
 * more than running a small query, so each distinct text is prepared once.
 */
export function statementCache(db: Db): (sql: string) => Database.Statement {
  const cache = new Map<string, Database.Statement>();
  return (sql) => {
    let stmt = cache.get(sql);
    if (!stmt) cache.set(sql, (stmt = db.prepare(sql)));
    return stmt;
  };
}
