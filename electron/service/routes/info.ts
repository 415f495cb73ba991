import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { LIMITS, PRICES } from '../../../shared/api/constants';
import { FORMAT_TABLE } from '../../../shared/api/formats';
import { MAX_TRIANGLES } from '../../../shared/mesh/limits';
import { PLAN_MONTHLY_CREDITS } from '../billing/plans';
import { errorResponses, Timestamp } from '../schemas/common';
import type { ServiceDeps } from '../service-deps';
import { iso } from '../jobs/job-view';

const FormatsResponse = Type.Object({
  object: Type.Literal('formats'),
  input: Type.Array(
    Type.Object({
      format: Type.String(),
      extensions: Type.Array(Type.String()),
      riggable: Type.Boolean({ description: 'False for recognised but refused formats (ply, vrm).' }),
      notes: Type.String(),
    }),
  ),
  output: Type.Array(Type.Object({ format: Type.String(), extensions: Type.Array(Type.String()), notes: Type.String() })),
  max_triangles: Type.Integer({ description: 'Face limit: a mesh above it fails its job.' }),
  max_inline_bytes: Type.Integer({ description: 'Decoded size limit of model_base64 / image_base64.' }),
  max_url_bytes: Type.Integer({ description: 'Size limit of a file fetched from a URL.' }),
});

const AccountResponse = Type.Object({
  object: Type.Literal('account'),
  id: Type.String(),
  plan: Type.String({ description: 'free, standard or pro' }),
  subscription_status: Type.String({ description: 'active, past_due or canceled' }),
  cancel_at_period_end: Type.Boolean(),
  current_period_end: Timestamp,
  plan_credits_per_period: Type.Integer(),
  balance: Type.Object({
    total: Type.Integer(),
    subscription: Type.Integer({ description: 'Included with the plan; expire at current_period_end; spent first.' }),
    purchased: Type.Integer({ description: 'Never expire.' }),
  }),
  rate_limit: Type.Object({
    limit: Type.Integer({ description: 'Requests per trailing window for each key.' }),
    remaining: Type.Integer({ description: 'For the key of this request, after this request.' }),
    window_seconds: Type.Integer(),
  }),
  prices: Type.Object({
    rig_fast: Type.Integer(), rig_pro: Type.Integer(), retarget_clip: Type.Integer(), generate_model: Type.Integer(),
    rig_correction: Type.Integer({ description: 'Rigdesk extension: a correction of a succeeded rig job (`from_job` + `joints` on POST /v1/rigs).' }),
  }),
  usage: Type.Object({
    days: Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD, UTC' }), credits: Type.Integer(), jobs: Type.Integer() }), {
      description: 'Days of the last 30 with credit use, oldest first.',
    }),
    credits_30d: Type.Integer(),
    jobs_30d: Type.Integer(),
  }),
});

export function infoRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  const { store } = deps;
  app.get('/v1/formats', {
    schema: { summary: 'Supported input and output formats', tags: ['info'], response: { 200: FormatsResponse, ...errorResponses(401, 402, 429) } },
    handler: async () => ({
      object: 'formats',
      input: FORMAT_TABLE.map((f) => ({ format: f.format, extensions: f.extensions, riggable: f.riggable, notes: f.notes })),
      output: FORMAT_TABLE.filter((f) => f.write).map((f) => ({ format: f.format, extensions: f.extensions, notes: f.outputNotes ?? f.notes })),
      max_triangles: MAX_TRIANGLES,
      max_inline_bytes: LIMITS.inlineFileBytes,
      max_url_bytes: LIMITS.urlFileBytes,
    }),
  });

  app.get('/v1/account', {
    schema: { summary: 'Plan, balance, rate limit and usage', tags: ['info'], response: { 200: AccountResponse, ...errorResponses(401, 402, 429) } },
    handler: async (request, reply) => {
      const a = request.account;
      const balance = await store.credits.balance(a.id);
      const days = await store.ledger.usageSince(a.id, deps.clock() - 30 * 24 * 3600 * 1000);
      return {
        object: 'account',
        id: a.id,
        plan: a.plan,
        subscription_status: a.subscription_status,
        cancel_at_period_end: a.cancel_at_period_end === 1,
        current_period_end: iso(a.current_period_end)!,
        plan_credits_per_period: PLAN_MONTHLY_CREDITS[a.plan],
        balance,
        rate_limit: {
          limit: a.rate_limit_per_minute,
          remaining: Number(reply.getHeader('X-RateLimit-Remaining') ?? a.rate_limit_per_minute),
          window_seconds: LIMITS.rateWindowSeconds,
        },
        prices: { ...PRICES },
        usage: {
          days,
          credits_30d: days.reduce((s, d) => s + d.credits, 0),
          jobs_30d: days.reduce((s, d) => s + d.jobs, 0),
        },
      };
    },
  });
}
