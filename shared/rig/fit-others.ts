/**
 * `others`: a skeleton grown from the shape's own curve skeleton, for bodies no template describes (blobs,
 * props, odd creatures).
 *
 * - A trunk: the root on the ground under the thickest point, then joints up through the body to its top
 *   (Root, Trunk_1.., Trunk_End), one every ~17% of the model size (1 to 4). Artists root such a body at its
 *   base and run a chain up through it (Quaternius Slime: Root 0.007 H, Body 0.22 H, Neck 0.44 H, Head
 *   0.66 H, all on the vertical through the body's centre); the engines want the root on the ground.
 * - For each extremity branch longer than it is thick, a chain from where the limb leaves the body (limb-path.ts: the radius grows
 *   well past the limb's) to its tip, one joint every ~17% of the model size (1 to 6), hung from the nearest
 *   trunk joint; a branch that forks off another limb starts at the fork. The Slime's artist starts its arms
 *   at the dome's surface (Shoulder 0.53 H out, tip 0.75 H); spread from the centre, our first arm joints
 *   sat 0.19 H out inside the body. Names: Branch01_1.., Branch01_End.
 */
import type { Volume } from './volume';
import type { CurveSkeleton } from './curve-skeleton';
import type { FitResult, Vec3 } from './fit-common';
import { at, dist3, medialTipS } from './fit-common';
import { voxelCenter } from './grid';
import { centreRadius, limbEntryS, limbRootS } from './limb-path';
import { pad } from './templates/serpentine';

/** Joint spacing along trunk and limbs, as a share of the model size. */
const SPACING = 0.17;
/**
 * A limb chain has at least two joints: a limb bends (the Slime's stubby arms carry three, shoulder to hand,
 * over 0.2 H). One joint per limb left its arms a single straight bone.
 */
const MIN_LIMB_JOINTS = 3;
/**
 * A branch reaching less than 1.25 times its own radius (at its root) beyond the body is a lobe of the
 * body, not a limb: jointed limbs are several radii long (fingers 3-4, legs 6-10, the Slime's stubby arms
 * 2.0-2.35 with both engines), the corners of the Slime's dome rim, which the curve skeleton reaches as
 * extremities, 0.53-0.79; 1.25 lies halfway between (geometric mean). Their chains ran to the rim, where the
 * artist has no joint (0.5 H from the nearest).
 */
const BUMP_LENGTH = 1.25;

/** Bottom and top of the inside run of voxels straight up and down through voxel `v`. */
function verticalRun(vol: Volume, v: number): { bottom: number; top: number } {
  const g = vol.grid;
  const ix = v % g.nx;
  const iz = Math.floor(v / (g.nx * g.ny));
  const iy0 = Math.floor(v / g.nx) % g.ny;
  const idx = (iy: number): number => ix + g.nx * (iy + g.ny * iz);
  let lo = iy0, hi = iy0;
  while (lo > 0 && vol.inside[idx(lo - 1)]) lo--;
  while (hi < g.ny - 1 && vol.inside[idx(hi + 1)]) hi++;
  return { bottom: g.oy + lo * g.h, top: g.oy + (hi + 1) * g.h };
}

export function fitOthers(vol: Volume, skel: CurveSkeleton): FitResult {
  const names: string[] = [];
  const roles: string[] = [];
  const parents: number[] = [];
  const deform: boolean[] = [];
  const pos: Vec3[] = [];
  const add = (name: string, role: string, parent: number, p: Vec3, deforms = true): number => {
    names.push(name);
    roles.push(role);
    parents.push(parent);
    deform.push(deforms);
    pos.push(p);
    return names.length - 1;
  };
  const c = [0, 0, 0];
  voxelCenter(vol.grid, skel.centre, c);
  const run = verticalRun(vol, skel.centre);
  const trunkLen = run.top - run.bottom;
  const trunkSegs = Math.max(1, Math.min(4, Math.round(trunkLen / SPACING)));
  const trunk = [add('Root', 'root', -1, [c[0], run.bottom, c[2]])];
  for (let k = 1; k < trunkSegs; k++)
    trunk.push(add(`Trunk_${k}`, `trunk_${k}`, trunk[k - 1], [c[0], run.bottom + (trunkLen * k) / trunkSegs, c[2]]));
  add('Trunk_End', 'trunk_end', trunk[trunk.length - 1], [c[0], run.top, c[2]], false);

  const bodyRadius = centreRadius(vol, skel.centre);
  const branchJoints: number[][] = [];
  let limbs = 0;
  skel.branches.forEach((b) => {
    const ids: number[] = [];
    // Joints spread from the limb's root to the end of its medial axis, not to its surface tip.
    const s0 = medialTipS(b.path);
    const sRoot = b.joins >= 0 ? b.joinS : Math.min(b.joinS, limbEntryS(b.path, limbRootS(b.path, bodyRadius)));
    const len = Math.max(sRoot - s0, 1e-6);
    // A protrusion shorter than its own thickness is a lobe of the body, not a limb (BUMP_LENGTH).
    if (b.joins < 0 && len < BUMP_LENGTH * b.path.radiusAt(sRoot)) {
      branchJoints.push([]);
      return;
    }
    const limb = ++limbs;
    const segs = Math.max(MIN_LIMB_JOINTS, Math.min(6, Math.round(len / SPACING)));
    const rootPt = at(b.path, sRoot);
    const candidates = b.joins >= 0 ? [...branchJoints[b.joins], ...trunk] : trunk;
    let parent = trunk[0];
    let best = Infinity;
    for (const j of candidates) {
      const d = dist3(pos[j], rootPt);
      if (d < best) {
        best = d;
        parent = j;
      }
    }
    for (let k = 0; k < segs; k++)
      ids.push(add(`Branch${pad(limb)}_${k + 1}`, `branch_${limb}_${k + 1}`, k === 0 ? parent : ids[k - 1], at(b.path, s0 + len * (1 - k / segs))));
    add(`Branch${pad(limb)}_End`, `branch_${limb}_end`, ids[ids.length - 1], at(b.path, s0), false);
    branchJoints.push(ids);
  });
  const positions = new Float64Array(pos.length * 3);
  pos.forEach((p, i) => positions.set(p, i * 3));
  const warnings = skel.branches.length === 0 ? ['no extremities stand out from the shape; the rig is a trunk chain only'] : [];
  return { names, keys: names.slice(), parents: Int32Array.from(parents), roles, deform, positions, leafTips: new Map(), warnings, facingDeg: null };
}
