import { createAccount, createApiKey, grantCredits, refundJob, revokeApiKey } from '../service/admin/accounts-admin';
import { isPlan, isSubscriptionStatus } from '../service/billing/plans';
import { resolveDataDir } from '../service/config';
import { openStore, type Store } from '../service/context';
import type { AccountRow } from '../service/store/accounts-repo';
import type { Command, CommandContext } from './commands';

/** The data folder's SQLite store, or with --database the server's PostgreSQL store (blobs untouched here). */
async function openAdminStore(ctx: CommandContext): Promise<Store> {
  const dataDir = resolveDataDir(ctx.values.data as string | undefined);
  if (typeof ctx.values.database !== 'string') return openStore(dataDir);
  const { openPostgresStore } = await import('../service/store/postgres/pg-store');
  return openPostgresStore(ctx.values.database, dataDir, { maxConnections: 2 });
}

async function withStore<T>(ctx: CommandContext, fn: (store: Store) => Promise<T>): Promise<T> {
  const store = await openAdminStore(ctx);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

function wholeNumber(name: string, raw: string | boolean | undefined, min: number): number {
  const n = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number >= ${min}, got ${raw ?? 'nothing'}`);
  return n;
}

function plan(raw: string | boolean | undefined) {
  if (typeof raw !== 'string' || !isPlan(raw)) throw new Error(`--plan must be free, standard or pro, got ${raw ?? 'nothing'}`);
  return raw;
}

function status(raw: string | boolean | undefined) {
  if (raw === undefined) return 'active' as const;
  if (typeof raw !== 'string' || !isSubscriptionStatus(raw)) throw new Error(`--status must be active, past_due or canceled, got ${raw}`);
  return raw;
}

function positional(ctx: CommandContext, index: number, name: string): string {
  const v = ctx.positionals[index];
  if (!v) throw new Error(`missing ${name}`);
  return v;
}

const accountView = async (store: Store, a: AccountRow) => ({
  account_id: a.id,
  name: a.name,
  plan: a.plan,
  subscription_status: a.subscription_status,
  cancel_at_period_end: a.cancel_at_period_end === 1,
  current_period_end: new Date(a.current_period_end).toISOString(),
  rate_limit_per_minute: a.rate_limit_per_minute,
  owner: a.is_owner === 1,
  balance: await store.credits.balance(a.id),
});

export const adminCommands: Command[] = [
  {
    name: 'accounts',
    sub: 'create',
    usage: 'accounts create --plan free|standard|pro [--status active|past_due|canceled] [--plan-credits N] [--credits N] [--name NAME] [--rate-limit N]',
    help: "Create an account (with its plan credits, or N this period with --plan-credits, plus N purchased credits with --credits) and print account_id and a first api_key (shown once).",
    options: { database: { type: 'string' }, plan: { type: 'string' }, status: { type: 'string' }, 'plan-credits': { type: 'string' }, credits: { type: 'string' }, name: { type: 'string' }, 'rate-limit': { type: 'string' } },
    run: async (ctx) =>
      withStore(ctx, async (store) => {
        const { account, key } = await createAccount(store, {
          plan: plan(ctx.values.plan),
          status: status(ctx.values.status),
          credits: ctx.values.credits === undefined ? 0 : wholeNumber('--credits', ctx.values.credits, 0),
          planCredits: ctx.values['plan-credits'] === undefined ? undefined : wholeNumber('--plan-credits', ctx.values['plan-credits'], 0),
          name: ctx.values.name as string | undefined,
          rateLimitPerMinute: ctx.values['rate-limit'] === undefined ? undefined : wholeNumber('--rate-limit', ctx.values['rate-limit'], 1),
        });
        return { ...(await accountView(store, account)), api_key: key.api_key, key_id: key.key_id };
      }),
    format: (r) => `account_id ${r.account_id}\napi_key    ${r.api_key}   (shown once: keep it safe)\nplan       ${r.plan} (${r.subscription_status}), balance ${r.balance.total} credits`,
  },
  {
    name: 'accounts',
    sub: 'list',
    usage: 'accounts list',
    help: 'List accounts with plan, status and balance.',
    options: { database: { type: 'string' } },
    run: async (ctx) => withStore(ctx, async (store) => ({ accounts: await Promise.all((await store.accounts.list()).map((a) => accountView(store, a))) })),
    format: (r) =>
      r.accounts.map((a: Awaited<ReturnType<typeof accountView>>) => `${a.account_id}  ${a.plan.padEnd(8)} ${a.subscription_status.padEnd(9)} ${String(a.balance.total).padStart(7)} credits${a.owner ? '  (this computer)' : ''}`).join('\n') || 'no accounts',
  },
  {
    name: 'accounts',
    sub: 'set-plan',
    usage: 'accounts set-plan ACCOUNT_ID --plan free|standard|pro [--status S] [--cancel-at-period-end] [--rate-limit N]',
    help: "Change an account's plan and subscription status; --cancel-at-period-end ends it when the period ends.",
    options: { database: { type: 'string' }, plan: { type: 'string' }, status: { type: 'string' }, 'cancel-at-period-end': { type: 'boolean' }, 'rate-limit': { type: 'string' } },
    run: async (ctx) =>
      withStore(ctx, async (store) => {
        const id = positional(ctx, 0, 'ACCOUNT_ID');
        if (!(await store.accounts.get(id))) throw new Error(`no account ${id}`);
        const newPlan = plan(ctx.values.plan);
        const newStatus = status(ctx.values.status);
        const rateLimit = ctx.values['rate-limit'] === undefined ? undefined : wholeNumber('--rate-limit', ctx.values['rate-limit'], 1);
        await store.accounts.setPlan(id, newPlan, newStatus, ctx.values['cancel-at-period-end'] === true);
        if (rateLimit !== undefined) await store.accounts.setRateLimit(id, rateLimit);
        return accountView(store, (await store.accounts.get(id))!);
      }),
    format: (r) => `${r.account_id}: ${r.plan} (${r.subscription_status})${r.cancel_at_period_end ? ', cancels at period end' : ''}`,
  },
  {
    name: 'keys',
    sub: 'create',
    usage: 'keys create ACCOUNT_ID [--label TEXT]',
    help: 'Create an API key for an account; the key is printed once.',
    options: { database: { type: 'string' }, label: { type: 'string' } },
    run: async (ctx) =>
      withStore(ctx, async (store) => {
        const key = await createApiKey(store, positional(ctx, 0, 'ACCOUNT_ID'), (ctx.values.label as string) ?? '');
        // ISO time like the API's key records.
        return { account_id: positional(ctx, 0, 'ACCOUNT_ID'), ...key, created_at: new Date(key.created_at).toISOString() };
      }),
    format: (r) => `key_id  ${r.key_id}\napi_key ${r.api_key}   (shown once: keep it safe)`,
  },
  {
    name: 'keys',
    sub: 'revoke',
    usage: 'keys revoke KEY_OR_KEY_ID',
    help: 'Revoke a key, given the key itself or its key_ id. Takes effect at once, also in a running service.',
    options: { database: { type: 'string' } },
    run: async (ctx) =>
      withStore(ctx, async (store) => {
        const row = await revokeApiKey(store, positional(ctx, 0, 'KEY_OR_KEY_ID'));
        return { key_id: row.id, account_id: row.account_id, revoked_at: new Date(row.revoked_at!).toISOString() };
      }),
    format: (r) => `revoked ${r.key_id}`,
  },
  {
    name: 'credits',
    sub: 'grant',
    usage: 'credits grant ACCOUNT_ID N [--purchased|--subscription]',
    help: 'Add N credits: purchased (default, never expire) or subscription (expire at the end of the current period).',
    options: { database: { type: 'string' }, purchased: { type: 'boolean' }, subscription: { type: 'boolean' } },
    run: async (ctx) =>
      withStore(ctx, async (store) => {
        if (ctx.values.purchased && ctx.values.subscription) throw new Error('choose one of --purchased and --subscription');
        const id = positional(ctx, 0, 'ACCOUNT_ID');
        const amount = wholeNumber('N', ctx.positionals[1], 1);
        const bucket = ctx.values.subscription ? 'subscription' : 'purchased';
        return { account_id: id, granted: amount, bucket, balance: await grantCredits(store, id, amount, bucket) };
      }),
    format: (r) => `granted ${r.granted} ${r.bucket} credits to ${r.account_id}; balance ${r.balance.total}`,
  },
  {
    name: 'jobs',
    sub: 'refund',
    usage: 'jobs refund JOB_ID...',
    help: 'Refund failed jobs (credits go back where they came from). Refunds are never automatic.',
    options: { database: { type: 'string' } },
    run: async (ctx) =>
      withStore(ctx, async (store) => {
        if (ctx.positionals.length === 0) throw new Error('missing JOB_ID');
        const results: ({ job_id: string; refunded: number } | { job_id: string; refunded: number; error: string })[] = [];
        for (const id of ctx.positionals) {
          try {
            results.push(await refundJob(store, id));
          } catch (err) {
            results.push({ job_id: id, refunded: 0, error: (err as Error).message });
          }
        }
        const failed = results.filter((r) => 'error' in r);
        if (failed.length === results.length) throw new Error(failed.map((f) => (f as { error: string }).error).join('; '));
        return { refunds: results };
      }),
    format: (r) => r.refunds.map((x: { job_id: string; refunded: number; error?: string }) => (x.error ? `${x.job_id}: ${x.error}` : `${x.job_id}: refunded ${x.refunded} credits`)).join('\n'),
  },
];
