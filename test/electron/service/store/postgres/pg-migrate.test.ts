import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../../../../electron/service/store/postgres/pg-migrate';
import { PG_MIGRATIONS } from '../../../../../electron/service/store/postgres/pg-migrations';
import { openPostgresPool, parseDatabaseUrl } from '../../../../../electron/service/store/postgres/pg-pool';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../../support/throwaway-postgres';

describe('PostgreSQL schema migrations', () => {
  let server: ThrowawayPostgres;
  const pools: Pool[] = [];
  const pool = async (url: string) => {
    const p = await openPostgresPool(url, { max: 2 });
    pools.push(p);
    return p;
  };
  beforeAll(async () => {
    server = await startThrowawayPostgres();
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await server?.stop();
  });

  it('two processes starting together migrate once: one applies every version, the other none', async () => {
    const url = await server.createDatabase('together');
    const [a, b] = await Promise.all([pool(url), pool(url)]);
    const results = await Promise.all([migratePostgres(a), migratePostgres(b)]);
    const all = PG_MIGRATIONS.map((m) => m.version);
    expect(results.map((r) => r.length).sort()).toEqual([0, all.length]);
    expect(results.flat()).toEqual(all);
    expect(await migratePostgres(a)).toEqual([]);
    const { rows } = await a.query('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(all);
  });

  it('keeps the ledger append-only and returns bigint times as numbers', async () => {
    const p = await pool(await server.createDatabase('ledger'));
    await migratePostgres(p);
    const now = Date.now();
    await p.query(`INSERT INTO accounts (id, plan, subscription_status, current_period_start, current_period_end, created_at)
      VALUES ('acct_1', 'pro', 'active', $1, $2, $1)`, [now, now + 1]);
    await p.query("INSERT INTO credit_ledger (account_id, bucket, delta, reason, created_at) VALUES ('acct_1', 'purchased', 5, 'grant', $1)", [now]);
    await expect(p.query('UPDATE credit_ledger SET delta = 500')).rejects.toThrow(/append-only/);
    await expect(p.query('DELETE FROM credit_ledger')).rejects.toThrow(/append-only/);
    await expect(p.query('TRUNCATE credit_ledger CASCADE')).rejects.toThrow(/append-only/);
    const { rows } = await p.query('SELECT a.created_at, l.seq, (SELECT COUNT(*) FROM credit_ledger) AS n FROM accounts a, credit_ledger l');
    expect(rows[0]).toEqual({ created_at: now, seq: 1, n: 1 });
  });

  it('finds assets by substring through the trigram index', async () => {
    const p = await pool(await server.createDatabase('trigram'));
    await migratePostgres(p);
    const { rows } = await p.query("SELECT indexdef FROM pg_indexes WHERE indexname = 'assets_search_trgm'");
    expect(rows[0].indexdef).toMatch(/gin \(search_text gin_trgm_ops\)/);
  });

  it('rolls back a failing migration and names it; refuses a schema newer than it knows', async () => {
    const p = await pool(await server.createDatabase('failing'));
    const broken = [...PG_MIGRATIONS, { version: 99, name: 'broken', sql: 'CREATE TABLE half (x int); SELECT no_such_function()' }];
    await expect(migratePostgres(p, broken)).rejects.toThrow(/migration 99 \(broken\) failed: .*no_such_function/);
    const { rows } = await p.query("SELECT to_regclass('half') AS t, (SELECT MAX(version) FROM schema_migrations) AS v");
    expect(rows[0]).toEqual({ t: null, v: PG_MIGRATIONS.at(-1)!.version });
    await p.query("INSERT INTO schema_migrations VALUES (100, 'from the future', 0)");
    await expect(migratePostgres(p)).rejects.toThrow(/schema version 100 is newer than this Rigdesk knows/);
  });

  it('refuses a database URL that is not postgresql://, without echoing a password', () => {
    expect(() => parseDatabaseUrl('rigdesk.sqlite')).toThrow(/not a URL; expected postgresql:\/\//);
    expect(() => parseDatabaseUrl('mysql://u:secret@h/db')).toThrow(/not a postgresql:\/\/ URL/);
    expect(() => parseDatabaseUrl('mysql://u:secret@h/db')).not.toThrow(/secret/);
    expect(() => parseDatabaseUrl('postgresql://u@h')).toThrow(/names no database/);
    expect(parseDatabaseUrl('postgres://u@db.example:5433/rigdesk').port).toBe('5433');
  });
});
