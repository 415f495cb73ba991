/**
 * Preload script (runs sandboxed, bundled to CommonJS by `electron/main/build-preload.ts`):
 * exposes the typed bridge as `window.rigdesk` through `contextBridge`.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL } from '../../shared/api/desktop-bridge';
import { createDesktopBridge } from './create-bridge';

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createDesktopBridge(ipcRenderer, process.platform));
