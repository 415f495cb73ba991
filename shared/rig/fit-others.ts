/**
 * `others`: a skeleton grown from the shape's own curve skeleton. A root at the thickest point, and for
 * each extremity branch a chain of joints from where it meets the skeleton to its tip, one joint every
 * ~17% of the model size (1 to 6 per branch, the first past the join). Names: Root, Branch01_1.., Branch01_End.
 */
import type { Volume } from './volume';
import type { CurveSkeleton } from './curve-skeleton';
import type { FitResult, Vec3 } from './fit-common';
import { at, dist3, medialTipS } from './fit-common';
import { voxelCenter } from './grid';
import { pad } from './templates/serpentine';

export function fitOthers(vol: Volume, skel: CurveSkeleton): FitResult {
  const names = ['Root'];
  const roles = ['root'];
  const parents: number[] = [-1];
  const deform = [true];
  const pos: Vec3[] = [];
  const c = [0, 0, 0];
  voxelCenter(vol.grid, skel.centre, c);
  pos.push([c[0], c[1], c[2]]);
  const leafTips = new Map<number, Vec3>();
  const branchJoints: number[][] = [];
  skel.branches.forEach((b, i) => {
    const ids: number[] = [];
    // Joints spread from the join to the end of the limb's medial axis, not to its surface tip.
    const s0 = medialTipS(b.path);
    const len = Math.max(b.joinS - s0, 1e-6);
    const segs = Math.max(1, Math.min(6, Math.round(len / 0.17)));
    // Parent: the joint of the joined branch (or root) nearest to the join point.
    const joinPt = at(b.path, b.joinS);
    let parent = 0;
    if (b.joins >= 0) {
      let best = Infinity;
      for (const j of branchJoints[b.joins]) {
        const d = dist3(pos[j], joinPt);
        if (d < best) {
          best = d;
          parent = j;
        }
      }
      if (dist3(pos[0], joinPt) < best) parent = 0;
    }
    for (let k = 0; k < segs; k++) {
      const id = names.length;
      names.push(`Branch${pad(i + 1)}_${k + 1}`);
      roles.push(`branch_${i + 1}_${k + 1}`);
      parents.push(k === 0 ? parent : id - 1);
      deform.push(true);
      pos.push(at(b.path, s0 + len * (1 - (k + 1) / (segs + 1))));
      ids.push(id);
    }
    const end = names.length;
    names.push(`Branch${pad(i + 1)}_End`);
    roles.push(`branch_${i + 1}_end`);
    parents.push(end - 1);
    deform.push(false);
    pos.push(at(b.path, s0));
    branchJoints.push(ids);
  });
  const positions = new Float64Array(pos.length * 3);
  pos.forEach((p, i) => positions.set(p, i * 3));
  const warnings = skel.branches.length === 0 ? ['no extremities stand out from the shape; the rig is a single root bone'] : [];
  return { names, keys: names.slice(), parents: Int32Array.from(parents), roles, deform, positions, leafTips, warnings, facingDeg: null };
}
