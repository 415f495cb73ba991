/**
 * One glTF primitive as a MeshPart in model space: attributes decoded (normalised and quantised
 * ones too), strips and fans turned into triangle lists, node transforms applied, skin influences
 * remapped to the scene skeleton and reduced to the four largest, normalised.
 *
 * Notes: a skinned primitive's own node transform is ignored (glTF spec); its rest-pose position
 * is sum_k w_k * (jointWorld_k * inverseBind_k) * v, which is just v when the file's bind pose
 * equals its node rest pose (the common case, detected so we do not add float noise).
 */
import type { Accessor, Primitive } from '@gltf-transform/core';
import { MeshFormatError } from './errors';
import { determinant3, type Mat4 } from './mat4';
import type { MeshPart } from './model';

export type PartTransform =
  | { kind: 'static'; matrix: Mat4; rigidJoint: number }
  | { kind: 'skinned'; jointMap: Int32Array; bindFix: Float64Array | null };

const P = 'read-gltf';
const el = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const blend = new Float64Array(16);
const infJ = new Int32Array(8);
const infW = new Float64Array(8);

/** Accessor as float32 with `comps` components per element (padding or dropping extras). */
export function readFloats(acc: Accessor, comps: number, pad = 1): Float32Array {
  const n = acc.getCount();
  const have = acc.getElementSize();
  const raw = acc.getArray();
  if (raw instanceof Float32Array && have === comps && !acc.getNormalized() && raw.length === n * comps) return raw.slice();
  const out = new Float32Array(n * comps);
  for (let i = 0; i < n; i++) {
    acc.getElement(i, el);
    for (let c = 0; c < comps; c++) out[i * comps + c] = c < have ? el[c] : pad;
  }
  return out;
}

function readIndices(prim: Primitive, vertexCount: number, name: string): Uint32Array {
  const acc = prim.getIndices();
  let src: Uint32Array;
  if (acc) {
    const raw = acc.getArray();
    if (!raw) throw new MeshFormatError(`${P}: primitive of "${name}" has indices without data`);
    src = raw instanceof Uint32Array ? raw.slice() : Uint32Array.from(raw as ArrayLike<number>);
  } else {
    src = new Uint32Array(vertexCount);
    for (let i = 0; i < vertexCount; i++) src[i] = i;
  }
  for (let i = 0; i < src.length; i++) {
    if (src[i] >= vertexCount) throw new MeshFormatError(`${P}: "${name}" has index ${src[i]} but only ${vertexCount} vertices`);
  }
  const mode = prim.getMode();
  if (mode === 4) return src.length % 3 === 0 ? src : src.subarray(0, src.length - (src.length % 3)).slice();
  const tris = Math.max(0, src.length - 2);
  const out = new Uint32Array(tris * 3);
  for (let i = 0; i < tris; i++) {
    if (mode === 5) {
      const even = i % 2 === 0;
      out[i * 3] = src[i];
      out[i * 3 + 1] = even ? src[i + 1] : src[i + 2];
      out[i * 3 + 2] = even ? src[i + 2] : src[i + 1];
    } else {
      out[i * 3] = src[0];
      out[i * 3 + 1] = src[i + 1];
      out[i * 3 + 2] = src[i + 2];
    }
  }
  return out;
}

/** Up to 8 influences in the scratch arrays -> 4 largest, normalised, into joints/weights at v. */
function packInfluences(count: number, joints: Uint16Array, weights: Float32Array, v: number, fallback: number): boolean {
  // merge duplicates of one joint
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      if (infJ[a] === infJ[b] && infW[b] > 0) {
        infW[a] += infW[b];
        infW[b] = 0;
      }
    }
  }
  let sum = 0;
  for (let k = 0; k < 4; k++) {
    let best = -1;
    for (let c = 0; c < count; c++) if (infW[c] > 0 && (best < 0 || infW[c] > infW[best])) best = c;
    if (best < 0) {
      joints[v * 4 + k] = 0;
      weights[v * 4 + k] = 0;
    } else {
      joints[v * 4 + k] = infJ[best];
      weights[v * 4 + k] = infW[best];
      sum += infW[best];
      infW[best] = 0;
    }
  }
  if (sum <= 0) {
    joints[v * 4] = fallback;
    weights[v * 4] = 1;
    return false;
  }
  for (let k = 0; k < 4; k++) weights[v * 4 + k] /= sum;
  return true;
}

function transformPoints(arr: Float32Array, m: ArrayLike<number>, isNormal: boolean): void {
  for (let i = 0; i < arr.length; i += 3) {
    const x = arr[i], y = arr[i + 1], z = arr[i + 2];
    let ox = m[0] * x + m[4] * y + m[8] * z;
    let oy = m[1] * x + m[5] * y + m[9] * z;
    let oz = m[2] * x + m[6] * y + m[10] * z;
    if (isNormal) {
      const l = Math.hypot(ox, oy, oz) || 1;
      ox /= l; oy /= l; oz /= l;
    } else {
      ox += m[12]; oy += m[13]; oz += m[14];
    }
    arr[i] = ox; arr[i + 1] = oy; arr[i + 2] = oz;
  }
}

/** Inverse-transpose of the upper 3x3, in a mat4 layout, for normals. */
function normalMatrix(m: ArrayLike<number>, out: Float64Array): Float64Array {
  const a = m[0], b = m[1], c = m[2], d = m[4], e = m[5], f = m[6], g = m[8], h = m[9], i = m[10];
  const A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g;
  const D = -(b * i - c * h), E = a * i - c * g, F = -(a * h - b * g);
  const G = b * f - c * e, H = -(a * f - c * d), I = a * e - b * d;
  const det = a * A + b * B + c * C || 1;
  out.fill(0);
  // inverse = adj^T / det, transpose of that = adj / det laid out column-major
  out[0] = A / det; out[1] = D / det; out[2] = G / det;
  out[4] = B / det; out[5] = E / det; out[6] = H / det;
  out[8] = C / det; out[9] = F / det; out[10] = I / det;
  out[15] = 1;
  return out;
}
const nm = new Float64Array(16);

