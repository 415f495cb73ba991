/**
 * Weight bleeding: the share of all skin weight that sits on vertices far (Euclidean) from the bone
 * carrying it. A bone's region is its segment from the joint to its children (all of them) or the joint
 * alone for a leaf; a vertex farther than `far` x height from every such segment of the bone counts.
 * Measured the same way on the ground-truth rig, it tells how much "far" weight an artist's rig has.
 */
import { pointSegmentDistance } from '../../shared/rig/part-weights';

export interface BleedReport {
  /** Far weight over total weight (total = vertex count, weights being normalised). */
  share: number;
  /** The bones with the most far weight, as "name 1.2%" (share of total weight). */
  worst: string;
}

/** `jointPos`: 3 per joint; `parents` per joint; `names` for the report. */
export function farWeightShare(positions: Float32Array, joints: ArrayLike<number>, weights: ArrayLike<number>, influences: number, jointPos: ArrayLike<number>, parents: ArrayLike<number>, names: string[], height: number, far = 0.2): BleedReport {
  const nj = parents.length;
  const children: number[][] = Array.from({ length: nj }, () => []);
  for (let j = 0; j < nj; j++) if (parents[j] >= 0) children[parents[j]].push(j);
  const perBone = new Float64Array(nj);
  const nv = positions.length / 3;
  const limit = far * height;
  let total = 0;
  for (let v = 0; v < nv; v++) {
    const x = positions[v * 3], y = positions[v * 3 + 1], z = positions[v * 3 + 2];
    for (let k = 0; k < influences; k++) {
      const w = weights[v * influences + k];
      if (w <= 0) continue;
      total += w;
      const j = joints[v * influences + k];
      const a = [jointPos[j * 3], jointPos[j * 3 + 1], jointPos[j * 3 + 2]];
      let d = Math.hypot(x - a[0], y - a[1], z - a[2]);
      for (const c of children[j]) d = Math.min(d, pointSegmentDistance(x, y, z, a, [jointPos[c * 3], jointPos[c * 3 + 1], jointPos[c * 3 + 2]]));
      if (d > limit) perBone[j] += w;
    }
  }
  const sum = perBone.reduce((s, x) => s + x, 0);
  const worst = [...perBone.keys()].sort((a, b) => perBone[b] - perBone[a]).slice(0, 3).filter((j) => perBone[j] > 0)
    .map((j) => `${names[j]} ${((100 * perBone[j]) / total).toFixed(2)}%`).join(', ');
  return { share: total > 0 ? sum / total : 0, worst };
}
