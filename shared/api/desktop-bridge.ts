/**
 * The one contract between the Electron preload script and the studio (renderer).
 *
 * The preload exposes an object of type `DesktopBridge` as `window.rigdesk` (checked with
 * `satisfies`); the main process registers one IPC handler per channel of `BRIDGE_CHANNELS`.
 * In a plain browser (headless `npm start`) there is no bridge and the studio falls back to
 * web features (the key from the URL fragment, <input type=file>, <a download>).
 *
 * Deliberately narrow: the renderer never gets a file-system path it did not receive from a native
 * dialog, never reads arbitrary files, and never sees the user's long-lived API keys.
 */

/** Name of the global the preload defines (`window.rigdesk`). */
export const BRIDGE_GLOBAL = 'rigdesk';

/** IPC channel per bridge call (renderer -> main, `ipcRenderer.invoke`). */
export const BRIDGE_CHANNELS = {
  getStudioSession: 'rigdesk:get-studio-session',
  openModelFiles: 'rigdesk:open-model-files',
  openImageFile: 'rigdesk:open-image-file',
  pickImportSource: 'rigdesk:pick-import-source',
  saveUrlToFile: 'rigdesk:save-url-to-file',
  showInFolder: 'rigdesk:show-in-folder',
  openExternal: 'rigdesk:open-external',
} as const;

/** Main -> renderer push channel carrying a `MenuCommand`. */
export const MENU_COMMAND_CHANNEL = 'rigdesk:menu-command';

export type BridgeCallName = keyof typeof BRIDGE_CHANNELS;

/** Studio pages the menu can navigate to (hash routes of the studio). */
export const STUDIO_PAGES = ['rig', 'generate', 'catalog', 'animations', 'jobs', 'account'] as const;
export type StudioPage = (typeof STUDIO_PAGES)[number];

/** Commands the native menu sends to the studio. */
export type MenuCommand =
  | { kind: 'navigate'; page: StudioPage }
  | { kind: 'open-model' }
  | { kind: 'open-image' }
  | { kind: 'import-pack' };

/** What the studio needs to talk to the local service. */
export interface StudioSession {
  /** Service origin, e.g. `http://127.0.0.1:7878` (the API is under `/v1`). */
  baseUrl: string;
  /** Short-lived key created at launch and revoked at exit (`rk_live_...`). */
  studioKey: string;
}

/** A file the user picked in a native dialog, read by the main process. */
export interface PickedFile {
  /** File name without folders, e.g. `knight.glb` (format detection uses its extension). */
  name: string;
  /** Absolute path, usable with `showInFolder`. */
  path: string;
  bytes: Uint8Array;
}

export interface OpenModelOptions {
  /** Allow several files (batch rigging). */
  multiple: boolean;
}

export interface SaveUrlOptions {
  /** Absolute URL on the local service (other origins are refused). */
  url: string;
  /** Suggested file name in the save dialog. */
  suggestedName: string;
}

/** Result of a save: the path written, or null if the user cancelled. */
export interface SavedFile {
  path: string;
  bytes: number;
}

export interface DesktopBridge {
  /** Always true: lets the studio tell the desktop app from a browser tab. */
  readonly isDesktop: true;
  /** Host platform (`linux`, `darwin`, `win32`), for shortcut labels. */
  readonly platform: string;
  getStudioSession(): Promise<StudioSession>;
  /** Native open dialog for meshes; null when cancelled. Files above the size cap are refused. */
  openModelFiles(options: OpenModelOptions): Promise<PickedFile[] | null>;
  /** Native open dialog for one image (generation input); null when cancelled. */
  openImageFile(): Promise<PickedFile | null>;
  /** Native dialog for a catalog pack folder or zip; returns its path or null. */
  pickImportSource(): Promise<string | null>;
  /** Save dialog, then downloads `url` into the chosen file. */
  saveUrlToFile(options: SaveUrlOptions): Promise<SavedFile | null>;
  /** Reveal a file this session picked or saved in the system file manager. */
  showInFolder(path: string): Promise<void>;
  /** Open an http(s) or mailto URL in the system browser. */
  openExternal(url: string): Promise<void>;
  /** Subscribe to native menu commands; returns an unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

/** Argument tuple of each invoke channel, shared by preload (sender) and main (handlers). */
export interface BridgeCallArgs {
  getStudioSession: [];
  openModelFiles: [OpenModelOptions];
  openImageFile: [];
  pickImportSource: [];
  saveUrlToFile: [SaveUrlOptions];
  showInFolder: [string];
  openExternal: [string];
}

/** Result of each invoke channel. */
export type BridgeCallResult<K extends BridgeCallName> = Awaited<ReturnType<DesktopBridge[K]>>;

/** Largest file the open dialogs read into memory (the service caps inline meshes near 10 MB). */
export const MAX_PICKED_FILE_BYTES = 64 * 1024 * 1024;
