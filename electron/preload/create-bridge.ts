/**
 * Builds the `window.rigdesk` object from an IPC transport. Pure (no `electron` import) so the
 * contract is unit-tested in plain Node; `index.ts` feeds it Electron's `ipcRenderer`.
 */
import {
  BRIDGE_CHANNELS,
  MENU_COMMAND_CHANNEL,
  type BridgeCallArgs,
  type BridgeCallName,
  type BridgeCallResult,
  type DesktopBridge,
  type MenuCommand,
} from '../../shared/api/desktop-bridge';

/** The part of `ipcRenderer` the bridge uses. */
export interface RendererIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createDesktopBridge(ipc: RendererIpc, platform: string): DesktopBridge {
  const call = <K extends BridgeCallName>(name: K, ...args: BridgeCallArgs[K]) =>
    ipc.invoke(BRIDGE_CHANNELS[name], ...args) as Promise<BridgeCallResult<K>>;

  const bridge = {
    isDesktop: true,
    platform,
    getStudioSession: () => call('getStudioSession'),
    openModelFiles: (options) => call('openModelFiles', { multiple: Boolean(options.multiple) }),
    openImageFile: () => call('openImageFile'),
    pickImportSource: () => call('pickImportSource'),
    saveUrlToFile: (options) =>
      call('saveUrlToFile', { url: String(options.url), suggestedName: String(options.suggestedName) }),
    showInFolder: (path) => call('showInFolder', String(path)),
    openExternal: (url) => call('openExternal', String(url)),
    onMenuCommand(listener) {
      // Wrap so the renderer never receives the IpcRendererEvent (it exposes `sender`).
      const wrapped = (_event: unknown, command: unknown) => listener(command as MenuCommand);
      ipc.on(MENU_COMMAND_CHANNEL, wrapped);
      return () => {
        ipc.removeListener(MENU_COMMAND_CHANNEL, wrapped);
      };
    },
  } satisfies DesktopBridge;
  return bridge;
}
