import { LIMITS } from '../../shared/api/constants';

/** The parts of the OpenAPI document that no route schema carries: the decisions the spec leaves open. */
export const OPENAPI_INFO: Record<string, any> = {
  openapi: '3.1.0',
  info: {
    title: 'Rigdesk local API',
    version: '1.0.0',
    license: { name: 'MIT', identifier: 'MIT' },
    description: [
      'The /v1 rigging, model generation and CC0 asset catalog API, served by Rigdesk on this machine.',
      '',
      '**Authentication.** `Authorization: Bearer rk_live_...` on every /v1 route. Missing, malformed, revoked and unknown keys all get the same 401 body.',
      'Every /v1 route needs an active Standard or Pro subscription (402 `subscription_required`, with `plan` and `subscription_status` in the error object).',
      '',
      `**Rate limit.** ${LIMITS.rateLimitPerMinute} requests per trailing ${LIMITS.rateWindowSeconds} s per key by default (settable per account), counting every authenticated request.`,
      'Every authenticated response carries `X-RateLimit-Limit` (requests per window), `X-RateLimit-Remaining` (left in the window after this request) and',
      '`X-RateLimit-Reset`: **whole seconds** (rounded up) until the oldest request in the window leaves it and one slot frees up (0 when the window is empty).',
      'A 429 `rate_limited` carries `retry_after_seconds` in the error object and the same value in a `Retry-After` header.',
      '',
      '**Jobs.** States `queued`, `processing`, `succeeded`, `failed`. Rigdesk adds `progress` (0 to 1) and `stage` (informative).',
      '`completed_at` and `duration_seconds` are null until the job is succeeded or failed; `duration_seconds` counts from the start of processing.',
      'A worker that crashes, runs out of memory or passes its deadline (fast rig 120 s, pro rig 600 s, generation 300 s) fails only its own job.',
      'After a service restart, queued jobs run and jobs that were processing are retried once, then failed.',
      'A full queue (default 100 waiting jobs) or workers that cannot start give 503 `backend_unavailable` at submission, at no cost.',
      '',
      '**Credits.** Reserved at acceptance. Subscription credits (standard 1000, pro 3000 per 30-day period) expire at the period end and are spent first; purchased credits never expire.',
      'A failed job keeps its charge until an administrator refunds it (`rigdesk jobs refund`).',
      '`POST /v1/rigs/check` (Rigdesk extension) is free: it suggests the body plan, rotation_y and pose of a mesh and lists the warnings a rig would carry, synchronously.',
      '',
      '**Lists.** `limit` above the maximum is reduced to the maximum (the asset and clip envelopes report the `limit` applied); a non-integer or negative value is 400 `invalid_request`.',
      'Unknown query parameters and unknown body fields are 400 `invalid_request` naming the field, so a typo is never silently ignored.',
      'Body fields keep their JSON types (`"90"` is not a number, `1` is not a boolean: 400). A body field sent as `null` counts as not sent.',
      '',
      '**Files.** Output URLs are absolute (`/files/<token>/<name>` on the origin the request used) and need no key: the 256-bit token is the permission.',
      'Stored files never change under a token.',
    ].join('\n'),
  },
  servers: [{ url: 'http://127.0.0.1:7878', description: 'Rigdesk on this machine (default port)' }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'rk_live_ API key' } },
  },
  security: [{ bearer: [] }],
};
