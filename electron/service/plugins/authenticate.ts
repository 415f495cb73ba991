import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../shared/api/api-error';
import { API_KEY_PATTERN, hashApiKey } from '../auth/api-keys';
import type { RateLimiter } from '../auth/rate-limiter';
import { requireActiveSubscription } from '../billing/plans';
import type { Store } from '../context';
import type { AccountRow } from '../store/accounts-repo';

declare module 'fastify' {
  interface FastifyRequest {
    account: AccountRow;
    apiKeyId: string;
  }
}

/** One message for missing, malformed, revoked and unknown keys, so valid keys cannot be probed (spec 5.2). */
export const UNAUTHORIZED_MESSAGE = 'Missing or invalid API key. Send the header Authorization: Bearer <API_KEY>.';

/**
 * Every /v1 route: authenticate the key, count the request against the key's trailing-minute
 * window (every authenticated request counts, refused or not), then require an active subscription.
 * Runs in onRequest, before the body is parsed, so an unauthenticated upload costs nothing.
 */
export function registerAuthentication(app: FastifyInstance, store: Store, limiter: RateLimiter, clock: () => number): void {
  app.decorateRequest('account', null as unknown as AccountRow);
  app.decorateRequest('apiKeyId', '');
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/v1/') && request.url !== '/v1') return;
    // Unknown /v1 paths authenticate and count too: a 404 carries the rate-limit headers (spec 8).
    if (request.method === 'OPTIONS') return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([^\s]+)$/.exec(header) : null;
    if (!match || !API_KEY_PATTERN.test(match[1])) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    const key = store.keys.findByHash(hashApiKey(match[1]));
    if (!key || key.revoked_at !== null) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    let account = store.accounts.get(key.account_id);
    if (!account) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);

    const now = clock();
    const rate = limiter.hit(key.id, account.rate_limit_per_minute, now);
    reply.header('X-RateLimit-Limit', rate.limit);
    reply.header('X-RateLimit-Remaining', rate.remaining);
    reply.header('X-RateLimit-Reset', rate.resetSeconds);
    if (!rate.allowed) {
      reply.header('Retry-After', rate.resetSeconds);
      throw new ApiError(
        'rate_limited',
        `More than ${rate.limit} requests in the trailing minute for this key. Retry after ${rate.resetSeconds} s.`,
        { retry_after_seconds: rate.resetSeconds },
      );
    }
    account = store.credits.settlePeriod(account, now);
    requireActiveSubscription(account);
    request.account = account;
    request.apiKeyId = key.id;
  });
}
