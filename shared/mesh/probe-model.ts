/**
 * probeModel: a quick structural check run synchronously at submission time, so a bad file is
 * refused with 400 `unsupported_format` before a job exists.
 *
 * Notes: it never decodes geometry. Per format it checks magic, headers, chunk and record
 * lengths against the real byte counts, parses the glTF JSON, walks the FBX node tree without
 * inflating arrays, and scans text formats once byte by byte (a 10 MB file takes a few ms).
 * The face limit is not enforced here (a well-formed file above it fails during processing, as
 * the spec says); `claimedTriangles` lets the caller decide earlier if it wants.
 */
import { MeshFormatError } from './errors';
import { binaryStlFacetCount, detectFormat, extensionOf, type MeshFormat } from './detect-format';
import { checkGltfJson, parseGlbContainer, parseGltfJsonText } from './probe-gltf';
import { fbxChild, readFbxBinary, type FbxNode } from './fbx/fbx-binary-reader';
import { MAX_FILE_BYTES } from './limits';

export interface ProbeResult {
  format: MeshFormat;
  /** Triangles the headers claim (an upper estimate for polygon formats), when known cheaply. */
  claimedTriangles: number | null;
}

const P = 'probe';

export function probeModel(data: Uint8Array, filename: string | null): ProbeResult {
  if (data.length === 0) throw new MeshFormatError(`${P}: the file is empty`);
  if (data.length > MAX_FILE_BYTES) throw new MeshFormatError(`${P}: file of ${data.length} bytes is above the ${MAX_FILE_BYTES}-byte limit`);
  const format = detectFormat(data, filename);
  if (format === null) {
    const ext = extensionOf(filename);
    throw new MeshFormatError(`${P}: not a recognised 3D format${ext ? ` (name ends in .${ext})` : ''}; Rigdesk reads GLB, glTF, FBX, OBJ, STL, DAE and 3DS`);
  }
  if (format === 'ply') throw new MeshFormatError(`${P}: PLY files are recognised but not riggable; convert to GLB, FBX or OBJ`);
  if (format === 'vrm') throw new MeshFormatError(`${P}: VRM files (glTF with the VRM extension) are recognised but not riggable; they already carry a humanoid rig`);
  return { format, claimedTriangles: probeFormat(format, data) };
}

function probeFormat(format: MeshFormat, data: Uint8Array): number | null {
  switch (format) {
    case 'glb': {
      const { json, bin } = parseGlbContainer(data);
      return requireMesh(checkGltfJson(json, bin).triangles, 'glTF');
    }
    case 'gltf':
      return requireMesh(checkGltfJson(parseGltfJsonText(data), null).triangles, 'glTF');
    case 'fbx':
      return probeFbx(data);
    case 'obj':
      return probeObj(data);
    case 'stl':
      return probeStl(data);
    case 'dae':
      return probeDae(data);
    case '3ds':
      return probe3ds(data);
    default:
      throw new MeshFormatError(`${P}: ${format} is not readable`);
  }
}

function requireMesh(triangles: number, what: string): number {
  if (triangles === 0) throw new MeshFormatError(`${P}: the ${what} file holds no triangle mesh`);
  return triangles;
}

function isText(data: Uint8Array): boolean {
  return data.subarray(0, 4096).indexOf(0) < 0;
}

function probeFbx(data: Uint8Array): number {
  if (!isText(data)) {
    const doc = readFbxBinary(data, { decodeArrays: false });
    const objects = doc.nodes.find((n) => n.name === 'Objects');
    if (!objects) throw new MeshFormatError(`read-fbx: no Objects section`);
    let polyVerts = 0;
    let geometries = 0;
    for (const g of objects.children) {
      if (g.name !== 'Geometry') continue;
      const v = arrayLength(fbxChild(g, 'Vertices'));
      const pvi = arrayLength(fbxChild(g, 'PolygonVertexIndex'));
      if (v > 0 && pvi > 0) geometries++;
      polyVerts += pvi;
    }
    if (geometries === 0) throw new MeshFormatError(`read-fbx: the FBX holds no mesh geometry`);
    return polyVerts; // a polygon of k corners gives k-2 triangles, so this bounds the count
  }
  // ASCII FBX: the header and balanced braces (a cut-off file is the usual corruption).
  const head = new TextDecoder().decode(data.subarray(0, 4096));
  if (!/FBXHeaderExtension\s*:|^; ?FBX/m.test(head)) throw new MeshFormatError(`read-fbx: ASCII FBX without an FBXHeaderExtension`);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 0x22) inString = !inString;
    else if (c === 0x0a) inString = false;
    else if (!inString) {
      if (c === 0x7b) depth++;
      else if (c === 0x7d && --depth < 0) throw new MeshFormatError(`read-fbx: unbalanced '}' at byte ${i}`);
    }
  }
  if (depth !== 0) throw new MeshFormatError(`read-fbx: ASCII FBX ends inside ${depth} open block(s); truncated?`);
  if (!/\bGeometry\s*:/.test(new TextDecoder().decode(data))) throw new MeshFormatError(`read-fbx: the FBX holds no mesh geometry`);
  return 0;
}

