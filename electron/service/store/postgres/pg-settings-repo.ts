import type { Pool } from 'pg';
import type { Promisified } from '../async-repo';
import type { SettingsRepo } from '../settings-repo';

export function createPgSettingsRepo(pool: Pool): Promisified<SettingsRepo> {
  return {
    get: async (key) => (await pool.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key])).rows[0]?.value,
    set: async (key, value) => {
      await pool.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
    },
  };
}
