import type { Db } from './database';

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

/** Small named values the service keeps (e.g. which built-in catalog version is installed). */
export function createSettingsRepo(db: Db) {
  const byKey = db.prepare('SELECT value FROM settings WHERE key = ?').pluck();
  const upsert = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  return {
    get: (key: string) => byKey.get(key) as string | undefined,
    set: (key: string, value: string) => void upsert.run(key, value),
  };
}
