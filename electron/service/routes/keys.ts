import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ApiError } from '../../../shared/api/api-error';
import { createApiKey } from '../admin/accounts-admin';
import { iso } from '../jobs/job-view';
import { errorResponses, Nullable, Timestamp } from '../schemas/common';
import type { ApiKeyRow } from '../store/keys-repo';
import type { ServiceDeps } from '../service-deps';

const KeyRecord = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('api_key'),
    prefix: Type.String({ description: 'The first characters of the key, for recognising it.' }),
    label: Type.String(),
    created_at: Timestamp,
    revoked_at: Nullable(Timestamp),
  },
  { $id: 'ApiKey' },
);

const view = (k: ApiKeyRow) => ({ id: k.id, object: 'api_key', prefix: k.prefix, label: k.label, created_at: iso(k.created_at)!, revoked_at: iso(k.revoked_at) });

/** Rigdesk extension: the account's own API keys (used by the studio's Account page). */
export function keyRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  const { store } = deps;
  app.addSchema(KeyRecord);

  app.get('/v1/keys', {
    schema: {
      summary: "List this account's API keys (never the secrets)",
      tags: ['keys'],
      response: { 200: Type.Object({ object: Type.Literal('list'), keys: Type.Array(Type.Ref('ApiKey')) }), ...errorResponses(401, 402, 429) },
    },
    handler: async (request) => ({ object: 'list', keys: (await store.keys.listForAccount(request.account.id)).map(view) }),
  });

  app.post<{ Body: { label?: string } | undefined }>('/v1/keys', {
    schema: {
      summary: 'Create an API key; the full key is in this response only',
      tags: ['keys'],
      body: Type.Optional(Type.Object({ label: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false })),
      response: {
        201: Type.Object({
          id: Type.String(),
          object: Type.Literal('api_key'),
          key: Type.String({ description: 'rk_live_... shown once; store it safely.' }),
          prefix: Type.String(),
          label: Type.String(),
          created_at: Timestamp,
          revoked_at: Type.Null(),
        }),
        ...errorResponses(400, 401, 402, 429),
      },
    },
    handler: async (request, reply) => {
      const k = await createApiKey(store, request.account.id, request.body?.label ?? '');
      return reply.status(201).send({ id: k.key_id, object: 'api_key', key: k.api_key, prefix: k.prefix, label: k.label, created_at: iso(k.created_at), revoked_at: null });
    },
  });

  app.delete<{ Params: { id: string } }>('/v1/keys/:id', {
    schema: {
      summary: 'Revoke an API key',
      tags: ['keys'],
      params: Type.Object({ id: Type.String() }),
      response: { 200: Type.Ref('ApiKey'), ...errorResponses(401, 402, 403, 404, 429) },
    },
    handler: async (request) => {
      const key = await store.keys.get(request.params.id);
      if (!key) throw new ApiError('not_found', `No API key '${request.params.id}'.`);
      if (key.account_id !== request.account.id) throw new ApiError('forbidden', `API key '${request.params.id}' belongs to another account.`);
      await store.keys.revoke(key.id, deps.clock());
      return view((await store.keys.get(key.id))!);
    },
  });
}
