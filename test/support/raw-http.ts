/**
 * HTTP/1.x over a raw TCP socket, for requests no client library sends as written: percent-escaped
 * letters, dot segments, absolute-form targets, missing Host, oversized headers.
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent, as text. */
  raw: string;
}

/** Sends `head` (request line and headers, without the blank line) plus an optional body; reads until the server closes. */
export function rawRequest(port: number, head: string, body = ''): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    // write, not end: a client's early FIN makes Node's HTTP server drop a request still being answered
    // (an answer that waits on the database, PostgreSQL mode); Connection: close ends the exchange instead.
    socket.on('connect', () => socket.write(`${head}\r\n\r\n${body}`));
    socket.on('data', (d) => chunks.push(d));
    // The server may reset a connection it refuses after answering: keep what arrived.
    socket.on('error', (err) => (chunks.length ? undefined : reject(err)));
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const end = raw.indexOf('\r\n\r\n');
      const lines = raw.slice(0, end < 0 ? raw.length : end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0])?.[1] ?? 0), headers, body: end < 0 ? '' : raw.slice(end + 4), raw });
    });
  });
}

/** A request with `Connection: close` so the server ends the exchange after its answer. */
export function rawHttp(port: number, method: string, target: string, headers: Record<string, string> = {}, body = ''): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return rawRequest(port, lines.join('\r\n'), body);
}
