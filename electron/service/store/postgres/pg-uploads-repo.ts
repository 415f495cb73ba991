import type { Pool } from 'pg';
import type { Promisified } from '../async-repo';
import type { UploadRow, UploadsRepo } from '../uploads-repo';

export function createPgUploadsRepo(pool: Pool): Promisified<UploadsRepo> {
  return {
    get: async (id) => (await pool.query<UploadRow>('SELECT * FROM uploads WHERE id = $1', [id])).rows[0],
    insert: async (r) => {
      await pool.query('INSERT INTO uploads (id, account_id, sha256, filename, bytes, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        r.id, r.account_id, r.sha256, r.filename, r.bytes, r.created_at, r.expires_at,
      ]);
    },
    expired: async (now) => (await pool.query<UploadRow>('SELECT * FROM uploads WHERE expires_at <= $1 ORDER BY expires_at', [now])).rows,
    delete: async (id) => {
      await pool.query('DELETE FROM uploads WHERE id = $1', [id]);
    },
  };
}
