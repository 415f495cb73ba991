/**
 * Structural checks of glTF 2.0 (GLB container and JSON) before anything is decoded.
 *
 * Notes: glTF-Transform trusts the JSON: an accessor whose count runs past its bufferView makes
 * it throw a RangeError deep inside (or allocate the claimed size first), a cyclic node graph
 * makes scene traversal loop. So every index, offset and count is checked here against the real
 * byte lengths, in time linear in the JSON size, and the claimed triangle count is summed over
 * node instances so "one triangle instanced a billion times" is caught too.
 */
import { MeshFormatError } from './errors';
import { GLB_MAGIC } from './detect-format';
import { MAX_DECODED_BYTES, MAX_GLTF_JSON_BYTES } from './limits';
import { memorySource, type ByteSource } from './byte-source';

export interface GlbContainer {
  json: GltfJson;
  /** The BIN chunk, or null. */
  bin: Uint8Array | null;
}

/** The parts of the glTF JSON schema the checks and readers touch. */
export interface GltfJson {
  asset?: { version?: string; generator?: string };
  extensionsUsed?: string[];
  extensionsRequired?: string[];
  buffers?: { uri?: string; byteLength?: number }[];
  bufferViews?: { buffer?: number; byteOffset?: number; byteLength?: number; byteStride?: number }[];
  accessors?: {
    bufferView?: number;
    byteOffset?: number;
    componentType?: number;
    count?: number;
    type?: string;
    sparse?: { count?: number };
  }[];
  images?: { uri?: string; bufferView?: number; mimeType?: string }[];
  meshes?: { primitives?: { attributes?: Record<string, number>; indices?: number; mode?: number }[] }[];
  nodes?: { children?: number[]; mesh?: number; skin?: number }[];
  skins?: { joints?: number[]; inverseBindMatrices?: number }[];
  scenes?: { nodes?: number[] }[];
  scene?: number;
  [key: string]: unknown;
}

const P = 'read-gltf';
const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

/** Extensions a file may require and still be read (others are refused by name). */
export const SUPPORTED_REQUIRED_EXTENSIONS = new Set([
  'KHR_texture_transform',
  'KHR_mesh_quantization',
  'KHR_materials_unlit',
  'KHR_materials_emissive_strength',
  'KHR_texture_basisu',
  'EXT_texture_webp',
  'EXT_meshopt_compression',
]);

/** Where a GLB's BIN chunk lies in the file. */
export interface GlbBinChunk {
  offset: number;
  length: number;
}

export function parseGlbContainer(data: Uint8Array): GlbContainer {
  const { json, bin } = parseGlbSource(memorySource(data));
  return { json, bin: bin ? data.subarray(bin.offset, bin.offset + bin.length) : null };
}

/** The GLB header, JSON chunk and BIN chunk position, reading only the header and the JSON from `src`. */
export function parseGlbSource(src: ByteSource): { json: GltfJson; bin: GlbBinChunk | null } {
  if (src.size < 20) throw new MeshFormatError(`${P}: GLB of ${src.size} bytes is shorter than its 20-byte header`);
  const head = src.read(0, 20);
  const dv = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (dv.getUint32(0, true) !== GLB_MAGIC) throw new MeshFormatError(`${P}: missing GLB magic "glTF"`);
  const version = dv.getUint32(4, true);
  if (version !== 2) throw new MeshFormatError(`${P}: GLB container version ${version} (only glTF 2.0 is read)`);
  const total = dv.getUint32(8, true);
  if (total > src.size) throw new MeshFormatError(`${P}: GLB header claims ${total} bytes but the file has ${src.size} (truncated)`);
  if (total < 20) throw new MeshFormatError(`${P}: GLB header claims an impossible length of ${total} bytes`);
  const jsonLen = dv.getUint32(12, true);
  if (dv.getUint32(16, true) !== 0x4e4f534a) throw new MeshFormatError(`${P}: first GLB chunk is not JSON`);
  if (20 + jsonLen > total) throw new MeshFormatError(`${P}: JSON chunk of ${jsonLen} bytes runs past the end of the GLB (${total} bytes)`);
  checkJsonSize(jsonLen);
  let json: GltfJson;
  try {
    json = JSON.parse(new TextDecoder().decode(src.read(20, jsonLen))) as GltfJson;
  } catch (err) {
    throw new MeshFormatError(`${P}: JSON chunk does not parse (${(err as Error).message})`);
  }
  let bin: GlbBinChunk | null = null;
  const binAt = 20 + ((jsonLen + 3) & ~3);
  if (binAt + 8 <= total) {
    const chunk = src.read(binAt, 8);
    const cv = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const binLen = cv.getUint32(0, true);
    if (cv.getUint32(4, true) === 0x004e4942) {
      if (binAt + 8 + binLen > total) {
        throw new MeshFormatError(`${P}: BIN chunk of ${binLen} bytes runs past the end of the GLB (${total} bytes)`);
      }
      bin = { offset: binAt + 8, length: binLen };
    }
  }
  return { json, bin };
}

