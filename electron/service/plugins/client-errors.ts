/**
 * Requests refused before any route runs still get the spec's `{error: {code, message}}` envelope:
 * Node's HTTP parser refuses oversized headers (431) and malformed HTTP (400) on its own, and
 * Fastify's router refuses undecodable paths; their default bodies are bare or in another shape.
 */
import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../shared/api/api-error';

const HEADER_LIMIT_KB = Math.round(maxHeaderSize / 1024);

/** The status and message for an error of Node's HTTP parser. */
function describeClientError(err: NodeJS.ErrnoException): [number, string] {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, `The request line and headers together exceed ${HEADER_LIMIT_KB} KB. Shorten the URL or the headers; inputs go in the JSON body or behind model_url.`];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'The request did not arrive completely in time; send it again.'];
    default:
      return [400, 'The request is not valid HTTP/1.1 (malformed request line, header or body framing).'];
  }
}

/** Fastify's `clientErrorHandler`: answer on the raw socket (no request object exists yet), then close. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A connection reset by the client has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = describeClientError(err);
  const body = JSON.stringify(new ApiError('invalid_request', message).toBody());
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  // Half-closed above so the answer is read before the socket goes; a client that keeps sending is cut off.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** Fastify's `frameworkErrors`: paths the router cannot decode (`/v1/%zz`) or parameters over its length limit. */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is longer than the router accepts (100 characters); ids are much shorter.'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'The request path is not valid: a % must start an escape of two hex digits (write a literal % as %25).'
        : 'The request could not be routed.';
  void reply.status(400).header('Access-Control-Allow-Origin', '*').send(new ApiError('invalid_request', message).toBody());
}
