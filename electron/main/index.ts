/**
 * Electron main process: single-instance lock, security rules, service, window, menu, IPC.
 * No business logic lives here; the studio talks to the service over HTTP like any client.
 * Started by `bootstrap.mjs` (which registers tsx), never imported by plain-Node code.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, shell } from 'electron';
import { join } from 'node:path';
import { BRIDGE_CHANNELS, MENU_COMMAND_CHANNEL, type BridgeCallName, type MenuCommand } from '../../shared/api/desktop-bridge';
import { createBridgeHandlers } from './bridge-handlers';
import { buildMenuTemplate } from './menu-template';
import { createMainWindow } from './main-window';
import { installSecurityRules } from './security';
import { hostService, type HostedService } from './service-host';
import { PRELOAD_BUNDLE } from './paths';

const APP_NAME = 'Rigdesk';
let hosted: HostedService | null = null;
let mainWindow: BrowserWindow | null = null;

function focusMainWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function sendMenuCommand(command: MenuCommand): void {
  mainWindow?.webContents.send(MENU_COMMAND_CHANNEL, command);
}

function registerBridge(): void {
  const handlers = createBridgeHandlers({
    session: () => {
      if (!hosted) throw new Error('bridge: the service is not running');
      return hosted.session;
    },
    native: {
      showOpenDialog: (options) =>
        mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options),
      showSaveDialog: (options) =>
        mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options),
      showItemInFolder: (path) => shell.showItemInFolder(path),
      openExternal: (url) => shell.openExternal(url),
    },
  });
  for (const name of Object.keys(BRIDGE_CHANNELS) as BridgeCallName[]) {
    const handler = handlers[name] as (...args: unknown[]) => Promise<unknown>;
    ipcMain.handle(BRIDGE_CHANNELS[name], (event, ...args) => {
      // Only the studio's own frame may call the bridge.
      if (!hosted || new URL(event.senderFrame?.url ?? 'about:blank').origin !== hosted.session.baseUrl) {
        throw new Error('bridge: call from an unexpected page refused');
      }
      return handler(...args);
    });
  }
}

async function start(): Promise<void> {
  installSecurityRules(() => hosted?.session.baseUrl ?? 'http://127.0.0.1');
  hosted = await hostService(process.env, { dataDir: process.env.RIGDESK_DATA || undefined });
  registerBridge();
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        appName: APP_NAME,
        isDev: !app.isPackaged,
        send: sendMenuCommand,
        openExternal: (url) => void shell.openExternal(url),
        serviceBaseUrl: hosted.session.baseUrl,
      }),
    ),
  );
  // The key reaches the page through the bridge, not the URL, so it never sits in history.
  mainWindow = createMainWindow({
    preloadPath: PRELOAD_BUNDLE,
    stateFile: join(app.getPath('userData'), 'window-state.json'),
    studioUrl: `${hosted.session.baseUrl}/#/rig`,
    title: APP_NAME,
  });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.setName(APP_NAME);
  app.on('second-instance', focusMainWindow);
  app.on('window-all-closed', () => app.quit());

  let closing = false;
  app.on('before-quit', (event) => {
    if (closing || !hosted?.embedded) return;
    // Close the embedded service (revokes the studio key) before the process ends.
    event.preventDefault();
    closing = true;
    void hosted.close().finally(() => app.quit());
  });

  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      dialog.showErrorBox(`${APP_NAME} could not start`, err instanceof Error ? err.message : String(err));
      app.exit(1);
    });
}
