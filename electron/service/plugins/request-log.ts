/**
 * What `serve --log` writes about each request. Fastify's default logs the full request target, and a
 * script may put its key in a query string (`?key=rk_live_...`) where it would land in the log file;
 * a stored file's token is a permission too. So the log keeps the method and the path, marks an
 * omitted query with `?…`, and writes `/files/…/<name>` instead of the token.
 */
import type { FastifyServerOptions } from 'fastify';

export function loggedUrl(url: string): string {
  const query = url.search(/[?#]/);
  const path = query < 0 ? url : url.slice(0, query);
  return path.replace(/^\/files\/[^/]+\//, '/files/…/') + (query < 0 ? '' : '?…');
}

/** Fastify logger options; `stream` lets tests read the log lines. */
export function requestLogOptions(stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: request.method,
        url: loggedUrl(request.url),
        remoteAddress: request.ip ?? request.socket?.remoteAddress,
      }),
    },
  };
}
