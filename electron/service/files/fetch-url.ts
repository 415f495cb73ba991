/**
 * Fetches a user-given URL (model_url, image_url, animation_url) with the limits a local service
 * needs against hostile or broken URLs: http/https only, no credentials in the URL, a size cap
 * enforced while streaming (a lying Content-Length cannot get past it), a total time limit, and a
 * bounded number of redirects, each re-checked, and only public addresses unless the owner allows
 * private networks (url-policy.ts). The body is streamed to a temp file in the blob folder
 * (staged-blob.ts), never held whole in memory.
 */
import { fetch, type Response } from 'undici';
import { ApiError, invalidRequest } from '../../../shared/api/api-error';
import { LIMITS } from '../../../shared/api/constants';
import type { BlobStore } from './blob-store';
import { stageBlob, type StagedBlob } from './staged-blob';
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
  /** The body in the blob folder's tmp/, not yet committed. */
  blob: StagedBlob;
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

export async function fetchUrl(field: string, raw: string, limits: FetchLimits, blobs: BlobStore): Promise<Fetched> {
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
      const blob = await stageBlob(blobs, cappedBody(res, field, limits.maxBytes, controller));
      const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      return { blob, filename: last || null, contentType: res.headers.get('content-type') };
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The response body chunk by chunk, stopping with a 400 past `maxBytes` or when the connection fails. */
async function* cappedBody(res: Response, field: string, maxBytes: number, controller: AbortController): AsyncGenerator<Uint8Array> {
  let total = 0;
  let complete = false;
  const reader = res.body!.getReader();
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (controller.signal.aborted) throw invalidRequest(`${field}: the download did not complete within the time limit`);
        throw invalidRequest(`${field}: the download was interrupted (${(err as Error).message})`);
      }
      if (chunk.done) {
        complete = true;
        return;
      }
      total += chunk.value.length;
      if (total > maxBytes) throw tooLarge(field, maxBytes);
      yield chunk.value;
    }
  } finally {
    // A body left unread (too large, a disk error while storing it) must not keep its connection.
    if (!complete) controller.abort();
  }
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
