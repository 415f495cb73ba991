/**
 * probeModel: a quick structural check run synchronously at submission time, so a bad file is
 * refused with 400 `unsupported_format` before a job exists.
 *
 * Notes: it never decodes geometry. Per format it checks magic, headers, chunk and record
 * lengths against the real byte counts, parses the glTF JSON, walks the FBX node tree without
 * inflating arrays, and scans text formats once in 1 MB windows (a 10 MB file takes a few ms).
 * It reads from a ByteSource, so a 200 MB download on disk is probed without being held whole
 * (the glTF JSON is the exception, capped at 64 MB). Where the headers tell the exact triangle count (glTF, STL), the face
 * limit is enforced here, so such a file is refused before it is charged; glTF positions must be
 * finite and indices in range (probe-gltf-data.ts).
 */
import { MeshFormatError, MeshLimitError } from './errors';
import { binaryStlFacetCount, detectFormat, extensionOf, type MeshFormat } from './detect-format';
import { probeGltfSource, type GltfProbeOptions } from './probe-gltf-data';
import { fbxChild, readFbxBinary, type FbxNode } from './fbx/fbx-binary-reader';
import { MAX_FILE_BYTES, MAX_TRIANGLES } from './limits';
import { memorySource, scanChunks, type ByteSource } from './byte-source';

export interface ProbeResult {
  format: MeshFormat;
  /** Triangles the headers claim (an upper estimate for polygon formats), when known cheaply. */
  claimedTriangles: number | null;
}

const P = 'probe';

export type ProbeOptions = GltfProbeOptions;

/** Formats whose headers give the exact triangle count, so the face limit can be applied now. */
const EXACT_COUNT_FORMATS: readonly MeshFormat[] = ['glb', 'gltf', 'stl'];
const HEAD_BYTES = 64 * 1024;

export function probeModel(input: Uint8Array | ByteSource, filename: string | null, options: ProbeOptions = {}): ProbeResult {
  const src = input instanceof Uint8Array ? memorySource(input) : input;
  if (src.size === 0) throw new MeshFormatError(`${P}: the file is empty`);
  if (src.size > MAX_FILE_BYTES) throw new MeshFormatError(`${P}: file of ${src.size} bytes is above the ${MAX_FILE_BYTES}-byte limit`);
  const format = detectFormat(src.read(0, HEAD_BYTES), filename, src.size);
  if (format === null) {
    const ext = extensionOf(filename);
    throw new MeshFormatError(`${P}: not a recognised 3D format${ext ? ` (name ends in .${ext})` : ''}; Rigdesk reads GLB, glTF, FBX, OBJ, STL, DAE and 3DS`);
  }
  if (format === 'ply') throw new MeshFormatError(`${P}: PLY files are recognised but not riggable; convert to GLB, FBX or OBJ`);
  if (format === 'vrm') throw new MeshFormatError(`${P}: VRM files (glTF with the VRM extension) are recognised but not riggable; they already carry a humanoid rig`);
  const claimedTriangles = probeFormat(format, src, options);
  if (claimedTriangles !== null && EXACT_COUNT_FORMATS.includes(format) && claimedTriangles > MAX_TRIANGLES) {
    throw new MeshLimitError(`${P}: the file holds ${claimedTriangles} triangles, above the face limit of ${MAX_TRIANGLES}; decimate it first`, 'triangles');
  }
  return { format, claimedTriangles };
}

function probeFormat(format: MeshFormat, src: ByteSource, options: ProbeOptions): number | null {
  switch (format) {
    case 'glb':
    case 'gltf':
      return requireMesh(probeGltfSource(src, format, options), 'glTF');
    case 'fbx':
      return probeFbx(src);
    case 'obj':
      return probeObj(src);
    case 'stl':
      return probeStl(src);
    case 'dae':
      return probeDae(src);
    case '3ds':
      return probe3ds(src);
    default:
      throw new MeshFormatError(`${P}: ${format} is not readable`);
  }
}

function requireMesh(triangles: number, what: string): number {
  if (triangles === 0) throw new MeshFormatError(`${P}: the ${what} file holds no triangle mesh`);
  return triangles;
}

function isText(src: ByteSource): boolean {
  return src.read(0, 4096).indexOf(0) < 0;
}

const latin1 = new TextDecoder('latin1');

function probeFbx(src: ByteSource): number {
  if (!isText(src)) {
    const doc = readFbxBinary(src, { decodeArrays: false });
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
  const head = new TextDecoder().decode(src.read(0, 4096));
  if (!/FBXHeaderExtension\s*:|^; ?FBX/m.test(head)) throw new MeshFormatError(`read-fbx: ASCII FBX without an FBXHeaderExtension`);
  let depth = 0;
  let inString = false;
  let geometry = false;
  scanChunks(src, (chunk, offset, fresh) => {
    for (let i = fresh; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === 0x22) inString = !inString;
      else if (c === 0x0a) inString = false;
      else if (!inString) {
        if (c === 0x7b) depth++;
        else if (c === 0x7d && --depth < 0) throw new MeshFormatError(`read-fbx: unbalanced '}' at byte ${offset + i}`);
      }
    }
    geometry ||= /\bGeometry\s*:/.test(latin1.decode(chunk));
  }, 64);
  if (depth !== 0) throw new MeshFormatError(`read-fbx: ASCII FBX ends inside ${depth} open block(s); truncated?`);
  if (!geometry) throw new MeshFormatError(`read-fbx: the FBX holds no mesh geometry`);
  return 0;
}

