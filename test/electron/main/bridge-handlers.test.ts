import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeHandlers, type NativeHost } from '../../../electron/main/bridge-handlers';

const dir = mkdtempSync(join(tmpdir(), 'rigdesk-bridge-'));
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/files/tok/model.glb') {
      res.writeHead(200, { 'content-type': 'model/gltf-binary' });
      res.end(Buffer.from('glTF-bytes'));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

function fakeNative(picks: string[] | null, savePath?: string) {
  const calls = { shown: [] as string[], opened: [] as string[], dialogs: [] as unknown[] };
  const native: NativeHost = {
    showOpenDialog: async (o) => {
      calls.dialogs.push(o);
      return picks ? { canceled: false, filePaths: picks } : { canceled: true, filePaths: [] };
    },
    showSaveDialog: async () => (savePath ? { canceled: false, filePath: savePath } : { canceled: true }),
    showItemInFolder: (p) => calls.shown.push(p),
    openExternal: async (u) => {
      calls.opened.push(u);
    },
  };
  return { native, calls };
}

describe('bridge handlers', () => {
  it('reads the files the user picked and allows revealing them', async () => {
    const a = join(dir, 'knight.glb');
    const b = join(dir, 'fox.fbx');
    writeFileSync(a, 'AAAA');
    writeFileSync(b, 'BBBBBB');
    const { native, calls } = fakeNative([a, b]);
    const h = createBridgeHandlers({ session: () => ({ baseUrl, studioKey: 'rk_live_x' }), native });
    const files = await h.openModelFiles({ multiple: true });
    expect(files!.map((f) => [f.name, f.bytes.byteLength])).toEqual([['knight.glb', 4], ['fox.fbx', 6]]);
    expect(calls.dialogs[0]).toMatchObject({ properties: ['openFile', 'multiSelections'] });
    await h.showInFolder(a);
    expect(calls.shown).toEqual([a]);
  });

  it('returns null when a dialog is cancelled', async () => {
    const h = createBridgeHandlers({ session: () => ({ baseUrl, studioKey: 'k' }), native: fakeNative(null).native });
    expect(await h.openModelFiles({ multiple: false })).toBeNull();
    expect(await h.openImageFile()).toBeNull();
    expect(await h.pickImportSource()).toBeNull();
  });

  it('refuses files above the cap with their size in the message', async () => {
    const big = join(dir, 'big.obj');
    writeFileSync(big, Buffer.alloc(3000));
    const h = createBridgeHandlers({
      session: () => ({ baseUrl, studioKey: 'k' }),
      native: fakeNative([big]).native,
      maxFileBytes: 1024,
    });
    await expect(h.openModelFiles({ multiple: false })).rejects.toThrow(/big\.obj is 0\.0 MB/);
  });

  it('refuses to reveal paths the user never picked', async () => {
    const h = createBridgeHandlers({ session: () => ({ baseUrl, studioKey: 'k' }), native: fakeNative(null).native });
    await expect(h.showInFolder('/etc/passwd')).rejects.toThrow(/limited to files/);
  });

  it('downloads service files into the chosen path', async () => {
    const target = join(dir, 'saved.glb');
    const h = createBridgeHandlers({ session: () => ({ baseUrl, studioKey: 'k' }), native: fakeNative(null, target).native });
    const saved = await h.saveUrlToFile({ url: `${baseUrl}/files/tok/model.glb`, suggestedName: '../../model.glb' });
    expect(saved).toEqual({ path: target, bytes: 10 });
    expect(readFileSync(target, 'utf8')).toBe('glTF-bytes');
    await expect(h.saveUrlToFile({ url: `${baseUrl}/files/tok/missing.glb`, suggestedName: 'x.glb' })).rejects.toThrow(/HTTP 404/);
  });

  it('refuses downloads from other origins', async () => {
    const h = createBridgeHandlers({ session: () => ({ baseUrl, studioKey: 'k' }), native: fakeNative(null, join(dir, 'x')).native });
    await expect(h.saveUrlToFile({ url: 'https://example.com/x.glb', suggestedName: 'x.glb' })).rejects.toThrow(/limited to the local service/);
  });

  it('opens only safe external URLs', async () => {
    const { native, calls } = fakeNative(null);
    const h = createBridgeHandlers({ session: () => ({ baseUrl, studioKey: 'k' }), native });
    await h.openExternal('https://godotengine.org/');
    await expect(h.openExternal('file:///etc/passwd')).rejects.toThrow(/refused/);
    expect(calls.opened).toEqual(['https://godotengine.org/']);
  });
});
