/** The Electron preload bridge, when the studio runs in the desktop app (absent in a browser). */
import type { DesktopBridge } from '../shared/api/desktop-bridge';

declare global {
  interface Window {
    rigdesk?: DesktopBridge;
  }
}

export function desktopBridge(): DesktopBridge | undefined {
  return typeof window !== 'undefined' && window.rigdesk?.isDesktop ? window.rigdesk : undefined;
}