function arrayLength(node: FbxNode | undefined): number {
  const p = node?.props[0];
  return p && typeof p === 'object' && 'arrayType' in p ? p.length : 0;
}

/** Counts lines starting with `v ` and `f ` in one pass over the bytes. */
function probeObj(src: ByteSource): number {
  if (!isText(src)) throw new MeshFormatError(`read-obj: OBJ file contains binary data`);
  let v = 0;
  let f = 0;
  let lineStart = true;
  let pending = 0; // 'v' or 'f' at a line start, waiting for the blank that makes it a record
  scanChunks(src, (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (pending !== 0) {
        if (c === 0x20 || c === 0x09) pending === 0x76 ? v++ : f++;
        pending = 0;
      }
      if (lineStart && (c === 0x76 || c === 0x66)) pending = c;
      lineStart = c === 0x0a;
    }
  });
  if (v < 3) throw new MeshFormatError(`read-obj: OBJ has ${v} vertex lines ('v'), at least 3 are needed`);
  if (f < 1) throw new MeshFormatError(`read-obj: OBJ has no face lines ('f')`);
  return f;
}

function countToken(src: ByteSource, token: string): number {
  const t = Array.from(token, (c) => c.charCodeAt(0));
  let count = 0;
  // Windows overlap by the token length - 1, so a token across a boundary is counted exactly once.
  scanChunks(src, (data) => {
    for (let i = data.indexOf(t[0]); i >= 0 && i <= data.length - t.length; i = data.indexOf(t[0], i + 1)) {
      let k = 1;
      while (k < t.length && data[i + k] === t[k]) k++;
      if (k === t.length) count++;
    }
  }, t.length - 1);
  return count;
}

function probeStl(src: ByteSource): number {
  const headBytes = src.read(0, 1024);
  const head = new TextDecoder('latin1').decode(headBytes).trimStart();
  const ascii = /^solid\b/.test(head) && isText(src);
  if (!ascii) {
    const n = binaryStlFacetCount(headBytes, src.size);
    if (n === null) {
      const claimed = headBytes.length >= 84 ? new DataView(headBytes.buffer, headBytes.byteOffset).getUint32(80, true) : 0;
      throw new MeshFormatError(`read-stl: binary STL of ${src.size} bytes does not match 84 + 50 x ${claimed} facets (truncated or not an STL)`);
    }
    if (n === 0) throw new MeshFormatError(`read-stl: binary STL with no facets`);
    return n;
  }
  const facets = countToken(src, 'facet normal');
  const ends = countToken(src, 'endfacet');
  if (facets === 0) throw new MeshFormatError(`read-stl: ASCII STL with no facets`);
  if (ends !== facets) throw new MeshFormatError(`read-stl: ASCII STL has ${facets} 'facet' but ${ends} 'endfacet' (truncated?)`);
  return facets;
}

function probeDae(src: ByteSource): number | null {
  const head = new TextDecoder().decode(src.read(0, 65536));
  if (!/<COLLADA[\s>]/.test(head)) throw new MeshFormatError(`read-dae: no <COLLADA> root element`);
  const tail = new TextDecoder().decode(src.read(Math.max(0, src.size - 1024), 1024));
  if (!tail.includes('</COLLADA>')) throw new MeshFormatError(`read-dae: no closing </COLLADA> (truncated?)`);
  if (countToken(src, '<geometry') === 0) throw new MeshFormatError(`read-dae: the Collada file holds no geometry`);
  return null;
}

/** 3DS: chunk tree of (uint16 id, uint32 length); checks the top two levels and finds a mesh. */
function probe3ds(src: ByteSource): number | null {
  const header = (at: number) => {
    const b = src.read(at, 6);
    const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { id: dv.getUint16(0, true), len: dv.getUint32(2, true) };
  };
  if (src.size < 6 || header(0).id !== 0x4d4d) throw new MeshFormatError(`read-3ds: missing main chunk 0x4D4D`);
  const mainEnd = header(0).len;
  if (mainEnd > src.size || mainEnd < 6) throw new MeshFormatError(`read-3ds: main chunk claims ${mainEnd} bytes, the file has ${src.size}`);
  let meshes = 0;
  const walk = (start: number, end: number, depth: number): void => {
    let p = start;
    while (p + 6 <= end) {
      const { id, len } = header(p);
      if (len < 6 || p + len > end) throw new MeshFormatError(`read-3ds: chunk 0x${id.toString(16)} at byte ${p} claims ${len} bytes past its parent`);
      if (id === 0x4100) meshes++;
      if (depth < 3 && (id === 0x3d3d || id === 0x4000)) walk(p + 6 + (id === 0x4000 ? nameLength(src, p + 6, p + len) : 0), p + len, depth + 1);
      p += len;
    }
  };
  walk(6, mainEnd, 0);
  if (meshes === 0) throw new MeshFormatError(`read-3ds: the 3DS file holds no triangle mesh`);
  return null;
}

/** 3DS object names are short C strings; a name without a terminator in its chunk is corrupt. */
function nameLength(src: ByteSource, start: number, end: number): number {
  const z = src.read(start, Math.min(end - start, 4096)).indexOf(0);
  if (z < 0) throw new MeshFormatError(`read-3ds: object name without terminator at byte ${start}`);
  return z + 1;
}
