/**
 * Connection to the local service: where it is and the studio key.
 * The key comes from the desktop bridge, else from the one-time code in the URL fragment
 * `#code=...` (`rigdesk serve` prints that URL; the fragment is removed at once, the code traded
 * for the key at POST /studio/session and the key kept in sessionStorage for reloads), else from
 * `#key=...` (vite dev), else from sessionStorage.
 */
import { create } from 'zustand';
import { createApiClient, type ApiClient, type RetryNotice } from '../api/client';
import { desktopBridge } from '../desktop';

const STORAGE_KEY = 'rigdesk.studioKey';

export interface SessionState {
  status: 'connecting' | 'ready' | 'no-key' | 'link-dead' | 'failed';
  api: ApiClient | null;
  baseUrl: string;
  /** Used only to recognise the studio's own key in the key list (it must not be revoked there). */
  studioKey: string;
  error: string | null;
  retry: (RetryNotice & { until: number }) | null;
  connect(): Promise<void>;
}

/** Reads and strips `name=` from the fragment, keeping any route (`#key=..&/jobs` or `#/jobs`). */
function takeFromFragment(name: 'key' | 'code'): string | null {
  const hash = window.location.hash.replace(/^#/, '');
  const match = new RegExp(`(?:^|[&?])${name}=([^&/]+)`).exec(hash);
  if (!match) return null;
  const rest = hash.replace(match[0], '').replace(/^[&?]/, '');
  const route = rest.startsWith('/') ? `#${rest}` : '#/rig';
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${route}`);
  return decodeURIComponent(match[1]);
}

/** Thrown when the printed link's code was used already or has expired. */
class DeadLinkError extends Error {}

/** Trades the printed link's one-time code for the studio key. */
async function redeemCode(baseUrl: string, code: string): Promise<string> {
  const res = await fetch(`${baseUrl}/studio/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) });
  const body = (await res.json().catch(() => null)) as { api_key?: string; error?: { message?: string } } | null;
  if (res.status === 401) throw new DeadLinkError(body?.error?.message ?? 'This studio link was used already or has expired.');
  if (!res.ok || !body?.api_key) throw new Error(body?.error?.message ?? `The service answered ${res.status} to the studio link.`);
  return body.api_key;
}

async function resolveSession(): Promise<{ baseUrl: string; key: string | null }> {
  const bridge = desktopBridge();
  if (bridge) {
    const s = await bridge.getStudioSession();
    return { baseUrl: s.baseUrl, key: s.studioKey };
  }
  // `?api=` lets `vite dev` talk to a service on another port.
  const api = new URLSearchParams(window.location.search).get('api');
  const baseUrl = api ? new URL(api).origin : window.location.origin;
  const code = takeFromFragment('code');
  const stored = sessionStorage.getItem(STORAGE_KEY);
  // The same link opened again in this tab: the key from its first use is still here.
  const fromFragment = code ? await redeemCode(baseUrl, code).catch((err: unknown) => (err instanceof DeadLinkError && stored ? stored : Promise.reject(err))) : takeFromFragment('key');
  if (fromFragment) sessionStorage.setItem(STORAGE_KEY, fromFragment);
  return { baseUrl, key: fromFragment ?? stored };
}

export const useSession = create<SessionState>((set, get) => ({
  status: 'connecting',
  api: null,
  baseUrl: typeof window !== 'undefined' ? window.location.origin : '',
  studioKey: '',
  error: null,
  retry: null,
  async connect() {
    try {
      const { baseUrl, key } = await resolveSession();
      if (!key) {
        set({ status: 'no-key', baseUrl });
        return;
      }
      const api = createApiClient({
        baseUrl,
        key,
        onRetry: (notice) => {
          set({ retry: { ...notice, until: Date.now() + notice.delayMs } });
          setTimeout(() => {
            if ((get().retry?.until ?? 0) <= Date.now()) set({ retry: null });
          }, notice.delayMs + 50);
        },
      });
      set({ status: 'ready', api, baseUrl, studioKey: key, error: null });
    } catch (err) {
      set({ status: err instanceof DeadLinkError ? 'link-dead' : 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  },
}));

/** The API client; pages render only once the session is ready. */
export function useApi(): ApiClient {
  const api = useSession((s) => s.api);
  if (!api) throw new Error('session: the API client is used before the session is ready');
  return api;
}