/** The JSON is parsed whole: beyond this size it would cost more memory than the probe may use. */
export function checkJsonSize(bytes: number): void {
  if (bytes > MAX_GLTF_JSON_BYTES) {
    throw new MeshFormatError(`${P}: glTF JSON of ${(bytes / 1024 / 1024).toFixed(0)} MB is above the ${MAX_GLTF_JSON_BYTES / 1024 / 1024} MB limit; keep buffers in a GLB BIN chunk instead of data URIs`);
  }
}

export function parseGltfJsonText(data: Uint8Array): GltfJson {
  try {
    const json = JSON.parse(new TextDecoder().decode(data)) as unknown;
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('top level is not an object');
    return json as GltfJson;
  } catch (err) {
    throw new MeshFormatError(`${P}: glTF JSON does not parse (${(err as Error).message})`);
  }
}

function isIndex(v: unknown, length: number): v is number {
  return Number.isInteger(v) && (v as number) >= 0 && (v as number) < length;
}

/** Bytes of a base64 data URI payload, or null for another URI. */
export function dataUriBytes(uri: string): number | null {
  if (!uri.startsWith('data:')) return null;
  const comma = uri.indexOf(',');
  if (comma < 0) return 0;
  const b64 = uri.length - comma - 1;
  return Math.floor((b64 * 3) / 4);
}

export interface GltfClaims {
  triangles: number;
  vertices: number;
}

/**
 * Checks the JSON against itself and the byte lengths it can know: `bin` for a GLB's buffer 0,
 * data URIs for embedded buffers. External buffers (`resolved` absent) are checked when given.
 */
