import type { CreditBucket } from '../../../shared/api/constants';
import type { AccountRow } from '../store/accounts-repo';
import type { Promisified } from '../store/async-repo';
import type { LedgerRepo } from '../store/ledger-repo';
import type { AsyncStoreTransactions } from '../store/transactions';
import { planPeriodRollover } from './credit-rules';

export interface Balance {
  subscription: number;
  purchased: number;
  total: number;
}

/**
 * Credit rules (spec part 8, the rules themselves in credit-rules.ts): reserve at acceptance, spend
 * expiring subscription credits first, never go below zero, refunds only by an administrator. Every
 * change is a ledger row. Every change runs as a store transaction (store/transactions.ts), so the CLI,
 * the service and concurrent requests serialise on the database, never on luck.
 */
export class Credits {
  constructor(
    private readonly tx: AsyncStoreTransactions,
    private readonly ledger: Promisified<LedgerRepo>,
  ) {}

  async balance(accountId: string): Promise<Balance> {
    const b = await this.ledger.balances(accountId);
    return { subscription: b.subscription, purchased: b.purchased, total: b.subscription + b.purchased };
  }

  async grant(accountId: string, amount: number, bucket: CreditBucket, note = '', now = Date.now()): Promise<Balance> {
    if (!Number.isInteger(amount) || amount <= 0) throw new Error(`credits: grant must be a positive whole number, got ${amount}`);
    await this.tx.appendLedger(accountId, [{ bucket, delta: amount, reason: 'grant', job_id: null, note }], now);
    return this.balance(accountId);
  }

  /**
   * Rolls the subscription period forward when it has ended (planPeriodRollover). Idempotent; cheap
   * when the period has not ended: the rule runs on the account as read inside the transaction, so two
   * requests at the period end roll it over once.
   */
  async settlePeriod(account: AccountRow, now = Date.now()): Promise<AccountRow> {
    if (now < account.current_period_end) return account;
    return this.tx.settlePeriod(account.id, now, (fresh, left) => planPeriodRollover(fresh, left, now));
  }
}
