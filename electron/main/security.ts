/**
 * Security rules for every web contents the app creates, in one place:
 * - hardened webPreferences (context isolation, sandbox, no Node in the page, no webview);
 * - in-window navigation limited to the studio origin; new windows never open inside the app,
 *   http(s)/mailto links go to the system browser instead;
 * - every permission request (camera, notifications, ...) is denied;
 * - no <webview> attachment.
 */
import { app, session, shell, type WebContents, type WebPreferences } from 'electron';
import { externalUrlOrNull, isAllowedNavigation } from './url-policy';

export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    spellcheck: false,
  };
}

function openOutside(url: string, studioOrigin: () => string): void {
  const safe = externalUrlOrNull(url, studioOrigin());
  if (safe) void shell.openExternal(safe);
}

/** Installs the navigation, window-open and permission rules. Call once, before any window. */
export function installSecurityRules(studioOrigin: () => string): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAllowedNavigation(url, studioOrigin())) {
        event.preventDefault();
        openOutside(url, studioOrigin);
      }
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAllowedNavigation(url, studioOrigin())) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      openOutside(url, studioOrigin);
      return { action: 'deny' };
    });
  });
}
