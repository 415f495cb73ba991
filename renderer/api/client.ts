/**
 * Typed client of the local /v1 service. No DOM or Node dependency (fetch and a sleep are
 * injected), so it runs in the studio and in plain-Node tests alike.
 *
 * ```ts
 * const api = createApiClient({ baseUrl: 'http://127.0.0.1:7878', key: 'rk_live_...' });
 * const job = await api.submitRig({ model_base64, filename: 'knight.glb', rig_type: 'biped' });
 * ```
 */
import { ApiError } from './api-error';
import { parseRetryAfter, retryDelayMs } from './retry-policy';
import type {
  Account,
  AnimationList,
  ApiKeyList,
  ApiKeyRecord,
  AssetCategories,
  AssetList,
  CreatedApiKey,
  ErrorBody,
  Job,
  JobList,
  ModelRequest,
  RigRequest,
  RigCheck,
  RigCheckRequest,
} from './types';

export interface RetryNotice {
  status: number;
  code: string;
  attempt: number;
  delayMs: number;
  path: string;
}

export interface ApiClientOptions {
  /** Service origin (`http://127.0.0.1:7878`); `/v1` is appended. */
  baseUrl: string;
  key: string;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Told before each retry wait, so the studio can say "service busy, retrying in 4 s". */
  onRetry?: (notice: RetryNotice) => void;
}

type Query = Record<string, string | number | undefined | null>;

function abortError(): Error {
  return new DOMException('The operation was aborted', 'AbortError');
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(abortError());
    }, { once: true });
  });
}

function queryString(q: Query | undefined): string {
  if (!q) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> | null = null;
  try {
    body = (await res.json()) as Partial<ErrorBody>;
  } catch {
    body = null;
  }
  const e = body?.error;
  if (e && typeof e.code === 'string') {
    const { code, message, ...rest } = e;
    return new ApiError(res.status, code, typeof message === 'string' && message ? message : `HTTP ${res.status}`, rest);
  }
  return new ApiError(res.status, `http_${res.status}`, `The service answered HTTP ${res.status} ${res.statusText}`.trim());
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const root = `${options.baseUrl.replace(/\/+$/, '')}/v1`;

  async function request<T>(method: string, path: string, init: { body?: unknown; query?: Query; signal?: AbortSignal } = {}): Promise<T> {
    const url = `${root}${path}${queryString(init.query)}`;
    const idempotent = method === 'GET';
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method,
          headers: {
            Authorization: `Bearer ${options.key}`,
            ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          },
          body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
          signal: init.signal,
          credentials: 'omit',
        });
      } catch (err) {
        if (init.signal?.aborted) throw err;
        // A refused connection may mean the service is restarting; only safe requests retry.
        const delay = idempotent ? retryDelayMs(0, attempt) : null;
        if (delay === null) {
          throw new ApiError(0, 'network_error', `Cannot reach the Rigdesk service at ${options.baseUrl}: ${(err as Error).message}`);
        }
        options.onRetry?.({ status: 0, code: 'network_error', attempt, delayMs: delay, path });
        await sleep(delay, init.signal);
        continue;
      }
      if (res.ok) {
        return (res.status === 204 ? undefined : await res.json()) as T;
      }
      const error = await toApiError(res);
      const retryAfter =
        typeof error.details.retry_after_seconds === 'number'
          ? error.details.retry_after_seconds
          : parseRetryAfter(res.headers.get('Retry-After'));
      // 429 and 503 refuse the request outright (nothing was charged), so even POSTs retry.
      const delay = retryDelayMs(res.status, attempt, retryAfter);
      if (delay === null) throw error;
      options.onRetry?.({ status: res.status, code: error.code, attempt, delayMs: delay, path });
      await sleep(delay, init.signal);
    }
  }

  return {
    baseUrl: options.baseUrl,
    apiRoot: root,
    account: (signal?: AbortSignal) => request<Account>('GET', '/account', { signal }),
    formats: () => request<unknown>('GET', '/formats'),
    listJobs: (q: { operation?: string; status?: string; limit?: number; offset?: number }, signal?: AbortSignal) =>
      request<JobList>('GET', '/jobs', { query: q, signal }),
    getJob: (id: string, signal?: AbortSignal) => request<Job>('GET', `/jobs/${encodeURIComponent(id)}`, { signal }),
    submitRig: (body: RigRequest) => request<Job>('POST', '/rigs', { body }),
    checkRig: (body: RigCheckRequest, signal?: AbortSignal) => request<RigCheck>('POST', '/rigs/check', { body, signal }),
    submitModel: (body: ModelRequest) => request<Job>('POST', '/models', { body }),
    listAssets: (q: { query?: string; category?: string; pack?: string; limit?: number; offset?: number }, signal?: AbortSignal) =>
      request<AssetList>('GET', '/assets', { query: q, signal }),
    assetCategories: () => request<AssetCategories>('GET', '/assets/categories'),
    importAssets: (path: string) => request<Record<string, unknown>>('POST', '/assets/import', { body: { path } }),
    listAnimations: (q: { rig_type?: string; limit?: number; offset?: number }, signal?: AbortSignal) =>
      request<AnimationList>('GET', '/animations', { query: q, signal }),
    listKeys: () => request<ApiKeyList>('GET', '/keys'),
    createKey: (label?: string) => request<CreatedApiKey>('POST', '/keys', { body: label ? { label } : {} }),
    revokeKey: (id: string) => request<ApiKeyRecord>('DELETE', `/keys/${encodeURIComponent(id)}`),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
