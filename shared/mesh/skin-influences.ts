/**
 * Clean skin influences for writers: at most four per vertex, largest first, duplicates merged,
 * weights normalised in float32 so they sum to 1 as validators check, unused slots zero with
 * joint index 0 (glTF's rule for unused joints).
 */
const j8 = new Int32Array(4);
const w8 = new Float64Array(4);

export interface CleanInfluences {
  joints: Uint16Array;
  weights: Float32Array;
}

export function cleanInfluences(joints: Uint16Array, weights: Float32Array, jointCount: number, fallbackJoint = 0): CleanInfluences {
  const n = joints.length / 4;
  const outJ = new Uint16Array(n * 4);
  const outW = new Float32Array(n * 4);
  for (let v = 0; v < n; v++) {
    for (let k = 0; k < 4; k++) {
      const j = joints[v * 4 + k];
      const w = weights[v * 4 + k];
      j8[k] = j;
      w8[k] = j < jointCount && w > 0 && Number.isFinite(w) ? w : 0;
    }
    for (let a = 0; a < 4; a++) {
      for (let b = a + 1; b < 4; b++) {
        if (j8[a] === j8[b] && w8[b] > 0) {
          w8[a] += w8[b];
          w8[b] = 0;
        }
      }
    }
    // insertion sort by weight, descending
    for (let a = 1; a < 4; a++) {
      const jw = w8[a], jj = j8[a];
      let b = a - 1;
      while (b >= 0 && w8[b] < jw) {
        w8[b + 1] = w8[b];
        j8[b + 1] = j8[b];
        b--;
      }
      w8[b + 1] = jw;
      j8[b + 1] = jj;
    }
    const sum = w8[0] + w8[1] + w8[2] + w8[3];
    if (sum <= 0) {
      outJ[v * 4] = fallbackJoint;
      outW[v * 4] = 1;
      continue;
    }
    let acc = 0;
    let last = 0;
    for (let k = 0; k < 4; k++) {
      if (w8[k] <= 0) break;
      const w = Math.fround(w8[k] / sum);
      outJ[v * 4 + k] = j8[k];
      outW[v * 4 + k] = w;
      acc += w;
      last = k;
    }
    // put the float32 rounding remainder on the largest weight so the sum is 1 in float32
    outW[v * 4] = Math.fround(outW[v * 4] + (1 - acc));
    void last;
  }
  return { joints: outJ, weights: outW };
}
