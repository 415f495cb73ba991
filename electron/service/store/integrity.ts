import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';

/** Thrown when the database file is damaged; the message says what to do. */
export class DamagedDatabaseError extends Error {}

/**
 * Runs SQLite's `PRAGMA quick_check` on an existing database before anything writes to it, so a
 * damaged file stops the start with a clear message (instead of a half-started service whose every
 * query fails with SQLITE_CORRUPT) and is left exactly as it was for a backup restore or a recovery.
 * quick_check reads every page but skips the index-content comparison: milliseconds for a
 * catalog-sized database.
 */
export function assertDatabaseIntact(file: string): void {
  if (!existsSync(file)) return;
  let problems: string[];
  let db: Database.Database | null = null;
  try {
    // Read-only: this connection never writes, and never checkpoints the WAL into the file at close.
    db = new Database(file, { readonly: true, fileMustExist: true });
    problems = (db.pragma('quick_check(5)', { simple: false }) as { quick_check: string }[]).map((r) => r.quick_check).filter((r) => r !== 'ok');
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    // Busy or locked is not damage: let the normal open report it.
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return;
    problems = [err instanceof Error ? err.message : String(err)];
  } finally {
    db?.close();
  }
  if (problems.length === 0) return;
  throw new DamagedDatabaseError(
    `the database ${file} is damaged (SQLite quick_check: ${problems.join('; ')}). ` +
      'Rigdesk did not start and left the file untouched. Stop every Rigdesk process, then either restore ' +
      `${file} from a backup, or move it aside (with its -wal and -shm files, if any) to start with an empty ` +
      `database; \`sqlite3 ${file} .recover\` can salvage rows from the damaged copy.`,
  );
}
