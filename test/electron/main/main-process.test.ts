/**
 * The Electron main process wired end to end, with a stand-in for the Electron runtime (its binary
 * cannot be downloaded on this machine, see the README) and a REAL embedded service: the single-instance
 * lock, security rules before any window, the hardened window loading the studio from the service,
 * every bridge channel answering only the studio's own frame, the native menu, and quitting closing
 * the service with its studio key revoked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRIDGE_CHANNELS } from '../../../shared/api/desktop-bridge';

const fake = vi.hoisted(() => {
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    name: '',
    lockRequested: false,
    quitCalls: 0,
    requestSingleInstanceLock() {
      app.lockRequested = true;
      return true;
    },
    setName(n: string) {
      app.name = n;
    },
    whenReady: () => Promise.resolve(),
    getPath: (_n: string) => (globalThis as { __rigdeskUserData?: string }).__rigdeskUserData!,
    quit() {
      app.quitCalls++;
      const event = { defaultPrevented: false, preventDefault() { event.defaultPrevented = true; } };
      app.emit('before-quit', event);
    },
    exit: (code: number) => {
      throw new Error(`app.exit(${code})`);
    },
  });
  const windows: { options: Record<string, unknown>; url: string }[] = [];
  class BrowserWindow extends Emitter {
    webContents = { send: () => undefined };
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push({ options, url: '' });
    }
    loadURL(url: string) {
      windows[windows.length - 1].url = url;
      return Promise.resolve();
    }
    maximize() {}
    isDestroyed = () => false;
    isMinimized = () => false;
    isFullScreen = () => false;
    isMaximized = () => false;
    getNormalBounds = () => ({ x: 0, y: 0, width: 1280, height: 800 });
    restore() {}
    focus() {}
  }
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const permission: { request?: (wc: unknown, p: string, cb: (ok: boolean) => void) => void } = {};
  const menu: { template?: unknown[] } = {};
  const errors: string[] = [];
  return {
    app,
    windows,
    handlers,
    permission,
    menu,
    errors,
    module: {
      app,
      BrowserWindow,
      ipcMain: { handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) => void handlers.set(channel, fn) },
      Menu: { buildFromTemplate: (t: unknown[]) => ({ t }), setApplicationMenu: (m: { t: unknown[] }) => void (menu.template = m.t) },
      dialog: { showErrorBox: (title: string, message: string) => void errors.push(`${title}: ${message}`), showOpenDialog: async () => ({ canceled: true, filePaths: [] }), showSaveDialog: async () => ({ canceled: true }) },
      shell: { openExternal: async () => undefined, showItemInFolder: () => undefined },
      screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
      session: {
        defaultSession: {
          setPermissionRequestHandler: (fn: typeof permission.request) => void (permission.request = fn),
          setPermissionCheckHandler: () => undefined,
        },
      },
    },
  };
});

vi.mock('electron', () => ({ ...fake.module, default: fake.module }));

let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-main-'));
  (globalThis as { __rigdeskUserData?: string }).__rigdeskUserData = dataDir;
  process.env.RIGDESK_DATA = dataDir;
  delete process.env.RIGDESK_SERVICE_URL;
  delete process.env.RIGDESK_STUDIO_KEY;
  await import('../../../electron/main/index');
  // start() runs after whenReady: wait for the window, which comes after the service is up.
  await vi.waitFor(() => expect(fake.windows.length).toBe(1), { timeout: 60_000, interval: 100 });
}, 90_000);

afterAll(() => {
  delete process.env.RIGDESK_DATA;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Electron main process (stand-in runtime, real embedded service)', () => {
  it('takes the single-instance lock and names the app', () => {
    expect(fake.app.lockRequested).toBe(true);
    expect(fake.app.name).toBe('Rigdesk');
    expect(fake.app.listenerCount('second-instance')).toBe(1);
    expect(fake.errors).toEqual([]);
  });

  it('opens one hardened window on the studio served by the embedded service', async () => {
    const { options, url } = fake.windows[0];
    expect(options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(String((options.webPreferences as { preload: string }).preload)).toMatch(/dist[\\/]preload[\\/]index\.cjs$/);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/rig$/);
    const health = await fetch(new URL('/healthz', url));
    expect(health.status).toBe(200);
  });

  it('denies every permission request and installs the navigation rules', () => {
    let granted: boolean | undefined;
    fake.permission.request!(null, 'media', (ok) => (granted = ok));
    expect(granted).toBe(false);
    expect(fake.app.listenerCount('web-contents-created')).toBe(1);
  });

  it('answers every bridge channel for the studio frame only, and hands it a working key', async () => {
    expect([...fake.handlers.keys()].sort()).toEqual(Object.values(BRIDGE_CHANNELS).sort());
    const origin = new URL(fake.windows[0].url).origin;
    const studioFrame = { senderFrame: { url: `${origin}/#/rig` } };
    const channel = Object.entries(BRIDGE_CHANNELS).find(([name]) => /session/i.test(name))![1];
    const session = (await fake.handlers.get(channel)!(studioFrame)) as { baseUrl: string; studioKey: string };
    expect(session.baseUrl).toBe(origin);
    const account = await fetch(`${origin}/v1/account`, { headers: { authorization: `Bearer ${session.studioKey}` } });
    expect(account.status).toBe(200);
    const stranger = { senderFrame: { url: 'https://example.com/' } };
    expect(() => fake.handlers.get(channel)!(stranger)).toThrow(/unexpected page/);
    (globalThis as { __rigdeskKey?: string }).__rigdeskKey = session.studioKey;
  });

  it('has a native menu', () => {
    expect(Array.isArray(fake.menu.template)).toBe(true);
    expect(fake.menu.template!.length).toBeGreaterThan(2);
  });

  it('closes the embedded service on quit, revoking the studio key', async () => {
    const origin = new URL(fake.windows[0].url).origin;
    const key = (globalThis as { __rigdeskKey?: string }).__rigdeskKey!;
    fake.app.quit();
    await vi.waitFor(() => expect(fake.app.quitCalls).toBe(2), { timeout: 30_000, interval: 100 });
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    // The key is revoked in the data folder: a service started on it again refuses it.
    const { startService } = await import('../../../electron/service/start');
    const again = await startService({ dataDir, port: 0, workers: 1, studioDir: null, installCatalog: false, studioKey: false });
    try {
      const res = await fetch(`${again.baseUrl}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(401);
    } finally {
      await again.close();
    }
  }, 60_000);
});
