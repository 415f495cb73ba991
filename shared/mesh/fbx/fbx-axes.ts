/**
 * The axes an FBX file states in its GlobalSettings (UpAxis, FrontAxis, CoordAxis, each with a sign),
 * as the rotation that takes them to Rigdesk's Y up.
 *
 * assimp's FBX-to-GLB conversion keeps the file's own axes. A Z-up file (3ds Max, Maya set to Z up,
 * Blender's exporter with "Z up") was read with its height along Z and rigged lying on its back.
 * The rows of the rotation are the file's coord, up and front vectors, so a Y-up file (Up +Y, Front +Z,
 * Coord +X, what every corpus FBX states) gets the identity and is left alone, and a file Blender
 * exports with Z up and -Y forward (Up +Z, Front +Y, Coord -X) reads exactly as its Y-up export does.
 */
import { fbxChild, readFbxBinary, type FbxNode } from './fbx-binary-reader';
import { FBX_BINARY_MAGIC } from '../detect-format';

type AxisKey = 'UpAxis' | 'UpAxisSign' | 'FrontAxis' | 'FrontAxisSign' | 'CoordAxis' | 'CoordAxisSign';
const KEYS: AxisKey[] = ['UpAxis', 'UpAxisSign', 'FrontAxis', 'FrontAxisSign', 'CoordAxis', 'CoordAxisSign'];

function startsWithBytes(data: Uint8Array, magic: string): boolean {
  if (data.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (data[i] !== magic.charCodeAt(i)) return false;
  return true;
}

function binarySettings(data: Uint8Array): Partial<Record<AxisKey, number>> {
  const doc = readFbxBinary(data, { decodeArrays: false });
  const settings = doc.nodes.find((n) => n.name === 'GlobalSettings');
  const props: FbxNode | undefined = settings && fbxChild(settings, 'Properties70');
  const out: Partial<Record<AxisKey, number>> = {};
  for (const p of props?.children ?? []) {
    const key = String(p.props[0]) as AxisKey;
    if (KEYS.includes(key) && typeof p.props[4] === 'number') out[key] = p.props[4];
  }
  return out;
}

function asciiSettings(data: Uint8Array): Partial<Record<AxisKey, number>> {
  // GlobalSettings sits near the start of an ASCII file; its Properties70 lines read
  // `P: "UpAxis", "int", "Integer", "",2`.
  const text = new TextDecoder('latin1').decode(data.subarray(0, Math.min(data.length, 1 << 20)));
  const out: Partial<Record<AxisKey, number>> = {};
  for (const key of KEYS) {
    const m = text.match(new RegExp(`P:\\s*"${key}"\\s*,\\s*"int"\\s*,\\s*"Integer"\\s*,\\s*"[^"]*"\\s*,\\s*(-?\\d+)`));
    if (m) out[key] = Number(m[1]);
  }
  return out;
}

/** The file's axis vector `axis` (0, 1, 2) with `sign`, or null when the values are not axes. */
function axisVector(axis: number | undefined, sign: number | undefined): [number, number, number] | null {
  if (axis !== 0 && axis !== 1 && axis !== 2) return null;
  const v: [number, number, number] = [0, 0, 0];
  v[axis] = sign === -1 ? -1 : 1;
  return v;
}

/**
 * The column-major 4x4 rotation from the file's axes to Y up, or null when the file is Y up already or
 * states no axes. Axes that are not a rotation (mirrored, or an axis twice) throw, naming them: the
 * caller reads such a file as it is and says so.
 */
export function fbxAxisChange(data: Uint8Array): number[] | null {
  const s = startsWithBytes(data, FBX_BINARY_MAGIC) ? binarySettings(data) : asciiSettings(data);
  const coord = axisVector(s.CoordAxis, s.CoordAxisSign);
  const up = axisVector(s.UpAxis, s.UpAxisSign);
  const front = axisVector(s.FrontAxis, s.FrontAxisSign);
  if (!coord || !up || !front) return null;
  const rows = [coord, up, front];
  const det =
    coord[0] * (up[1] * front[2] - up[2] * front[1]) -
    coord[1] * (up[0] * front[2] - up[2] * front[0]) +
    coord[2] * (up[0] * front[1] - up[1] * front[0]);
  if (det !== 1) {
    const name = (v: number[]): string => `${v.includes(-1) ? '-' : '+'}${'XYZ'[v.findIndex((x) => x !== 0)]}`;
    throw new Error(`its GlobalSettings state coord ${name(coord)}, up ${name(up)}, front ${name(front)}, which is not a rotation of Y up, Z front`);
  }
  if (rows.every((r, i) => r[i] === 1)) return null;
  const m = new Array<number>(16).fill(0);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[c * 4 + r] = rows[r][c];
  m[15] = 1;
  return m;
}
