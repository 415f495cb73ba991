import type { Pool } from 'pg';
import { newAccountRow, type AccountRow, type AccountsRepo } from '../accounts-repo';
import type { Promisified } from '../async-repo';

export function createPgAccountsRepo(pool: Pool): Promisified<AccountsRepo> {
  const one = async (sql: string, params: unknown[] = []) => (await pool.query<AccountRow>(sql, params)).rows[0] as AccountRow | undefined;
  return {
    get: (id) => one('SELECT * FROM accounts WHERE id = $1', [id]),
    list: async () => (await pool.query<AccountRow>('SELECT * FROM accounts ORDER BY created_at, id COLLATE "C"')).rows,
    owner: () => one('SELECT * FROM accounts WHERE is_owner = 1 ORDER BY created_at LIMIT 1'),
    create: async (a) => {
      const r = newAccountRow(a, Date.now());
      return (await one(
        `INSERT INTO accounts (id, name, plan, subscription_status, current_period_start, current_period_end, rate_limit_per_minute, is_owner, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [r.id, r.name, r.plan, r.subscription_status, r.current_period_start, r.current_period_end, r.rate_limit_per_minute, r.is_owner, r.created_at],
      ))!;
    },
    setPlan: async (id, plan, status, cancelAtPeriodEnd) => {
      await pool.query('UPDATE accounts SET plan = $1, subscription_status = $2, cancel_at_period_end = $3 WHERE id = $4', [plan, status, cancelAtPeriodEnd ? 1 : 0, id]);
    },
    setPeriod: async (id, start, end) => {
      await pool.query('UPDATE accounts SET current_period_start = $1, current_period_end = $2 WHERE id = $3', [start, end, id]);
    },
    setStatus: async (id, status, cancelAtPeriodEnd) => {
      await pool.query('UPDATE accounts SET subscription_status = $1, cancel_at_period_end = $2 WHERE id = $3', [status, cancelAtPeriodEnd ? 1 : 0, id]);
    },
    setRateLimit: async (id, perMinute) => {
      await pool.query('UPDATE accounts SET rate_limit_per_minute = $1 WHERE id = $2', [perMinute, id]);
    },
  };
}
