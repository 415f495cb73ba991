import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../shared/api/api-error';
import type { StudioLinks } from '../auth/studio-links';

export const STUDIO_LINK_DEAD_MESSAGE =
  'This studio link was used already or has expired (links work once, for 10 minutes). Stop the service and start it again for a new link, or open the desktop app.';

/** Outside /v1 (not part of the API): the studio trades the one-time code of its URL for its session key. */
export function studioSessionRoutes(app: FastifyInstance, links: StudioLinks): void {
  app.post<{ Body: { code: string } }>('/studio/session', {
    schema: {
      hide: true,
      body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
    },
    handler: async (request, reply) => {
      const key = links.redeem(request.body.code);
      if (!key) throw new ApiError('unauthorized', STUDIO_LINK_DEAD_MESSAGE);
      // The answer holds a key: no cache may keep it.
      return reply.header('Cache-Control', 'no-store').send({ api_key: key });
    },
  });
}
