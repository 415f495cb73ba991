import type { FastifyRequest } from 'fastify';

/**
 * The absolute origin the caller used, so file URLs work from wherever the request came from
 * (loopback, or another machine when the service listens on --host).
 */
export function baseUrlOf(request: FastifyRequest): string {
  const host = request.headers.host ?? `${request.hostname}`;
  return `${request.protocol}://${host}`;
}
