/**
 * Main-process side of the preload bridge: one handler per `BRIDGE_CHANNELS` entry.
 *
 * Electron is injected (dialogs, shell) so the handlers are unit-tested in plain Node with real
 * files. Rules enforced here, not in the renderer:
 * - files are read only after the user picked them in a native dialog, up to a size cap;
 * - downloads only come from the local service's origin;
 * - "show in folder" only for paths this session picked or saved;
 * - external URLs only http(s)/mailto, never the studio itself.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  MAX_PICKED_FILE_BYTES,
  type BridgeCallArgs,
  type BridgeCallName,
  type BridgeCallResult,
  type PickedFile,
  type StudioSession,
} from '../../shared/api/desktop-bridge';
import { externalUrlOrNull, isServiceUrl } from './url-policy';

export interface FileFilter {
  name: string;
  extensions: string[];
}

/** The native features the handlers need (Electron's dialog and shell in production). */
export interface NativeHost {
  showOpenDialog(options: {
    title: string;
    properties: ('openFile' | 'openDirectory' | 'multiSelections')[];
    filters?: FileFilter[];
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(options: { title: string; defaultPath: string }): Promise<{ canceled: boolean; filePath?: string }>;
  showItemInFolder(path: string): void;
  openExternal(url: string): Promise<void>;
}

export interface BridgeHandlerDeps {
  session(): StudioSession;
  native: NativeHost;
  fetch?: typeof fetch;
  maxFileBytes?: number;
}

export type BridgeHandlers = {
  [K in BridgeCallName]: (...args: BridgeCallArgs[K]) => Promise<BridgeCallResult<K>>;
};

export const MODEL_EXTENSIONS = ['glb', 'gltf', 'fbx', 'obj', 'stl', 'dae', '3ds', 'zip'];
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'];

export function createBridgeHandlers(deps: BridgeHandlerDeps): BridgeHandlers {
  const doFetch = deps.fetch ?? fetch;
  const cap = deps.maxFileBytes ?? MAX_PICKED_FILE_BYTES;
  /** Paths the user chose in a dialog during this session. */
  const known = new Set<string>();

  async function readPicked(path: string): Promise<PickedFile> {
    const info = await stat(path);
    if (!info.isFile()) throw new Error(`bridge: ${basename(path)} is not a file`);
    if (info.size > cap) {
      throw new Error(
        `bridge: ${basename(path)} is ${(info.size / 1048576).toFixed(1)} MB; the limit is ${Math.round(cap / 1048576)} MB`,
      );
    }
    known.add(path);
    const data = await readFile(path);
    return { name: basename(path), path, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  }

  return {
    async getStudioSession() {
      return deps.session();
    },

    async openModelFiles(options) {
      const res = await deps.native.showOpenDialog({
        title: options.multiple ? 'Open models to rig' : 'Open a model to rig',
        properties: options.multiple ? ['openFile', 'multiSelections'] : ['openFile'],
        filters: [{ name: '3D models', extensions: MODEL_EXTENSIONS }],
      });
      if (res.canceled || res.filePaths.length === 0) return null;
      const files: PickedFile[] = [];
      for (const p of res.filePaths) files.push(await readPicked(p));
      return files;
    },

    async openImageFile() {
      const res = await deps.native.showOpenDialog({
        title: 'Open an image to generate from',
        properties: ['openFile'],
        filters: [{ name: 'Images', extensions: IMAGE_EXTENSIONS }],
      });
      if (res.canceled || res.filePaths.length === 0) return null;
      return readPicked(res.filePaths[0]);
    },

    async pickImportSource() {
      const res = await deps.native.showOpenDialog({
        title: 'Import a CC0 pack (folder or zip)',
        properties: ['openFile', 'openDirectory'],
        filters: [{ name: 'Pack folder or zip', extensions: ['zip'] }],
      });
      if (res.canceled || res.filePaths.length === 0) return null;
      known.add(res.filePaths[0]);
      return res.filePaths[0];
    },

    async saveUrlToFile(options) {
      const { baseUrl } = deps.session();
      if (!isServiceUrl(options.url, baseUrl)) {
        throw new Error(`bridge: downloads are limited to the local service (${baseUrl}); refused ${options.url}`);
      }
      const res = await deps.native.showSaveDialog({
        title: 'Save file',
        defaultPath: basename(options.suggestedName) || 'download',
      });
      if (res.canceled || !res.filePath) return null;
      const response = await doFetch(options.url);
      if (!response.ok) throw new Error(`bridge: download failed with HTTP ${response.status}`);
      const data = new Uint8Array(await response.arrayBuffer());
      await writeFile(res.filePath, data);
      known.add(res.filePath);
      return { path: res.filePath, bytes: data.byteLength };
    },

    async showInFolder(path) {
      if (!known.has(path)) throw new Error('bridge: show in folder is limited to files opened or saved in this session');
      deps.native.showItemInFolder(path);
    },

    async openExternal(url) {
      const safe = externalUrlOrNull(url, deps.session().baseUrl);
      if (!safe) throw new Error(`bridge: refused to open ${JSON.stringify(url)} outside the app`);
      await deps.native.openExternal(safe);
    },
  };
}
