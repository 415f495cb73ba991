/** World rest matrices of a Skeleton and their inverses (the inverse bind matrices writers need). */
import { REST_STRIDE, type Skeleton } from '../rig/skeleton';
import { compose, invert, mat4, multiply } from './mat4';

/** 16 floats per joint: world rest matrix, parents before children. */
export function worldRestMatrices(sk: Skeleton): Float64Array {
  const n = sk.names.length;
  const out = new Float64Array(n * 16);
  const local = mat4();
  const r = sk.restLocal;
  for (let j = 0; j < n; j++) {
    const o = j * REST_STRIDE;
    compose(local, r.subarray(o, o + 3), r.subarray(o + 3, o + 7), r.subarray(o + 7, o + 10));
    const p = sk.parents[j];
    if (p >= 0) {
      if (p >= j) throw new Error(`skeleton: joint ${sk.names[j]} comes before its parent`);
      const w = mat4();
      multiply(w, out.subarray(p * 16, p * 16 + 16), local);
      out.set(w, j * 16);
    } else out.set(local, j * 16);
  }
  return out;
}

export function inverseBindMatrices(sk: Skeleton): Float32Array {
  const world = worldRestMatrices(sk);
  const out = new Float32Array(world.length);
  const inv = mat4();
  for (let j = 0; j < sk.names.length; j++) {
    invert(inv, world.subarray(j * 16, j * 16 + 16));
    out.set(inv, j * 16);
  }
  return out;
}
