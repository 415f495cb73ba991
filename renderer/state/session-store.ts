/**
 * Connection to the local service: where it is and the studio key.
 * The key comes from the desktop bridge, else from the URL fragment `#key=...` (headless
 * `npm start` prints that URL; the fragment is removed at once and the key kept in
 * sessionStorage for reloads), else from sessionStorage.
 */
import { create } from 'zustand';
import { createApiClient, type ApiClient, type RetryNotice } from '../api/client';
import { desktopBridge } from '../desktop';

const STORAGE_KEY = 'rigdesk.studioKey';

export interface SessionState {
  status: 'connecting' | 'ready' | 'no-key' | 'failed';
  api: ApiClient | null;
  baseUrl: string;
  /** Used only to recognise the studio's own key in the key list (it must not be revoked there). */
  studioKey: string;
  error: string | null;
  retry: (RetryNotice & { until: number }) | null;
  connect(): Promise<void>;
}

/** Reads and strips `key=` from the fragment, keeping any route (`#key=..&/jobs` or `#/jobs`). */
function takeKeyFromFragment(): string | null {
  const hash = window.location.hash.replace(/^#/, '');
  const match = /(?:^|[&?])key=([^&/]+)/.exec(hash);
  if (!match) return null;
  const rest = hash.replace(match[0], '').replace(/^[&?]/, '');
  const route = rest.startsWith('/') ? `#${rest}` : '#/rig';
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${route}`);
  return decodeURIComponent(match[1]);
}

async function resolveSession(): Promise<{ baseUrl: string; key: string | null }> {
  const bridge = desktopBridge();
  if (bridge) {
    const s = await bridge.getStudioSession();
    return { baseUrl: s.baseUrl, key: s.studioKey };
  }
  const fromFragment = takeKeyFromFragment();
  if (fromFragment) sessionStorage.setItem(STORAGE_KEY, fromFragment);
  // `?api=` lets `vite dev` talk to a service on another port.
  const api = new URLSearchParams(window.location.search).get('api');
  return { baseUrl: api ? new URL(api).origin : window.location.origin, key: fromFragment ?? sessionStorage.getItem(STORAGE_KEY) };
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
      set({ status: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  },
}));

/** The API client; pages render only once the session is ready. */
export function useApi(): ApiClient {
  const api = useSession((s) => s.api);
  if (!api) throw new Error('session: the API client is used before the session is ready');
  return api;
}
