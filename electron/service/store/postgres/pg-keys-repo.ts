import type { Pool } from 'pg';
import type { Promisified } from '../async-repo';
import type { ApiKeyRow, KeysRepo } from '../keys-repo';

export function createPgKeysRepo(pool: Pool): Promisified<KeysRepo> {
  const one = async (sql: string, params: unknown[]) => (await pool.query<ApiKeyRow>(sql, params)).rows[0] as ApiKeyRow | undefined;
  return {
    findByHash: (hash) => one('SELECT * FROM api_keys WHERE key_hash = $1', [hash]),
    get: (id) => one('SELECT * FROM api_keys WHERE id = $1', [id]),
    listForAccount: async (accountId) => (await pool.query<ApiKeyRow>('SELECT * FROM api_keys WHERE account_id = $1 ORDER BY created_at DESC, id COLLATE "C"', [accountId])).rows,
    insert: async (row) => {
      await pool.query('INSERT INTO api_keys (id, account_id, key_hash, prefix, label, created_at, studio) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        row.id, row.account_id, row.key_hash, row.prefix, row.label, row.created_at, row.studio ? 1 : 0,
      ]);
    },
    revoke: async (id, at) => (await pool.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id])).rowCount === 1,
    revokeStudioKeys: async (at) => (await pool.query('UPDATE api_keys SET revoked_at = $1 WHERE studio = 1 AND revoked_at IS NULL', [at])).rowCount ?? 0,
  };
}
