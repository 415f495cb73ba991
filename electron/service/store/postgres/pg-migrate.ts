import type { Pool } from 'pg';
import { PG_MIGRATIONS } from './pg-migrations';

/** Arbitrary but fixed: the advisory lock every Rigdesk process takes to migrate one database. */
const MIGRATION_LOCK = 0x52696764; // 'Rigd'

/**
 * Brings the database to the newest schema; returns the versions it applied. Each migration runs in
 * its own transaction. Several `serve` and `worker` processes may start at once: a session-level
 * advisory lock makes them migrate one after another, and the later ones find nothing to do.
 */
export async function migratePostgres(pool: Pool, migrations = PG_MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)');
      const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
      const done = new Set(rows.map((r) => r.version));
      const newest = Math.max(0, ...migrations.map((m) => m.version));
      const ahead = [...done].filter((v) => v > newest);
      if (ahead.length) {
        throw new Error(`database: schema version ${Math.max(...ahead)} is newer than this Rigdesk knows (${newest}); upgrade Rigdesk before pointing it at this database`);
      }
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw new Error(`database: migration ${m.version} (${m.name}) failed: ${(err as Error).message}`);
        }
        applied.push(m.version);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
  return applied;
}
