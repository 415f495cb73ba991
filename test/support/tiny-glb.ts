/** A one-triangle GLB built by hand, with hooks to corrupt its JSON or data (probe and route tests). */

export interface TinyGlbOptions {
  positions?: number[];
  indices?: number[];
  /** Changes the glTF JSON before it is written. */
  edit?: (json: any) => void;
  /** Extra bytes appended to the BIN chunk (declared in buffer 0). */
  padBin?: number;
}

export function tinyGlb(o: TinyGlbOptions = {}): Uint8Array {
  const positions = new Float32Array(o.positions ?? [0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const indices = new Uint16Array(o.indices ?? [0, 1, 2]);
  const posBytes = positions.byteLength;
  const idxBytes = indices.byteLength;
  const binLength = posBytes + ((idxBytes + 3) & ~3) + (o.padBin ?? 0);
  const bin = new Uint8Array(binLength);
  bin.set(new Uint8Array(positions.buffer), 0);
  bin.set(new Uint8Array(indices.buffer), posBytes);
  const json: any = {
    asset: { version: '2.0' },
    buffers: [{ byteLength: binLength }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: posBytes },
      { buffer: 0, byteOffset: posBytes, byteLength: idxBytes },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: positions.length / 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
      { bufferView: 1, componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    nodes: [{ mesh: 0 }],
    scenes: [{ nodes: [0] }],
    scene: 0,
  };
  o.edit?.(json);
  return glbContainer(json, bin);
}

export function glbContainer(json: unknown, bin: Uint8Array): Uint8Array {
  const raw = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = (raw.length + 3) & ~3;
  const total = 20 + jsonLength + 8 + bin.length;
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jsonLength, true);
  dv.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(raw, 20);
  dv.setUint32(20 + jsonLength, bin.length, true);
  dv.setUint32(24 + jsonLength, 0x004e4942, true);
  out.set(bin, 28 + jsonLength);
  return out;
}
