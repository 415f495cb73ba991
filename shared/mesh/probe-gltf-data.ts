/**
 * Checks of glTF accessor data that the JSON alone cannot tell: positions that are NaN or infinite
 * and indices past their primitive's vertices. Such files decode, then break the rigger (a NaN
 * spreads through every bone fit, a stray index reads outside the arrays), so they are refused at
 * submission. Each accessor's range is read in windows from the file, never the whole buffer.
 */
import { MeshFormatError } from './errors';
import { memorySource, SCAN_CHUNK_BYTES, type ByteSource } from './byte-source';
import { checkGltfJson, checkJsonSize, parseGlbSource, parseGltfJsonText, type GltfJson } from './probe-gltf';
import { jsonIsVrm } from './detect-format';

const P = 'read-gltf';

export interface GltfProbeOptions {
  /** Refuse buffers kept in separate files (the API receives one file, so they can never be supplied). */
  embeddedBuffersOnly?: boolean;
}

type Accessor = NonNullable<GltfJson['accessors']>[number];
/** Where buffer `i` starts in a byte source, or null when its bytes are not at hand (external file). */
type BufferLocator = (buffer: number) => { src: ByteSource; offset: number } | null;

/** A GLB or .gltf read from `src`: structure, then accessor data. Returns the claimed triangles. */
export function probeGltfSource(src: ByteSource, format: 'glb' | 'gltf', options: GltfProbeOptions = {}): number {
  let json: GltfJson;
  let binOffset = -1;
  let binLength = 0;
  if (format === 'glb') {
    const glb = parseGlbSource(src);
    json = glb.json;
    if (glb.bin) ({ offset: binOffset, length: binLength } = glb.bin);
  } else {
    checkJsonSize(src.size);
    json = parseGltfJsonText(src.read(0, src.size));
  }
  if (jsonIsVrm(json)) throw new MeshFormatError(`probe: VRM files (glTF with the VRM extension) are recognised but not riggable; they already carry a humanoid rig`);
  const claims = checkGltfJson(json, binOffset >= 0 ? { length: binLength } : null);
  (json.buffers ?? []).forEach((b, i) => {
    if (options.embeddedBuffersOnly && typeof b.uri === 'string' && !b.uri.startsWith('data:')) {
      throw new MeshFormatError(`${P}: buffer ${i} is the separate file "${b.uri.slice(0, 100)}", which cannot be sent with the request; send a GLB (or a .gltf with data: URIs)`);
    }
  });
  const decoded = new Map<number, ByteSource>();
  checkGltfAccessorData(json, (i) => {
    const b = json.buffers![i];
    if (b.uri === undefined) return binOffset >= 0 ? { src, offset: binOffset } : null;
    if (!b.uri.startsWith('data:')) return null;
    if (!decoded.has(i)) decoded.set(i, memorySource(decodeDataUri(b.uri)));
    return { src: decoded.get(i)!, offset: 0 };
  });
  return claims.triangles;
}

function decodeDataUri(uri: string): Uint8Array {
  const comma = uri.indexOf(',');
  const meta = uri.slice(0, Math.max(0, comma));
  const body = uri.slice(comma + 1);
  return meta.endsWith(';base64') ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body), 'latin1');
}

/** Positions finite and indices in range, for every primitive (JSON already checked by checkGltfJson). */
export function checkGltfAccessorData(json: GltfJson, locate: BufferLocator): void {
  const accessors = json.accessors ?? [];
  const finiteChecked = new Set<number>();
  (json.meshes ?? []).forEach((m, mi) => {
    (m.primitives ?? []).forEach((prim, pi) => {
      const where = `mesh ${mi} primitive ${pi}`;
      const pos = prim.attributes?.POSITION;
      if (pos === undefined) return;
      const positions = accessors[pos];
      if (positions.componentType === 5126 && !finiteChecked.has(pos)) {
        finiteChecked.add(pos);
        const n = TYPE_COMPONENTS[positions.type as string] ?? 3;
        const bad = scanAccessor(json, positions, 4 * n, locate, (dv, at) => {
          for (let c = 0; c < n; c++) if (!Number.isFinite(dv.getFloat32(at + 4 * c, true))) return true;
          return false;
        });
        if (bad >= 0) throw new MeshFormatError(`${P}: ${where}: vertex ${bad} has a position that is not a finite number (NaN or infinity)`);
      }
      if (prim.indices === undefined) return;
      const indices = accessors[prim.indices];
      const vertexCount = positions.count as number;
      const get = INDEX_READERS[indices.componentType as number];
      if (!get || indices.type !== 'SCALAR') {
        throw new MeshFormatError(`${P}: ${where}: indices must be unsigned byte, short or int scalars, not ${indices.type} of componentType ${indices.componentType}`);
      }
      let value = 0;
      const bad = scanAccessor(json, indices, get.bytes, locate, (dv, at) => (value = get.read(dv, at)) >= vertexCount);
      if (bad >= 0) throw new MeshFormatError(`${P}: ${where}: index ${bad} is ${value}, out of range for its ${vertexCount} vertices`);
    });
  });
}

const TYPE_COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };
const INDEX_READERS: Record<number, { bytes: number; read: (dv: DataView, at: number) => number }> = {
  5121: { bytes: 1, read: (dv, at) => dv.getUint8(at) },
  5123: { bytes: 2, read: (dv, at) => dv.getUint16(at, true) },
  5125: { bytes: 4, read: (dv, at) => dv.getUint32(at, true) },
};

/** The first element for which `test` is true, or -1; sparse and data-less accessors are skipped. */
function scanAccessor(json: GltfJson, a: Accessor, elemBytes: number, locate: BufferLocator, test: (dv: DataView, at: number) => boolean): number {
  if (a.bufferView === undefined || a.sparse !== undefined) return -1;
  const view = json.bufferViews![a.bufferView];
  const loc = locate(view.buffer as number);
  if (!loc) return -1;
  const count = a.count as number;
  const stride = view.byteStride ?? elemBytes;
  const base = loc.offset + (view.byteOffset ?? 0) + (a.byteOffset ?? 0);
  const perWindow = Math.max(1, Math.floor(SCAN_CHUNK_BYTES / stride));
  for (let k0 = 0; k0 < count; k0 += perWindow) {
    const n = Math.min(perWindow, count - k0);
    const bytes = loc.src.read(base + k0 * stride, (n - 1) * stride + elemBytes);
    if (bytes.length < (n - 1) * stride + elemBytes) throw new MeshFormatError(`${P}: accessor data at byte ${base + k0 * stride} runs past the end of the file`);
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let j = 0; j < n; j++) if (test(dv, j * stride)) return k0 + j;
  }
  return -1;
}
