import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BRIDGE_CHANNELS, BRIDGE_GLOBAL } from '../../../shared/api/desktop-bridge';
import { buildPreload } from '../../../electron/main/build-preload';

describe('preload bundle', () => {
  it('is one CommonJS file that requires only electron and exposes the bridge', async () => {
    const out = await buildPreload(join(mkdtempSync(join(tmpdir(), 'rigdesk-preload-')), 'index.cjs'));
    const code = readFileSync(out, 'utf8');
    const required: string[] = [];
    const exposed: Record<string, unknown> = {};
    const invoked: unknown[][] = [];
    const fakeElectron = {
      contextBridge: { exposeInMainWorld: (name: string, api: unknown) => (exposed[name] = api) },
      ipcRenderer: {
        invoke: async (...args: unknown[]) => invoked.push(args),
        on: () => {},
        removeListener: () => {},
      },
    };
    const module = { exports: {} };
    // The sandboxed preload environment: a limited require and a process with a platform.
    runInNewContext(code, {
      require: (id: string) => {
        required.push(id);
        if (id === 'electron') return fakeElectron;
        throw new Error(`sandboxed preload cannot require ${id}`);
      },
      module,
      exports: module.exports,
      process: { platform: 'linux' },
    });
    expect(required).toEqual(['electron']);
    const bridge = exposed[BRIDGE_GLOBAL] as Record<string, (...a: unknown[]) => unknown>;
    expect(bridge.isDesktop).toBe(true);
    await bridge.openModelFiles({ multiple: true });
    expect(invoked).toEqual([[BRIDGE_CHANNELS.openModelFiles, { multiple: true }]]);
  });
});
