/**
 * One pass of the Felzenszwalb-Huttenlocher exact distance transform: the 1-D squared distance
 * transform of the sampled function f[0..n) (lower envelope of parabolas), written to out.
 * Shared by the rigging engine's 3-D voxel transform and the generator's 2-D silhouette transform.
 * v (Int32, n) and z (Float64, n + 1) are caller-owned scratch, so the pass allocates nothing.
 */
const INF = 1e20;

export function squaredDistance1d(f: Float64Array, n: number, out: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = INF;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const dq = q - v[k];
    out[q] = dq * dq + f[v[k]];
  }
}
