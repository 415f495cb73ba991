/**
 * detectFormat: which 3D format a file is, from its content first and its name second.
 *
 * Notes:
 * - Binary STL has no magic (its 80-byte header is free text, often starting with "solid"), so it
 *   is recognised only when the name ends in `.stl` and the size matches 84 + 50 * facets, as the
 *   service spec says. ASCII STL is recognised by content (`solid` ... `facet`).
 * - VRM is a GLB/glTF whose JSON lists the `VRM` (0.x) or `VRMC_vrm` (1.0) extension; it is
 *   detected so it can be refused by name rather than read as a plain glTF.
 * - Only the first 64 KiB are scanned for text formats so detection stays O(1) in file size.
 */
export type MeshFormat = 'glb' | 'gltf' | 'fbx' | 'obj' | 'stl' | 'dae' | '3ds' | 'ply' | 'vrm';

export const MESH_FORMATS: readonly MeshFormat[] = ['glb', 'gltf', 'fbx', 'obj', 'stl', 'dae', '3ds', 'ply', 'vrm'];

/** Formats Rigdesk reads into a SceneModel (PLY and VRM are recognised and refused). */
export const READABLE_FORMATS: readonly MeshFormat[] = ['glb', 'gltf', 'fbx', 'obj', 'stl', 'dae', '3ds'];

const HEAD_BYTES = 64 * 1024;
export const GLB_MAGIC = 0x46546c67; // 'glTF'
export const FBX_BINARY_MAGIC = 'Kaydara FBX Binary';

export function extensionOf(filename: string | null): string {
  if (!filename) return '';
  const base = filename.split(/[\\/]/).pop() ?? '';
  const q = base.search(/[?#]/);
  const clean = q >= 0 ? base.slice(0, q) : base;
  const dot = clean.lastIndexOf('.');
  return dot >= 0 ? clean.slice(dot + 1).toLowerCase() : '';
}

/** The first bytes as latin1 text (never throws, whatever the bytes are). */
export function headText(data: Uint8Array, max = HEAD_BYTES): string {
  const n = Math.min(data.length, max);
  let s = '';
  for (let i = 0; i < n; i += 8192) {
    s += String.fromCharCode.apply(null, Array.from(data.subarray(i, Math.min(n, i + 8192))));
  }
  return s;
}

/** True when the GLB/glTF JSON lists a VRM extension. */
export function jsonIsVrm(json: unknown): boolean {
  if (!json || typeof json !== 'object') return false;
  const j = json as { extensionsUsed?: unknown; extensions?: Record<string, unknown> };
  const used = Array.isArray(j.extensionsUsed) ? j.extensionsUsed : [];
  const exts = j.extensions && typeof j.extensions === 'object' ? Object.keys(j.extensions) : [];
  return [...used, ...exts].some((e) => e === 'VRM' || e === 'VRMC_vrm');
}

/** The JSON chunk of a GLB as text, or null when the container is too broken to find it. */
export function glbJsonText(data: Uint8Array): string | null {
  if (data.length < 20) return null;
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const len = dv.getUint32(12, true);
  if (dv.getUint32(16, true) !== 0x4e4f534a || 20 + len > data.length) return null;
  return new TextDecoder().decode(data.subarray(20, 20 + len));
}

function glbOrVrm(data: Uint8Array): MeshFormat {
  const text = glbJsonText(data);
  // A cheap substring test first: JSON.parse only when a VRM name appears at all.
  if (text && (text.includes('"VRM"') || text.includes('"VRMC_vrm"'))) {
    try {
      if (jsonIsVrm(JSON.parse(text))) return 'vrm';
    } catch {
      /* a broken JSON chunk is the prober's business */
    }
  }
  return 'glb';
}

/** Binary STL: 80-byte header, uint32 facet count, 50 bytes per facet (some writers pad a little). */
export function binaryStlFacetCount(data: Uint8Array, size = data.length): number | null {
  if (size < 84 || data.length < 84) return null;
  const n = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(80, true);
  const expected = 84 + 50 * n;
  return expected <= size && size - expected < 50 ? n : null;
}

/**
 * The format of `data`, or null when it is none of the known formats. `data` may be the first
 * 64 KiB of a file of `size` bytes.
 *
 * @example
 *   detectFormat(readFileSync('teapot.stl'), 'teapot.stl') // 'stl'
 */
export function detectFormat(data: Uint8Array, filename: string | null, size = data.length): MeshFormat | null {
  const ext = extensionOf(filename);
  if (data.length >= 12) {
    const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (dv.getUint32(0, true) === GLB_MAGIC) return glbOrVrm(data);
    // 3DS: main chunk id 0x4D4D followed by a length no larger than the file.
    if (dv.getUint16(0, true) === 0x4d4d) {
      const len = dv.getUint32(2, true);
      if (len >= 6 && len <= size + 16 && (ext === '3ds' || dv.getUint16(6, true) === 0x0002)) return '3ds';
    }
  }
  const head = headText(data);
  if (head.startsWith(FBX_BINARY_MAGIC)) return 'fbx';
  const trimmed = head.replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (/^ply\r?\n/.test(trimmed)) return 'ply';
  if (ext === 'stl' && binaryStlFacetCount(data, size) !== null) return 'stl';
  if (/^solid\b/.test(trimmed) && /\bfacet\b/.test(trimmed)) return 'stl';
  if (trimmed.startsWith('{')) {
    if (/"asset"\s*:/.test(head) || ext === 'gltf' || ext === 'vrm') {
      if (head.includes('"VRM"') || head.includes('"VRMC_vrm"') || ext === 'vrm') return 'vrm';
      return 'gltf';
    }
  }
  if (/^; ?FBX \d/.test(trimmed) || /^\s*FBXHeaderExtension\s*:/m.test(trimmed)) return 'fbx';
  if (/^<\?xml/.test(trimmed) || trimmed.startsWith('<')) {
    if (/<COLLADA[\s>]/.test(head)) return 'dae';
  }
  if (/^v\s+[-+.\d]/m.test(head) && /^(f|o|g|vt|vn|mtllib|usemtl|s)\s/m.test(head)) return 'obj';
  // Fall back on the name for formats whose content was too short or unusual to recognise.
  switch (ext) {
    case 'glb':
    case 'gltf':
    case 'fbx':
    case 'obj':
    case 'stl': // a binary STL whose size contradicts its header: the prober says so
    case 'dae':
    case '3ds':
    case 'ply':
    case 'vrm':
      return ext;
    default:
      return null;
  }
}

export { probeModel } from './probe-model';
