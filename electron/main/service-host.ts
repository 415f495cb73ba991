/**
 * Gives the window a running service, in one of two ways:
 * - attached: `npm start` (plain Node) already runs the service and launched Electron with
 *   RIGDESK_SERVICE_URL + RIGDESK_STUDIO_KEY. Electron then never loads better-sqlite3, so the
 *   native module stays built for Node's ABI and the plain-Node tests keep working in dev;
 * - embedded: the packaged app (or `electron .` by hand) calls `startService` in this process;
 *   electron-builder rebuilt the native modules for Electron's ABI at packaging time.
 * The embedded service is closed (its studio key revoked) when the app quits.
 */
import type { StudioSession } from '../../shared/api/desktop-bridge';

import type { ServiceOptions } from '../service/start';

export const ATTACH_URL_ENV = 'RIGDESK_SERVICE_URL';
export const ATTACH_KEY_ENV = 'RIGDESK_STUDIO_KEY';

export interface HostedService {
  session: StudioSession;
  /** Whether this process owns the service (and must close it). */
  embedded: boolean;
  close(): Promise<void>;
}

/** Reads (and removes from the environment) the attach variables, if both are present. */
export function takeAttachedSession(env: NodeJS.ProcessEnv): StudioSession | null {
  const baseUrl = env[ATTACH_URL_ENV];
  const studioKey = env[ATTACH_KEY_ENV];
  delete env[ATTACH_KEY_ENV];
  if (!baseUrl || !studioKey) return null;
  return { baseUrl: new URL(baseUrl).origin, studioKey };
}

export async function hostService(env: NodeJS.ProcessEnv, options: ServiceOptions): Promise<HostedService> {
  const attached = takeAttachedSession(env);
  if (attached) return { session: attached, embedded: false, close: async () => {} };

  // Loaded only in embedded mode, so an attached window never loads better-sqlite3.
  const { startService } = await import('../service/start');
  const running = await startService(options);
  return {
    session: { baseUrl: new URL(running.baseUrl).origin, studioKey: running.studioKey },
    embedded: true,
    close: () => running.close(),
  };
}
