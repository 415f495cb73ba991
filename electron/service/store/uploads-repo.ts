import type { Db } from './database';

/** A file sent with POST /v1/uploads: kept under the data folder's uploads/ until it expires. */
export interface UploadRow {
  id: string;
  account_id: string;
  sha256: string;
  filename: string;
  bytes: number;
  created_at: number;
  expires_at: number;
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>;

export function createUploadsRepo(db: Db) {
  const byId = db.prepare('SELECT * FROM uploads WHERE id = ?');
  const insert = db.prepare(`INSERT INTO uploads (id, account_id, sha256, filename, bytes, created_at, expires_at)
    VALUES (@id, @account_id, @sha256, @filename, @bytes, @created_at, @expires_at)`);
  const expired = db.prepare('SELECT * FROM uploads WHERE expires_at <= ? ORDER BY expires_at');
  const remove = db.prepare('DELETE FROM uploads WHERE id = ?');
  return {
    get: (id: string) => byId.get(id) as UploadRow | undefined,
    insert: (row: UploadRow) => void insert.run(row),
    expired: (now: number) => expired.all(now) as UploadRow[],
    delete: (id: string) => void remove.run(id),
  };
}
