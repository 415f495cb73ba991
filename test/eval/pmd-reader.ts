/**
 * Reads a 0 A.D. PMD model (versions 1-4; the format is documented on the 0 A.D. wiki, "PMD File Format"):
 * triangles, and the bones' rest transforms with which bones carry weight. Used by `eval:rig-0ad` to measure
 * the rigger on skinned creatures by other artists that no rule was tuned on (Debian's `0ad-data`, which is
 * CC-BY-SA: read from the user's own install, never copied into the project). Written by hand: no npm
 * package reads PMD, and the format is a flat little-endian array of structs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where Debian's `0ad-data` keeps the game's assets. */
export const ZERO_AD_ZIP = '/usr/share/games/0ad/mods/public/public.zip';

/**
 * The folder of 0 A.D.'s skinned models (`*.dae.cached.pmd`): `dir` when given (already extracted), else
 * extracted from `zip` (default Debian's) into a fresh temporary folder with `unzip`. Throws, naming the
 * package, when there is neither.
 */
export function zeroAdSkeletalDir(dir?: string, zip = ZERO_AD_ZIP): string {
  if (dir) return existsSync(path.join(dir, 'art/meshes/skeletal')) ? path.join(dir, 'art/meshes/skeletal') : dir;
  return path.join(extractZeroAd(zip, ['art/meshes/skeletal/*.pmd'], 'pass --zip FILE or --dir DIR'), 'art/meshes/skeletal');
}

/** `patterns` of `zip` unpacked into a fresh temporary folder (returned); throws, naming the package, without it. */
function extractZeroAd(zip: string, patterns: string[], otherwise: string): string {
  if (!existsSync(zip)) throw new Error(`no 0 A.D. data at ${zip}: apt-get install 0ad-data, or ${otherwise}`);
  const out = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-0ad-'));
  execFileSync('unzip', ['-q', '-o', zip, ...patterns, '-d', out]);
  return out;
}

/**
 * 0 A.D.'s `art/meshes` folder with the human bodies and the head props (`skeletal/new`, `props/new`):
 * `dir` when given (its `art/meshes`, or itself), else extracted from `zip` as above.
 */
export function zeroAdMeshesDir(dir?: string, zip = ZERO_AD_ZIP): string {
  if (dir) return existsSync(path.join(dir, 'art/meshes')) ? path.join(dir, 'art/meshes') : dir;
  return path.join(extractZeroAd(zip, ['art/meshes/skeletal/new/*.pmd', 'art/meshes/props/new/*.pmd'], "pass the extracted data's folder"), 'art/meshes');
}

export interface PmdModel {
  positions: Float32Array;
  indices: Uint32Array;
  /** One part (rigMesh's input shape). */
  partOffsets: Uint32Array;
  /** Each bone's rest translation in model space (x, y, z per bone). */
  bonePositions: Float64Array;
  /** Each bone's rest rotation in model space (a unit quaternion x, y, z, w per bone). */
  boneRotations: Float64Array;
  /** Bones with a weight above zero on some vertex. */
  weighted: boolean[];
  /** Where props attach (version 3 on): a name, an offset in its bone's rest frame, the bone (0xff: the model's origin). */
  propPoints: { name: string; translation: number[]; rotation: number[]; bone: number }[];
}

export function readPmd(file: string): PmdModel {
  const buf = readFileSync(file);
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.toString('ascii', 0, 4) !== 'PSMD') throw new Error(`${file}: not a PMD file (no PSMD magic)`);
  const version = dv.getUint32(4, true);
  if (version < 1 || version > 4) throw new Error(`${file}: PMD version ${version} is not 1-4`);
  let o = 12;
  const u32 = (): number => { const v = dv.getUint32(o, true); o += 4; return v; };
  const nVerts = u32();
  const nUV = version >= 4 ? u32() : 1;
  const positions = new Float32Array(nVerts * 3);
  const blend: [number, number][][] = [];
  for (let i = 0; i < nVerts; i++) {
    for (let a = 0; a < 3; a++) positions[i * 3 + a] = dv.getFloat32(o + 4 * a, true);
    o += 24 + 8 * nUV; // position, normal, UV pairs
    const vb: [number, number][] = [];
    for (let k = 0; k < 4; k++) vb.push([dv.getUint8(o + k), dv.getFloat32(o + 4 + 4 * k, true)]);
    blend.push(vb);
    o += 20;
  }
  const nFaces = u32();
  const indices = new Uint32Array(nFaces * 3);
  for (let i = 0; i < nFaces * 3; i++, o += 2) indices[i] = dv.getUint16(o, true);
  const nBones = u32();
  const bonePositions = new Float64Array(nBones * 3), boneRotations = new Float64Array(nBones * 4);
  for (let b = 0; b < nBones; b++, o += 28) {
    for (let a = 0; a < 3; a++) bonePositions[b * 3 + a] = dv.getFloat32(o + 4 * a, true);
    for (let a = 0; a < 4; a++) boneRotations[b * 4 + a] = dv.getFloat32(o + 12 + 4 * a, true);
  }
  const weighted = new Array<boolean>(nBones).fill(false);
  for (const vb of blend) for (const [bone, w] of vb) if (bone !== 0xff && bone < nBones && w > 0) weighted[bone] = true;
  const propPoints: PmdModel['propPoints'] = [];
  if (version >= 3 && o + 4 <= buf.byteLength)
    for (let p = 0, n = u32(); p < n; p++) {
      const len = u32(), name = buf.toString('ascii', o, o + len);
      o += len;
      const f = (k: number): number[] => Array.from({ length: k }, (_, a) => dv.getFloat32(o + 4 * a, true));
      const translation = f(3);
      o += 12;
      const rotation = f(4);
      o += 16;
      propPoints.push({ name, translation, rotation, bone: dv.getUint8(o++) });
    }
  return { positions, indices, partOffsets: new Uint32Array([0, nVerts]), bonePositions, boneRotations, weighted, propPoints };
}

/** The weighted bones' indices and rest positions: the artist's joints a rig is measured against. */
export function weightedBones(m: PmdModel): { bone: number; position: number[] }[] {
  return m.weighted.flatMap((w, bone) => (w ? [{ bone, position: Array.from(m.bonePositions.subarray(bone * 3, bone * 3 + 3)) }] : []));
}
