import type { Db } from './database';

export interface ApiKeyRow {
  id: string;
  account_id: string;
  key_hash: string;
  prefix: string;
  label: string;
  created_at: number;
  revoked_at: number | null;
  /** 1 for a studio session key (revoked at the service's next start at the latest). */
  studio: number;
}

export type KeysRepo = ReturnType<typeof createKeysRepo>;

export function createKeysRepo(db: Db) {
  const byHash = db.prepare('SELECT * FROM api_keys WHERE key_hash = ?');
  const byId = db.prepare('SELECT * FROM api_keys WHERE id = ?');
  const byAccount = db.prepare('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at DESC, id');
  const insert = db.prepare(`INSERT INTO api_keys (id, account_id, key_hash, prefix, label, created_at, studio)
    VALUES (@id, @account_id, @key_hash, @prefix, @label, @created_at, @studio)`);
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const revokeStudio = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE studio = 1 AND revoked_at IS NULL');

  return {
    findByHash: (hash: string) => byHash.get(hash) as ApiKeyRow | undefined,
    get: (id: string) => byId.get(id) as ApiKeyRow | undefined,
    listForAccount: (accountId: string) => byAccount.all(accountId) as ApiKeyRow[],
    insert: (row: Omit<ApiKeyRow, 'revoked_at' | 'studio'> & { studio?: boolean }) => void insert.run({ ...row, studio: row.studio ? 1 : 0 }),
    /** Returns true when the key was active and is now revoked. */
    revoke: (id: string, at: number) => revoke.run(at, id).changes === 1,
    /** Revokes every active studio session key; returns how many. */
    revokeStudioKeys: (at: number) => revokeStudio.run(at).changes,
  };
}