export function checkGltfJson(json: GltfJson, bin: { length: number } | null, resolved?: Map<string, Uint8Array>): GltfClaims {
  if (!json || typeof json !== 'object') throw new MeshFormatError(`${P}: glTF JSON is not an object`);
  const version = json.asset?.version;
  if (typeof version !== 'string' || !version.startsWith('2.')) {
    throw new MeshFormatError(`${P}: asset.version is ${JSON.stringify(version)} (only glTF 2.0 is read)`);
  }
  for (const ext of json.extensionsRequired ?? []) {
    if (!SUPPORTED_REQUIRED_EXTENSIONS.has(ext)) {
      throw new MeshFormatError(`${P}: required extension ${ext} is not supported`);
    }
  }
  const arr = <T>(v: T[] | undefined, what: string): T[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v)) throw new MeshFormatError(`${P}: ${what} is not an array`);
    return v;
  };
  const buffers = arr(json.buffers, 'buffers');
  const views = arr(json.bufferViews, 'bufferViews');
  const accessors = arr(json.accessors, 'accessors');
  const meshes = arr(json.meshes, 'meshes');
  const nodes = arr(json.nodes, 'nodes');
  const skins = arr(json.skins, 'skins');
  const images = arr(json.images, 'images');

  // Real length of every buffer where it can be known now (NaN = external, unknown yet).
  let declaredTotal = 0;
  const bufferLen = buffers.map((b, i) => {
    const len = b?.byteLength;
    if (!Number.isInteger(len) || (len as number) < 0) throw new MeshFormatError(`${P}: buffer ${i} has no valid byteLength`);
    declaredTotal += len as number;
    if (declaredTotal > MAX_DECODED_BYTES) throw new MeshFormatError(`${P}: buffers declare more than ${MAX_DECODED_BYTES} bytes`);
    let real = Number.NaN;
    if (b.uri === undefined) {
      if (i !== 0 || !bin) throw new MeshFormatError(`${P}: buffer ${i} has no uri and no GLB BIN chunk`);
      real = bin.length;
    } else if (typeof b.uri === 'string') {
      const d = dataUriBytes(b.uri);
      if (d !== null) real = d;
      else if (resolved?.has(b.uri)) real = resolved.get(b.uri)!.length;
    }
    if (!Number.isNaN(real) && (len as number) > real) {
      throw new MeshFormatError(`${P}: buffer ${i} claims ${len} bytes but holds ${real}`);
    }
    return len as number;
  });
  views.forEach((v, i) => {
    if (!isIndex(v?.buffer, buffers.length)) throw new MeshFormatError(`${P}: bufferView ${i} points to a missing buffer`);
    const off = v.byteOffset ?? 0;
    const len = v.byteLength;
    if (!Number.isInteger(off) || off < 0 || !Number.isInteger(len) || (len as number) < 0 || off + (len as number) > bufferLen[v.buffer]) {
      throw new MeshFormatError(`${P}: bufferView ${i} (offset ${off}, length ${len}) lies outside buffer ${v.buffer} of ${bufferLen[v.buffer]} bytes`);
    }
    if (v.byteStride !== undefined && (!Number.isInteger(v.byteStride) || v.byteStride < 4 || v.byteStride > 252)) {
      throw new MeshFormatError(`${P}: bufferView ${i} has an invalid byteStride ${v.byteStride}`);
    }
  });
  accessors.forEach((a, i) => {
    const comp = COMPONENT_BYTES[a?.componentType as number];
    const n = TYPE_COMPONENTS[a?.type as string];
    if (!comp || !n) throw new MeshFormatError(`${P}: accessor ${i} has an invalid type/componentType`);
    const count = a.count;
    if (!Number.isInteger(count) || (count as number) < 0) throw new MeshFormatError(`${P}: accessor ${i} has an invalid count`);
    const elem = comp * n;
    if (a.bufferView !== undefined) {
      if (!isIndex(a.bufferView, views.length)) throw new MeshFormatError(`${P}: accessor ${i} points to a missing bufferView`);
      const view = views[a.bufferView];
      const stride = view.byteStride ?? elem;
      const off = a.byteOffset ?? 0;
      const need = (count as number) === 0 ? 0 : off + stride * ((count as number) - 1) + elem;
      if (!Number.isInteger(off) || off < 0 || need > (view.byteLength as number)) {
        throw new MeshFormatError(`${P}: accessor ${i} claims ${count} elements (${need} bytes) but its bufferView holds ${view.byteLength}`);
      }
    } else if ((count as number) * elem > MAX_DECODED_BYTES) {
      throw new MeshFormatError(`${P}: accessor ${i} claims ${count} elements with no data`);
    }
    const sparse = a.sparse?.count;
    if (sparse !== undefined && (!Number.isInteger(sparse) || sparse > (count as number))) {
      throw new MeshFormatError(`${P}: accessor ${i} has an invalid sparse count`);
    }
  });
  images.forEach((im, i) => {
    if (im?.bufferView !== undefined && !isIndex(im.bufferView, views.length)) {
      throw new MeshFormatError(`${P}: image ${i} points to a missing bufferView`);
    }
  });
  const meshTriangles = meshes.map((m, mi) => {
    let tris = 0;
    let verts = 0;
    for (const prim of arr(m?.primitives, `mesh ${mi} primitives`)) {
      const pos = prim?.attributes?.POSITION;
      for (const [name, acc] of Object.entries(prim?.attributes ?? {})) {
        if (!isIndex(acc, accessors.length)) throw new MeshFormatError(`${P}: mesh ${mi} attribute ${name} points to a missing accessor`);
      }
      if (pos === undefined) continue;
      const vcount = accessors[pos].count as number;
      verts += vcount;
      if (prim.indices !== undefined && !isIndex(prim.indices, accessors.length)) {
        throw new MeshFormatError(`${P}: mesh ${mi} indices point to a missing accessor`);
      }
      const icount = prim.indices !== undefined ? (accessors[prim.indices].count as number) : vcount;
      const mode = prim.mode ?? 4;
      if (mode === 4) tris += Math.floor(icount / 3);
      else if (mode === 5 || mode === 6) tris += Math.max(0, icount - 2);
    }
    return [tris, verts];
  });
  skins.forEach((s, i) => {
    for (const j of arr(s?.joints, `skin ${i} joints`)) {
      if (!isIndex(j, nodes.length)) throw new MeshFormatError(`${P}: skin ${i} lists a missing joint node ${j}`);
    }
    if (s.inverseBindMatrices !== undefined && !isIndex(s.inverseBindMatrices, accessors.length)) {
      throw new MeshFormatError(`${P}: skin ${i} inverseBindMatrices point to a missing accessor`);
    }
  });
  // Node graph: every node has at most one parent and the graph has no cycles.
  const parent = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((n, i) => {
    if (n?.mesh !== undefined && !isIndex(n.mesh, meshes.length)) throw new MeshFormatError(`${P}: node ${i} points to a missing mesh`);
    if (n?.skin !== undefined && !isIndex(n.skin, skins.length)) throw new MeshFormatError(`${P}: node ${i} points to a missing skin`);
    for (const c of arr(n?.children, `node ${i} children`)) {
      if (!isIndex(c, nodes.length) || c === i) throw new MeshFormatError(`${P}: node ${i} has an invalid child ${c}`);
      if (parent[c] !== -1) throw new MeshFormatError(`${P}: node ${c} has two parents (the node graph must be a tree)`);
      parent[c] = i;
    }
  });
  // Walk up from each node once: 1 = on the current path, 2 = known to reach a root. O(nodes).
  const state = new Uint8Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    let p = i;
    while (p !== -1 && state[p] === 0) {
      state[p] = 1;
      p = parent[p];
    }
    if (p !== -1 && state[p] === 1) throw new MeshFormatError(`${P}: node ${p} is part of a cycle`);
    for (let q = i; q !== -1 && state[q] === 1; q = parent[q]) state[q] = 2;
  }
  let triangles = 0;
  let vertices = 0;
  for (const n of nodes) {
    if (n?.mesh === undefined) continue;
    triangles += meshTriangles[n.mesh][0];
    vertices += meshTriangles[n.mesh][1];
  }
  for (const s of arr(json.scenes, 'scenes')) {
    for (const r of arr(s?.nodes, 'scene nodes')) {
      if (!isIndex(r, nodes.length)) throw new MeshFormatError(`${P}: scene lists a missing node ${r}`);
    }
  }
  return { triangles, vertices };
}