function arrayLength(node: FbxNode | undefined): number {
  const p = node?.props[0];
  return p && typeof p === 'object' && 'arrayType' in p ? p.length : 0;
}

/** Counts lines starting with `v ` and `f ` in one pass over the bytes. */
function probeObj(data: Uint8Array): number {
  if (!isText(data)) throw new MeshFormatError(`read-obj: OBJ file contains binary data`);
  let v = 0;
  let f = 0;
  let lineStart = true;
  for (let i = 0; i < data.length - 1; i++) {
    const c = data[i];
    if (lineStart) {
      const n = data[i + 1];
      if (c === 0x76 && (n === 0x20 || n === 0x09)) v++;
      else if (c === 0x66 && (n === 0x20 || n === 0x09)) f++;
    }
    lineStart = c === 0x0a;
  }
  if (v < 3) throw new MeshFormatError(`read-obj: OBJ has ${v} vertex lines ('v'), at least 3 are needed`);
  if (f < 1) throw new MeshFormatError(`read-obj: OBJ has no face lines ('f')`);
  return f;
}

function countToken(data: Uint8Array, token: string): number {
  const t = Array.from(token, (c) => c.charCodeAt(0));
  let count = 0;
  for (let i = data.indexOf(t[0]); i >= 0 && i <= data.length - t.length; i = data.indexOf(t[0], i + 1)) {
    let k = 1;
    while (k < t.length && data[i + k] === t[k]) k++;
    if (k === t.length) count++;
  }
  return count;
}

function probeStl(data: Uint8Array): number {
  const head = new TextDecoder('latin1').decode(data.subarray(0, 1024)).trimStart();
  const ascii = /^solid\b/.test(head) && isText(data);
  if (!ascii) {
    const n = binaryStlFacetCount(data);
    if (n === null) {
      const claimed = data.length >= 84 ? new DataView(data.buffer, data.byteOffset).getUint32(80, true) : 0;
      throw new MeshFormatError(`read-stl: binary STL of ${data.length} bytes does not match 84 + 50 x ${claimed} facets (truncated or not an STL)`);
    }
    if (n === 0) throw new MeshFormatError(`read-stl: binary STL with no facets`);
    return n;
  }
  const facets = countToken(data, 'facet normal');
  const ends = countToken(data, 'endfacet');
  if (facets === 0) throw new MeshFormatError(`read-stl: ASCII STL with no facets`);
  if (ends !== facets) throw new MeshFormatError(`read-stl: ASCII STL has ${facets} 'facet' but ${ends} 'endfacet' (truncated?)`);
  return facets;
}

function probeDae(data: Uint8Array): number | null {
  const head = new TextDecoder().decode(data.subarray(0, 65536));
  if (!/<COLLADA[\s>]/.test(head)) throw new MeshFormatError(`read-dae: no <COLLADA> root element`);
  const tail = new TextDecoder().decode(data.subarray(Math.max(0, data.length - 1024)));
  if (!tail.includes('</COLLADA>')) throw new MeshFormatError(`read-dae: no closing </COLLADA> (truncated?)`);
  if (countToken(data, '<geometry') === 0) throw new MeshFormatError(`read-dae: the Collada file holds no geometry`);
  return null;
}

/** 3DS: chunk tree of (uint16 id, uint32 length); checks the top two levels and finds a mesh. */
function probe3ds(data: Uint8Array): number | null {
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length < 6 || dv.getUint16(0, true) !== 0x4d4d) throw new MeshFormatError(`read-3ds: missing main chunk 0x4D4D`);
  const mainEnd = dv.getUint32(2, true);
  if (mainEnd > data.length || mainEnd < 6) throw new MeshFormatError(`read-3ds: main chunk claims ${mainEnd} bytes, the file has ${data.length}`);
  let meshes = 0;
  const walk = (start: number, end: number, depth: number): void => {
    let p = start;
    while (p + 6 <= end) {
      const id = dv.getUint16(p, true);
      const len = dv.getUint32(p + 2, true);
      if (len < 6 || p + len > end) throw new MeshFormatError(`read-3ds: chunk 0x${id.toString(16)} at byte ${p} claims ${len} bytes past its parent`);
      if (id === 0x4100) meshes++;
      if (depth < 3 && (id === 0x3d3d || id === 0x4000)) walk(p + 6 + (id === 0x4000 ? nameLength(data, p + 6, p + len) : 0), p + len, depth + 1);
      p += len;
    }
  };
  walk(6, mainEnd, 0);
  if (meshes === 0) throw new MeshFormatError(`read-3ds: the 3DS file holds no triangle mesh`);
  return null;
}

function nameLength(data: Uint8Array, start: number, end: number): number {
  const z = data.subarray(start, end).indexOf(0);
  if (z < 0) throw new MeshFormatError(`read-3ds: object name without terminator at byte ${start}`);
  return z + 1;
}
