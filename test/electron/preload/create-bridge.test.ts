import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BRIDGE_CHANNELS,
  MENU_COMMAND_CHANNEL,
  type BridgeCallName,
  type DesktopBridge,
  type MenuCommand,
} from '../../../shared/api/desktop-bridge';
import { createBridgeHandlers } from '../../../electron/main/bridge-handlers';
import { createDesktopBridge, type RendererIpc } from '../../../electron/preload/create-bridge';

type Listener = (event: unknown, ...args: unknown[]) => void;

/** An in-memory ipcRenderer/ipcMain pair routing invoke() to the real main-process handlers. */
function wire(handlers: Record<string, (...args: unknown[]) => Promise<unknown>>) {
  const listeners = new Map<string, Set<Listener>>();
  const invoked: string[] = [];
  const ipc: RendererIpc = {
    async invoke(channel, ...args) {
      invoked.push(channel);
      const name = (Object.keys(BRIDGE_CHANNELS) as BridgeCallName[]).find((k) => BRIDGE_CHANNELS[k] === channel);
      if (!name) throw new Error(`no handler for ${channel}`);
      // Structured clone, as Electron's IPC does: nothing but plain data crosses.
      return structuredClone(await handlers[name](...structuredClone(args)));
    },
    on(channel, l) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(l);
    },
    removeListener(channel, l) {
      listeners.get(channel)?.delete(l);
    },
  };
  const push = (channel: string, payload: unknown) => {
    for (const l of listeners.get(channel) ?? []) l({ sender: 'secret' }, payload);
  };
  return { ipc, push, invoked, listeners };
}

describe('preload bridge contract', () => {
  it('every bridge call has a channel, and main has a handler for every channel', () => {
    const handlers = createBridgeHandlers({
      session: () => ({ baseUrl: 'http://127.0.0.1:1', studioKey: 'k' }),
      native: {} as never,
    });
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(BRIDGE_CHANNELS).sort());
    const bridge = createDesktopBridge(wire({}).ipc, 'linux');
    const methods = Object.keys(bridge).filter((k) => typeof bridge[k as keyof DesktopBridge] === 'function');
    expect(methods.sort()).toEqual([...Object.keys(BRIDGE_CHANNELS), 'onMenuCommand'].sort());
    expect(new Set(Object.values(BRIDGE_CHANNELS)).size).toBe(Object.keys(BRIDGE_CHANNELS).length);
  });

  it('round-trips calls through the real handlers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rigdesk-preload-'));
    const file = join(dir, 'teapot.stl');
    writeFileSync(file, Buffer.from([1, 2, 3]));
    const shown: string[] = [];
    const handlers = createBridgeHandlers({
      session: () => ({ baseUrl: 'http://127.0.0.1:7878', studioKey: 'rk_live_studio' }),
      native: {
        showOpenDialog: async () => ({ canceled: false, filePaths: [file] }),
        showSaveDialog: async () => ({ canceled: true }),
        showItemInFolder: (p) => shown.push(p),
        openExternal: async () => {},
      },
    });
    const { ipc, invoked } = wire(handlers as never);
    const bridge = createDesktopBridge(ipc, 'linux');
    expect(bridge.isDesktop).toBe(true);
    expect(await bridge.getStudioSession()).toEqual({ baseUrl: 'http://127.0.0.1:7878', studioKey: 'rk_live_studio' });
    const [picked] = (await bridge.openModelFiles({ multiple: false }))!;
    expect(picked.name).toBe('teapot.stl');
    expect(picked.bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(picked.bytes)).toEqual([1, 2, 3]);
    await bridge.showInFolder(picked.path);
    expect(shown).toEqual([file]);
    expect(await bridge.saveUrlToFile({ url: 'http://127.0.0.1:7878/f/x.glb', suggestedName: 'x.glb' })).toBeNull();
    await expect(bridge.openExternal('javascript:alert(1)')).rejects.toThrow(/refused/);
    expect(invoked).toEqual([
      BRIDGE_CHANNELS.getStudioSession,
      BRIDGE_CHANNELS.openModelFiles,
      BRIDGE_CHANNELS.showInFolder,
      BRIDGE_CHANNELS.saveUrlToFile,
      BRIDGE_CHANNELS.openExternal,
    ]);
  });

  it('delivers menu commands without the IPC event and unsubscribes', () => {
    const { ipc, push, listeners } = wire({});
    const bridge = createDesktopBridge(ipc, 'darwin');
    const got: unknown[][] = [];
    const off = bridge.onMenuCommand((...args: unknown[]) => got.push(args));
    const cmd: MenuCommand = { kind: 'navigate', page: 'catalog' };
    push(MENU_COMMAND_CHANNEL, cmd);
    expect(got).toEqual([[cmd]]);
    off();
    expect(listeners.get(MENU_COMMAND_CHANNEL)!.size).toBe(0);
    push(MENU_COMMAND_CHANNEL, cmd);
    expect(got).toHaveLength(1);
  });
});