export function readPrimitive(prim: Primitive, name: string, xf: PartTransform, texCoord: number, material: number | null, warnings: string[]): MeshPart | null {
  const mode = prim.getMode();
  if (mode !== 4 && mode !== 5 && mode !== 6) {
    warnings.push(`"${name}" is drawn as points or lines (mode ${mode}) and was skipped`);
    return null;
  }
  const posAcc = prim.getAttribute('POSITION');
  if (!posAcc) return null;
  const positions = readFloats(posAcc, 3);
  const n = positions.length / 3;
  const nAcc = prim.getAttribute('NORMAL');
  const normals = nAcc && nAcc.getCount() === n ? readFloats(nAcc, 3) : null;
  const uvAcc = prim.getAttribute(`TEXCOORD_${texCoord}`) ?? prim.getAttribute('TEXCOORD_0');
  const uvs = uvAcc && uvAcc.getCount() === n ? readFloats(uvAcc, 2) : null;
  const cAcc = prim.getAttribute('COLOR_0');
  const colors = cAcc && cAcc.getCount() === n ? readFloats(cAcc, 4, 1) : null;
  const indices = readIndices(prim, n, name);

  let skinJoints: Uint16Array | null = null;
  let skinWeights: Float32Array | null = null;
  if (xf.kind === 'skinned') {
    const sets: [Accessor, Accessor][] = [];
    for (let s = 0; s < 2; s++) {
      const j = prim.getAttribute(`JOINTS_${s}`);
      const w = prim.getAttribute(`WEIGHTS_${s}`);
      if (j && w && j.getCount() === n && w.getCount() === n) sets.push([j, w]);
    }
    if (sets.length === 0) throw new MeshFormatError(`${P}: skinned "${name}" has no JOINTS_0/WEIGHTS_0`);
    skinJoints = new Uint16Array(n * 4);
    skinWeights = new Float32Array(n * 4);
    const fallback = Math.max(0, xf.jointMap[0]);
    let unweighted = 0;
    for (let v = 0; v < n; v++) {
      let count = 0;
      for (const [ja, wa] of sets) {
        ja.getElement(v, el);
        for (let k = 0; k < 4; k++) infJ[count + k] = el[k];
        wa.getElement(v, el);
        for (let k = 0; k < 4; k++) {
          const local = infJ[count + k];
          const mapped = local < xf.jointMap.length ? xf.jointMap[local] : -1;
          infJ[count + k] = mapped;
          infW[count + k] = mapped >= 0 && el[k] > 0 ? el[k] : 0;
        }
        count += 4;
      }
      if (!packInfluences(count, skinJoints, skinWeights, v, fallback)) unweighted++;
    }
    if (unweighted > 0) warnings.push(`"${name}": ${unweighted} vertices had no skin weight and were bound to the first joint`);
    if (xf.bindFix) skinToRest(positions, normals, skinJoints, skinWeights, xf.bindFix);
  } else {
    transformPoints(positions, xf.matrix, false);
    if (normals) transformPoints(normals, normalMatrix(xf.matrix, nm), true);
    if (determinant3(xf.matrix) < 0) {
      for (let t = 0; t < indices.length; t += 3) {
        const tmp = indices[t + 1];
        indices[t + 1] = indices[t + 2];
        indices[t + 2] = tmp;
      }
    }
    if (xf.rigidJoint >= 0) {
      skinJoints = new Uint16Array(n * 4);
      skinWeights = new Float32Array(n * 4);
      for (let v = 0; v < n; v++) {
        skinJoints[v * 4] = xf.rigidJoint;
        skinWeights[v * 4] = 1;
      }
    }
  }
  return { name, positions, normals, uvs, colors, indices, material, skinJoints, skinWeights };
}

/** Poses bind-space vertices into the skeleton's rest pose; bindFix holds 16 floats per scene joint. */
function skinToRest(positions: Float32Array, normals: Float32Array | null, joints: Uint16Array, weights: Float32Array, bindFix: Float64Array): void {
  const n = positions.length / 3;
  for (let v = 0; v < n; v++) {
    blend.fill(0);
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k];
      if (w === 0) continue;
      const o = joints[v * 4 + k] * 16;
      for (let c = 0; c < 16; c++) blend[c] += w * bindFix[o + c];
    }
    const x = positions[v * 3], y = positions[v * 3 + 1], z = positions[v * 3 + 2];
    positions[v * 3] = blend[0] * x + blend[4] * y + blend[8] * z + blend[12];
    positions[v * 3 + 1] = blend[1] * x + blend[5] * y + blend[9] * z + blend[13];
    positions[v * 3 + 2] = blend[2] * x + blend[6] * y + blend[10] * z + blend[14];
    if (normals) {
      const a = normals[v * 3], b = normals[v * 3 + 1], c = normals[v * 3 + 2];
      const nx = blend[0] * a + blend[4] * b + blend[8] * c;
      const ny = blend[1] * a + blend[5] * b + blend[9] * c;
      const nz = blend[2] * a + blend[6] * b + blend[10] * c;
      const l = Math.hypot(nx, ny, nz) || 1;
      normals[v * 3] = nx / l;
      normals[v * 3 + 1] = ny / l;
      normals[v * 3 + 2] = nz / l;
    }
  }
}
