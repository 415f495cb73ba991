/**
 * Used by `rigdesk start` (plain Node, no Electron import): decides whether the desktop window can
 * open here, and launches it attached to the service the CLI already runs.
 *
 * The CLI calls `desktopLauncher()` (null when no window can open; then it runs headless).
 * The lower-level pieces:
 * ```ts
 * const desktop = detectElectron();
 * const service = await startService({ dataDir });
 * if (desktop.available) {
 *   const code = await launchDesktop({ electronPath: desktop.electronPath!, service }).exited;
 *   await service.close();
 * } else {
 *   console.log(`Rigdesk studio: ${service.studioUrl}  (${desktop.reason})`);
 * }
 * ```
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import type { ServiceOptions } from '../service/start';
import { buildPreload } from './build-preload';
import { ensureStudioBuilt } from './ensure-studio';
import { APP_ROOT, MAIN_ENTRY } from './paths';
import { ATTACH_KEY_ENV, ATTACH_URL_ENV } from './service-host';

export interface ElectronAvailability {
  available: boolean;
  /** Absolute path of the Electron executable, when found. */
  electronPath?: string;
  /** Why the window cannot open (or 'ok'); printed by the CLI before falling back to headless. */
  reason: string;
}

export interface DetectDeps {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** Returns what `require('electron')` returns in plain Node: the binary's path (throws if absent). */
  resolveElectron(): unknown;
  isExecutable(path: string): boolean;
}

const require = createRequire(import.meta.url);

export const defaultDetectDeps: DetectDeps = {
  env: process.env,
  platform: process.platform,
  resolveElectron: () => require('electron'),
  isExecutable(path) {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
};

/** Whether Electron can open a window on this machine. Never throws. */
export function detectElectron(deps: DetectDeps = defaultDetectDeps): ElectronAvailability {
  if (deps.env.RIGDESK_HEADLESS === '1') return { available: false, reason: 'RIGDESK_HEADLESS=1 is set' };
  let electronPath: unknown;
  try {
    electronPath = deps.resolveElectron();
  } catch {
    return { available: false, reason: 'Electron is not installed (its binary was not downloaded)' };
  }
  if (typeof electronPath !== 'string' || electronPath === '') {
    return { available: false, reason: 'the electron package did not report a binary path' };
  }
  if (!deps.isExecutable(electronPath)) {
    return { available: false, electronPath, reason: `the Electron binary is missing at ${electronPath}` };
  }
  if (deps.platform === 'linux' && !deps.env.DISPLAY && !deps.env.WAYLAND_DISPLAY) {
    return { available: false, electronPath, reason: 'no display (DISPLAY and WAYLAND_DISPLAY are unset)' };
  }
  return { available: true, electronPath, reason: 'ok' };
}

/** Convenience for the CLI: true when the window can open. */
export function isElectronAvailable(): boolean {
  return detectElectron().available;
}

export interface LaunchOptions {
  electronPath: string;
  /** The service the CLI started (`baseUrl` and `studioKey` of startService's result). */
  service: { baseUrl: string; studioKey: string };
  /** Extra arguments for Electron (e.g. `--ozone-platform=wayland`). */
  extraArgs?: string[];
}

export interface LaunchedDesktop {
  child: ChildProcess;
  /** Resolves with Electron's exit code when the window is closed. */
  exited: Promise<number>;
}

/** Builds the preload bundle, then starts Electron attached to the running service. */
export async function launchDesktop(o: LaunchOptions): Promise<LaunchedDesktop> {
  await buildPreload();
  const env: NodeJS.ProcessEnv = { ...process.env, [ATTACH_URL_ENV]: o.service.baseUrl, [ATTACH_KEY_ENV]: o.service.studioKey };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(o.electronPath, [MAIN_ENTRY, ...(o.extraArgs ?? [])], { cwd: APP_ROOT, env, stdio: 'inherit' });
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  return { child, exited };
}

/**
 * What `rigdesk start` calls: null when no window can open here (the CLI then runs headless);
 * otherwise a function that starts the service under Node, opens the window attached to it,
 * and closes the service (revoking the studio key) when the window is closed or on Ctrl+C.
 */
export async function desktopLauncher(serviceOptions: ServiceOptions = {}): Promise<(() => Promise<undefined>) | null> {
  const desktop = detectElectron();
  if (!desktop.available) {
    console.error(`Rigdesk: no desktop window: ${desktop.reason}.`);
    return null;
  }
  return async () => {
    await ensureStudioBuilt();
    const { startService } = await import('../service/start');
    const service = await startService(serviceOptions);
    try {
      console.log(`Rigdesk is running. API: ${service.baseUrl}/v1`);
      const { child, exited } = await launchDesktop({ electronPath: desktop.electronPath!, service });
      const stop = () => child.kill('SIGTERM');
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      const code = await exited;
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      if (code !== 0) process.exitCode = code;
    } finally {
      await service.close();
    }
    return undefined;
  };
}
