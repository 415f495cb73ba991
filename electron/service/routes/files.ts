import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { Type } from '@sinclair/typebox';
import { ApiError } from '../../../shared/api/api-error';
import type { ServiceDeps } from '../service-deps';

/**
 * Stored files (job results, thumbnails, catalog assets, clips) under an unguessable token.
 * No key is needed: like a CDN link, the token is the permission, so engine scripts can hand the
 * URL to their own downloaders. Content never changes under a token, hence the long cache.
 */
export function fileRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get<{ Params: { token: string; name: string } }>('/files/:token/:name', {
    schema: {
      summary: 'Download a stored file',
      tags: ['files'],
      params: Type.Object({ token: Type.String(), name: Type.String() }),
    },
    handler: async (request, reply) => {
      const row = await deps.store.files.get(request.params.token);
      if (!row || !deps.store.blobs.has(row.sha256)) throw new ApiError('not_found', 'No such file.');
      const inline = row.content_type.startsWith('image/') || row.content_type === 'application/json';
      reply
        .header('Content-Type', row.content_type)
        .header('Content-Length', row.bytes)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${row.filename.replace(/[^\w.-]/g, '_')}"`);
      return reply.send(createReadStream(deps.store.blobs.pathOf(row.sha256)));
    },
  });
}
