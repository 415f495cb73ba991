import { randomUUID } from 'node:crypto';
import type { Plan, SubscriptionStatus } from '../../../shared/api/constants';
import type { Db } from './database';

export interface AccountRow {
  id: string;
  name: string;
  plan: Plan;
  subscription_status: SubscriptionStatus;
  cancel_at_period_end: number;
  current_period_start: number;
  current_period_end: number;
  rate_limit_per_minute: number;
  is_owner: number;
  created_at: number;
}

export interface NewAccount {
  name?: string;
  plan: Plan;
  status: SubscriptionStatus;
  periodStart: number;
  periodEnd: number;
  rateLimitPerMinute?: number;
  isOwner?: boolean;
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;

/** The row a new account is inserted with (every backend), `cancel_at_period_end` left to its default 0. */
export function newAccountRow(a: NewAccount, now: number): Omit<AccountRow, 'cancel_at_period_end'> {
  return {
    id: `acct_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    name: a.name ?? '',
    plan: a.plan,
    subscription_status: a.status,
    current_period_start: a.periodStart,
    current_period_end: a.periodEnd,
    rate_limit_per_minute: a.rateLimitPerMinute ?? 60,
    is_owner: a.isOwner ? 1 : 0,
    created_at: now,
  };
}

export function createAccountsRepo(db: Db) {
  const byId = db.prepare('SELECT * FROM accounts WHERE id = ?');
  const all = db.prepare('SELECT * FROM accounts ORDER BY created_at, id');
  const owner = db.prepare('SELECT * FROM accounts WHERE is_owner = 1 ORDER BY created_at LIMIT 1');
  const insert = db.prepare(`INSERT INTO accounts
    (id, name, plan, subscription_status, cancel_at_period_end, current_period_start, current_period_end, rate_limit_per_minute, is_owner, created_at)
    VALUES (@id, @name, @plan, @subscription_status, 0, @current_period_start, @current_period_end, @rate_limit_per_minute, @is_owner, @created_at)`);
  const setPlan = db.prepare(`UPDATE accounts SET plan = @plan, subscription_status = @subscription_status,
    cancel_at_period_end = @cancel_at_period_end WHERE id = @id`);
  const setPeriod = db.prepare('UPDATE accounts SET current_period_start = ?, current_period_end = ? WHERE id = ?');
  const setStatus = db.prepare('UPDATE accounts SET subscription_status = ?, cancel_at_period_end = ? WHERE id = ?');
  const setRate = db.prepare('UPDATE accounts SET rate_limit_per_minute = ? WHERE id = ?');

  return {
    get: (id: string) => byId.get(id) as AccountRow | undefined,
    list: () => all.all() as AccountRow[],
    owner: () => owner.get() as AccountRow | undefined,
    create(a: NewAccount): AccountRow {
      const row = newAccountRow(a, Date.now());
      insert.run(row);
      return byId.get(row.id) as AccountRow;
    },
    setPlan(id: string, plan: Plan, status: SubscriptionStatus, cancelAtPeriodEnd: boolean) {
      setPlan.run({ id, plan, subscription_status: status, cancel_at_period_end: cancelAtPeriodEnd ? 1 : 0 });
    },
    setPeriod: (id: string, start: number, end: number) => void setPeriod.run(start, end, id),
    setStatus: (id: string, status: SubscriptionStatus, cancelAtPeriodEnd: boolean) =>
      void setStatus.run(status, cancelAtPeriodEnd ? 1 : 0, id),
    setRateLimit: (id: string, perMinute: number) => void setRate.run(perMinute, id),
  };
}
