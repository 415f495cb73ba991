import Database from 'better-sqlite3';
import path from 'node:path';
import { makePrivate } from '../files/private-modes';

export const LOCK_FILE = 'rigdesk.lock';

/**
 * One service per data folder. The start revokes every studio key of earlier runs, which is only
 * right when no other service on this folder is still using its own. The lock is SQLite's exclusive
 * lock (a POSIX or Windows file lock) on a small side file, held by an open connection: the
 * operating system releases it when the process ends in any way, SIGKILL included, so a crash never
 * leaves a stale lock behind. The CLI's administrative commands do not take it.
 */
export function lockDataFolder(dataDir: string): { release(): void } {
  const file = path.join(dataDir, LOCK_FILE);
  const db = new Database(file);
  makePrivate(file);
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = MEMORY'); // nothing to roll back: no -journal file beside it
    // The first write transaction takes the exclusive lock; EXCLUSIVE locking mode keeps it until close.
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') {
      throw new Error(`another Rigdesk service is already running on the data folder ${dataDir} (it holds ${file}). Stop it first, or give this one another folder with --data.`);
    }
    throw err;
  }
  return { release: () => db.close() };
}
