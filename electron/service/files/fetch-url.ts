/**
 * Fetches a user-given URL (model_url, image_url, animation_url) with the limits a local service
 * needs against hostile or broken URLs: http/https only, no credentials in the URL, a size cap
 * enforced while streaming (a lying Content-Length cannot get past it), a total time limit, and a
 * bounded number of redirects, each re-checked, and only public addresses unless the owner allows
 * private networks (url-policy.ts).
 */
import { fetch, type Response } from 'undici';
import { ApiError, invalidRequest } from '../../../shared/api/api-error';
import { LIMITS } from '../../../shared/api/constants';
import { checkLiteralHost, PrivateAddressError, urlAgent } from './url-policy';

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Let URLs reach loopback and private networks (`serve --allow-private-urls`). */
  allowPrivate?: boolean;
}

function privateAddressRefusal(field: string, err: PrivateAddressError): ApiError {
  return invalidRequest(`${field}: ${err.message}; a publicly reachable URL is required (the owner of this service can allow local-network URLs with --allow-private-urls)`);
}

export interface Fetched {
  data: Uint8Array;
  /** The last path segment of the final URL, for format detection. */
  filename: string | null;
  contentType: string | null;
}

export function checkUrl(field: string, raw: string, allowPrivate = false): URL {
  // Servers refuse request lines this long (often by closing mid-send: "write EPIPE"); say so up front.
  if (raw.length > LIMITS.urlChars) throw invalidRequest(`${field}: the URL is ${raw.length} characters long; at most ${LIMITS.urlChars} (8 KB) are accepted`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidRequest(`${field}: not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidRequest(`${field}: only http and https URLs are accepted, not ${url.protocol}`);
  if (url.username || url.password) throw invalidRequest(`${field}: URLs with embedded credentials are not accepted`);
  if (!allowPrivate) {
    try {
      checkLiteralHost(url);
    } catch (err) {
      throw privateAddressRefusal(field, err as PrivateAddressError);
    }
  }
  return url;
}

export async function fetchUrl(field: string, raw: string, limits: FetchLimits): Promise<Fetched> {
  const allowPrivate = limits.allowPrivate ?? false;
  let url = checkUrl(field, raw, allowPrivate);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      let res: Response;
      try {
        res = await fetch(url, { redirect: 'manual', signal: controller.signal, headers: { 'user-agent': 'Rigdesk' }, dispatcher: urlAgent(allowPrivate) });
      } catch (err) {
        const cause = (err as Error & { cause?: Error }).cause;
        if (cause instanceof PrivateAddressError) throw privateAddressRefusal(field, cause);
        if (controller.signal.aborted) throw invalidRequest(`${field}: no complete answer from ${url.host} within ${limits.timeoutMs / 1000} s`);
        throw invalidRequest(`${field}: could not be fetched (${connectionFailure(url, err as Error & { cause?: NodeJS.ErrnoException })})`);
      }
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        await res.body?.cancel();
        if (hop >= limits.maxRedirects) throw invalidRequest(`${field}: more than ${limits.maxRedirects} redirects`);
        url = checkUrl(field, new URL(res.headers.get('location')!, url).toString(), allowPrivate);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw invalidRequest(`${field}: the server answered HTTP ${res.status}`);
      }
      const declared = Number(res.headers.get('content-length') ?? NaN);
      if (declared > limits.maxBytes) {
        await res.body?.cancel();
        throw tooLarge(field, limits.maxBytes);
      }
      const data = await readCapped(res, field, limits.maxBytes, controller);
      const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      return { data, filename: last || null, contentType: res.headers.get('content-type') };
    }
  } finally {
    clearTimeout(timer);
  }
}

async function readCapped(res: Response, field: string, maxBytes: number, controller: AbortController): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) {
        controller.abort();
        throw tooLarge(field, maxBytes);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw invalidRequest(`${field}: the download was interrupted (${(err as Error).message})`);
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

/** What went wrong on the connection, in words for the caller rather than a bare errno. */
function connectionFailure(url: URL, err: Error & { cause?: NodeJS.ErrnoException }): string {
  const cause = err.cause;
  if (cause?.code === 'EPIPE' || cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET') {
    return `${url.host} closed the connection before answering; check the URL, and that the server accepts a request for it`;
  }
  if (cause?.code === 'ECONNREFUSED') return `${url.host} refused the connection`;
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return `the host ${url.hostname} was not found`;
  return cause?.message ?? err.message;
}

function tooLarge(field: string, maxBytes: number): ApiError {
  return invalidRequest(`${field}: the file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit`);
}
