/**
 * How many URL downloads (model_url, image_url, animation_url) run at once, per account and in all.
 * Each download holds a connection, a temp file and a little memory for up to 60 s; without a
 * bound, one key could open hundreds. Beyond the limit a submission gets 503 `backend_unavailable`
 * before anything is fetched or charged, and the client retries with backoff.
 */
import { ApiError } from '../../../shared/api/api-error';

export interface DownloadLimits {
  perAccount: number;
  overall: number;
}

export class DownloadSlots {
  private total = 0;
  private readonly byAccount = new Map<string, number>();

  constructor(readonly limits: DownloadLimits) {}

  /** Takes a slot for `accountId` or throws 503; the returned function gives it back (once). */
  take(accountId: string): () => void {
    const mine = this.byAccount.get(accountId) ?? 0;
    if (mine >= this.limits.perAccount || this.total >= this.limits.overall) {
      const which = mine >= this.limits.perAccount ? `${this.limits.perAccount} at a time per account` : `${this.limits.overall} at a time on this service`;
      throw new ApiError('backend_unavailable', `URL downloads are at capacity (${which}); no credits were charged. Retry with exponential backoff.`);
    }
    this.total++;
    this.byAccount.set(accountId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.byAccount.get(accountId) ?? 1) - 1;
      if (left > 0) this.byAccount.set(accountId, left);
      else this.byAccount.delete(accountId);
    };
  }
}
