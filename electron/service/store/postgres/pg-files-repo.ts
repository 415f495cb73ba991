import type { Pool } from 'pg';
import type { Promisified } from '../async-repo';
import type { FileRow, FilesRepo } from '../files-repo';

export function createPgFilesRepo(pool: Pool): Promisified<FilesRepo> {
  return {
    get: async (token) => (await pool.query<FileRow>('SELECT * FROM files WHERE token = $1', [token])).rows[0],
    insert: async (r) => {
      await pool.query('INSERT INTO files (token, sha256, filename, content_type, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        r.token, r.sha256, r.filename, r.content_type, r.bytes, r.created_at,
      ]);
    },
  };
}
