import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../shared/api/api-error';
import { API_KEY_PATTERN, hashApiKey } from '../auth/api-keys';
import type { RateLimiter } from '../auth/rate-limiter';
import { requireActiveSubscription } from '../billing/plans';
import type { Store } from '../context';
import type { AccountRow } from '../store/accounts-repo';
import { isApiPath, normalisedPath } from './api-path';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated account; reading it on a request that did not authenticate throws 401. */
    readonly account: AccountRow;
    readonly apiKeyId: string;
  }
}

/** One message for missing, malformed, revoked and unknown keys, so valid keys cannot be probed (spec 5.2). */
export const UNAUTHORIZED_MESSAGE = 'Missing or invalid API key. Send the header Authorization: Bearer <API_KEY>.';

/** The account and key a request authenticated with, set only by the onRequest hook below. */
const credentials = new WeakMap<FastifyRequest, { account: AccountRow; keyId: string }>();

/** Fails closed: a handler reading the account of a request that did not authenticate gets a 401, never a null. */
function credentialsOf(request: FastifyRequest): { account: AccountRow; keyId: string } {
  const found = credentials.get(request);
  if (!found) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
  return found;
}

/**
 * A request needs a key when the route the router matched is a /v1 route, however its path was
 * spelled (percent escapes, absolute-form target). A request matching no route needs one when its
 * normalised path is under /v1, so unknown /v1 paths authenticate and count too: a 404 carries the
 * rate-limit headers (spec 8). Preflights match the catch-all OPTIONS route and need none.
 */
export function needsApiKey(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined ? isApiPath(route) : isApiPath(normalisedPath(request.url));
}

/**
 * Every /v1 route: authenticate the key, count the request against the key's trailing-minute
 * window (every authenticated request counts, refused or not), then require an active subscription.
 * Runs in onRequest, before the body is parsed, so an unauthenticated upload costs nothing.
 */
export function registerAuthentication(app: FastifyInstance, store: Store, limiter: RateLimiter, clock: () => number): void {
  app.decorateRequest('account', {
    getter(this: FastifyRequest) {
      return credentialsOf(this).account;
    },
  });
  app.decorateRequest('apiKeyId', {
    getter(this: FastifyRequest) {
      return credentialsOf(this).keyId;
    },
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!needsApiKey(request)) return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([^\s]+)$/.exec(header) : null;
    if (!match || !API_KEY_PATTERN.test(match[1])) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    const key = await store.keys.findByHash(hashApiKey(match[1]));
    if (!key || key.revoked_at !== null) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    let account = await store.accounts.get(key.account_id);
    if (!account) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);

    const now = clock();
    const rate = await limiter.hit(key.id, account.rate_limit_per_minute, now);
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
    account = await store.credits.settlePeriod(account, now);
    requireActiveSubscription(account);
    credentials.set(request, { account, keyId: key.id });
  });
}
