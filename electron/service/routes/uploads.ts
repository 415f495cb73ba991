import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import { Type } from '@sinclair/typebox';
import { ApiError, invalidRequest } from '../../../shared/api/api-error';
import { echoValue } from '../../../shared/api/echo-value';
import { saveUpload, sweepExpiredUploads, uploadPath, UPLOAD_DEFAULTS } from '../files/uploads';
import type { UploadRow } from '../store/uploads-repo';
import { errorResponses } from '../schemas/common';
import type { ServiceDeps } from '../service-deps';
import { baseUrlOf } from './base-url';

const Upload = Type.Object({
  id: Type.String(),
  object: Type.Literal('upload'),
  filename: Type.String(),
  bytes: Type.Integer(),
  url: Type.String({ description: 'Give this as model_url, image_url or animation_url (same account only); read from the data folder, never fetched.' }),
  expires_at: Type.String({ format: 'date-time' }),
});

/** A file name as given: a base name of printable characters, at most 255 long. */
const FILENAME = /^[^/\\\u0000-\u001f]{1,255}$/;

/**
 * POST /v1/uploads (Rigdesk extension, issue 16): large local files for scripts, see files/uploads.ts.
 * Free; counts against the rate limit like every authenticated request.
 */
export function uploadRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  const limits = deps.uploads ?? UPLOAD_DEFAULTS;
  const view = (u: UploadRow, base: string) => ({
    id: u.id, object: 'upload' as const, filename: u.filename, bytes: u.bytes,
    url: `${base}/v1/uploads/${u.id}/content`, expires_at: new Date(u.expires_at).toISOString(),
  });
  app.register(async (scope) => {
    // The body is the file itself: handed to the route as a stream, never buffered whole.
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    scope.post<{ Querystring: { filename?: string } }>('/v1/uploads', {
      bodyLimit: limits.maxBytes + 1,
      schema: {
        summary: 'Upload a local file (Rigdesk extension)',
        description: [
          `The request body is the file's raw bytes (Content-Type: application/octet-stream), its name in ?filename=. Up to ${limits.maxBytes} bytes, streamed to the data folder.`,
          'Free; counts against the rate limit. The answer\'s `url` is accepted as `model_url`, `image_url` and `animation_url` by the same account',
          '(read from the data folder, never fetched over the network, whatever --allow-private-urls says; another account gets 403 `forbidden`).',
          `Uploads expire ${Math.round(limits.ttlMs / 3600_000)} hours after they are made and are then removed from disk; an expired upload's url is 400 \`invalid_request\`.`,
        ].join(' '),
        tags: ['uploads'],
        querystring: Type.Object({ filename: Type.Optional(Type.String()) }, { additionalProperties: false }),
        response: { 201: Upload, ...errorResponses(400, 401, 429) },
      },
      handler: async (request, reply) => {
        const filename = request.query.filename;
        if (!filename || !FILENAME.test(filename))
          throw invalidRequest(`filename: give the file's name in ?filename= (a base name of 1 to 255 characters, no slashes)${filename ? `; got '${echoValue(filename)}'` : ''}.`);
        const type = String(request.headers['content-type'] ?? '');
        if (!type.startsWith('application/octet-stream') || !request.body)
          throw invalidRequest(`Send the file's raw bytes with Content-Type: application/octet-stream${type ? `, not ${echoValue(type)}` : ''}.`);
        const now = deps.clock();
        await sweepExpiredUploads(deps.store, now);
        const row = await saveUpload(deps.store, request.account.id, filename, request.body as Readable, limits, now);
        return reply.status(201).send(view(row, baseUrlOf(request)));
      },
    });
  });

  const own = async (id: string, accountId: string): Promise<UploadRow> => {
    const row = await deps.store.uploads.get(id);
    if (!row || row.expires_at <= deps.clock()) throw new ApiError('not_found', `No upload '${echoValue(id)}' (uploads expire after ${Math.round(limits.ttlMs / 3600_000)} hours).`);
    if (row.account_id !== accountId) throw new ApiError('forbidden', `Upload '${id}' belongs to another account.`);
    return row;
  };
  const Params = Type.Object({ id: Type.String() });
  app.get<{ Params: { id: string } }>('/v1/uploads/:id', {
    schema: { summary: 'Retrieve an upload (Rigdesk extension)', tags: ['uploads'], params: Params, response: { 200: Upload, ...errorResponses(401, 403, 404, 429) } },
    handler: async (request) => view(await own(request.params.id, request.account.id), baseUrlOf(request)),
  });
  app.get<{ Params: { id: string } }>('/v1/uploads/:id/content', {
    schema: { summary: 'Download an upload\'s bytes (Rigdesk extension)', tags: ['uploads'], params: Params },
    handler: async (request, reply) => {
      const row = await own(request.params.id, request.account.id);
      reply.header('Content-Type', 'application/octet-stream').header('Content-Length', row.bytes)
        .header('Content-Disposition', `attachment; filename="${row.filename.replace(/[^\w.-]/g, '_')}"`);
      return reply.send(createReadStream(uploadPath(deps.store, row.id)));
    },
  });
}
