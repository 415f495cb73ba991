import type { CreditBucket, Plan, SubscriptionStatus } from '../../../shared/api/constants';
import { generateApiKey, hashApiKey as hashOf } from '../auth/api-keys';
import { planRefund, type LedgerChange } from '../billing/credit-rules';
import { PERIOD_MS, PLAN_MONTHLY_CREDITS } from '../billing/plans';
import type { Store } from '../context';
import type { AccountRow } from '../store/accounts-repo';
import type { ApiKeyRow } from '../store/keys-repo';
import type { StoreTransactions } from '../store/transactions';

/** Administration shared by the CLI, the studio's key routes and service start-up. */

export interface CreatedKey {
  key_id: string;
  api_key: string;
  prefix: string;
  label: string;
  created_at: number;
}

export async function createApiKey(store: Store, accountId: string, label = '', o: { studio?: boolean } = {}): Promise<CreatedKey> {
  if (!(await store.accounts.get(accountId))) throw new Error(`keys: no account ${accountId}`);
  const k = generateApiKey();
  const created_at = Date.now();
  await store.keys.insert({ id: k.id, account_id: accountId, key_hash: k.hash, prefix: k.prefix, label, created_at, studio: o.studio });
  return { key_id: k.id, api_key: k.key, prefix: k.prefix, label, created_at };
}

export interface CreateAccountOptions {
  plan: Plan;
  status?: SubscriptionStatus;
  /** Extra purchased credits on top of the plan's period credits. */
  credits?: number;
  /** This period's subscription credits instead of the plan's (e.g. 0 to try insufficient_credits); later periods get the plan's. */
  planCredits?: number;
  name?: string;
  isOwner?: boolean;
  rateLimitPerMinute?: number;
}

/**
 * What opening an account writes, for `store.tx.createAccount`: its row, its opening credits (this
 * period's plan credits and any purchased ones) and a first key, whose secret is returned once.
 */
export function accountOpening(o: CreateAccountOptions, now: number): { key: CreatedKey; args: Parameters<StoreTransactions['createAccount']> } {
  const k = generateApiKey();
  const key: CreatedKey = { key_id: k.id, api_key: k.key, prefix: k.prefix, label: 'first key', created_at: now };
  const opening = (created: AccountRow): LedgerChange[] => {
    const rows: LedgerChange[] = [];
    const allowance = o.planCredits ?? PLAN_MONTHLY_CREDITS[o.plan];
    if (allowance > 0 && created.subscription_status === 'active') rows.push({ bucket: 'subscription', delta: allowance, reason: 'grant', job_id: null, note: `${o.plan} plan credits` });
    if (o.credits && o.credits > 0) rows.push({ bucket: 'purchased', delta: o.credits, reason: 'grant', job_id: null, note: 'initial credits' });
    return rows;
  };
  return {
    key,
    args: [
      { name: o.name, plan: o.plan, status: o.status ?? 'active', periodStart: now, periodEnd: now + PERIOD_MS, isOwner: o.isOwner, rateLimitPerMinute: o.rateLimitPerMinute },
      opening,
      { id: k.id, key_hash: k.hash, prefix: k.prefix, label: key.label, created_at: now },
      now,
    ],
  };
}

/** A new account with its current period's plan credits and a first API key. */
export async function createAccount(store: Store, o: CreateAccountOptions): Promise<{ account: AccountRow; key: CreatedKey }> {
  const { key, args } = accountOpening(o, Date.now());
  return { account: await store.tx.createAccount(...args), key };
}

/** Revokes a key given its id (`key_...`) or the full key. Returns the revoked row. */
export async function revokeApiKey(store: Store, keyOrId: string, accountId?: string): Promise<ApiKeyRow> {
  const row = keyOrId.startsWith('key_') ? await store.keys.get(keyOrId) : await store.keys.findByHash(hashOf(keyOrId));
  if (!row || (accountId && row.account_id !== accountId)) throw new Error(`keys: no key ${redact(keyOrId)}`);
  await store.keys.revoke(row.id, Date.now());
  return (await store.keys.get(row.id))!;
}

export async function grantCredits(store: Store, accountId: string, amount: number, bucket: CreditBucket) {
  if (!(await store.accounts.get(accountId))) throw new Error(`credits: no account ${accountId}`);
  return await store.credits.grant(accountId, amount, bucket, 'granted by administrator');
}

/**
 * Refunds failed jobs (spec part 3 rule 3: refunds are an administrator's act, never automatic).
 * A job that did not fail, or was refunded already, is refused with the reason.
 */
export async function refundJob(store: Store, jobId: string): Promise<{ job_id: string; refunded: number }> {
  const rows = await store.tx.refundJob(jobId, Date.now(), (job, jobLedger, account) => {
    if (!job || !account) throw new Error(`refund: no job ${jobId}`);
    if (job.state !== 'failed') throw new Error(`refund: job ${jobId} is ${job.state}; only failed jobs are refunded`);
    if (job.refunded_at !== null) throw new Error(`refund: job ${jobId} was already refunded`);
    return planRefund(jobLedger, account, job.id, job.created_at);
  });
  return { job_id: jobId, refunded: rows.reduce((sum, r) => sum + r.delta, 0) };
}

function redact(key: string): string {
  return key.startsWith('rk_live_') ? `${key.slice(0, 12)}…` : key;
}
