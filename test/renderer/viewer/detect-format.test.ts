import { describe, expect, it } from 'vitest';
import { detectPreviewFormat } from '../../../renderer/viewer/detect-format';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('detectPreviewFormat', () => {
  it('trusts magic bytes over the name', () => {
    expect(detectPreviewFormat(bytes('glTF\u0002\u0000'), 'model.fbx')).toBe('glb');
    expect(detectPreviewFormat(bytes('Kaydara FBX Binary  \u0000'), 'x.bin')).toBe('fbx');
  });
  it('uses the extension for text and magic-less formats', () => {
    expect(detectPreviewFormat(bytes('{"asset":{}}'), 'scene.gltf')).toBe('gltf');
    expect(detectPreviewFormat(bytes('v 0 0 0\n'), 'a.OBJ')).toBe('obj');
    expect(detectPreviewFormat(new Uint8Array(84), 'teapot.stl')).toBe('stl');
    expect(detectPreviewFormat(new Uint8Array(84), 'teapot.bin')).toBe('none');
    expect(detectPreviewFormat(bytes('PK\u0003\u0004'), 'pack.zip')).toBe('none');
  });
});
