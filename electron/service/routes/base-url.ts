import type { FastifyRequest } from 'fastify';

/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST_AND_PORT = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The absolute origin the caller used, so file URLs work from wherever the request came from
 * (loopback, or another machine when the service listens on --host).
 *
 * The Host header names it when it is a plain host[:port]. When it is missing (HTTP/1.0 clients) or
 * is anything else (`a/b`, `x y`, `@evil`), the address and port the connection reached stand in,
 * so a URL is never built as `http:///files/...` or with a foreign path in its origin.
 */
export function baseUrlOf(request: FastifyRequest): string {
  const host = request.headers.host;
  if (typeof host === 'string' && host.length <= 261 && HOST_AND_PORT.test(host)) return `${request.protocol}://${host}`;
  return `${request.protocol}://${connectionOrigin(request)}`;
}

function connectionOrigin(request: FastifyRequest): string {
  const socket = request.raw.socket;
  // A dual-stack listener reports an IPv4 connection as ::ffff:a.b.c.d.
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const host = address.includes(':') ? `[${address.replace(/%.*$/, '')}]` : address;
  return socket.localPort ? `${host}:${socket.localPort}` : host;
}
