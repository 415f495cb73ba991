/**
 * Foot planting after retargeting: for each leg and frame with an IK weight (every frame, or the source's
 * planted frames eased at the ends), two-bone IK puts the target foot on its goal, the source foot's
 * path scaled by the leg-length ratio. Rotation copying alone makes feet slide whenever the two skeletons' thigh/shin
 * proportions differ (the same hip and knee angles put the ankle elsewhere); IK removes that.
 * The knee bends in the plane the clip gives it; when the clip's knee is nearly straight, in the plane of
 * the clip's most bent frame (or forward, +Z, when the leg never bends).
 * Notes: rejected pinning feet at a fixed point per contact (in-place clips move planted feet backwards
 * with the treadmill, so the scaled source path is the right goal for both kinds; it is constant when
 * the source foot is planted in place); rejected full-body IK (hips left alone: their motion is the
 * scaled source motion already, and moving them would change the clip's silhouette).
 */
import type { Skeleton } from '../rig/skeleton';
import type { BakedMotion } from './baked-motion';
import { bakedPose, makeContinuous } from './baked-motion';
import { forwardKinematics, newWorldPose, restPose, restWorld } from './pose';
import { qInvMul, qRotate } from './quat';
import { solveTwoBone } from './two-bone-ik';

export interface LegChain {
  upper: number;
  lower: number;
  foot: number;
}

export interface PlantInput {
  legs: LegChain[];
  /** Per leg: frames * 3 world goal of the foot joint. */
  goals: Float64Array[];
  /** Per leg: goals to move towards where `goals` are out of the leg's reach (frames * 3). */
  fallback?: Float64Array[];
  /** Per leg: frames of IK weight in [0, 1]. */
  weights: Float32Array[];
}

const cw = new Float64Array(4), goal = new Float64Array(3), pole = new Float64Array(3), hint = new Float64Array(3), perp = new Float64Array(3);

/** Edits `motion` in place (upper, lower and foot rotations of each leg). Returns the largest miss (m). */
export function plantFeet(skel: Skeleton, motion: BakedMotion, input: PlantInput): number {
  const frames = motion.times.length;
  const pose = restPose(skel);
  const world = newWorldPose(skel.names.length);
  const poleLocal = input.legs.map((leg) => kneeDirection(skel, motion, leg));
  let miss = 0;
  for (let f = 0; f < frames; f++) {
    if (!input.weights.some((w) => w[f] > 0)) continue;
    bakedPose(skel, motion, f, pose);
    forwardKinematics(skel, pose, world);
    input.legs.forEach((leg, i) => {
      const w = input.weights[i][f];
      if (w <= 0) return;
      const { upper: a, lower: b, foot: c } = leg;
      const P = world.position;
      reachableGoal(P, a, b, c, input.goals[i], input.fallback?.[i], f, goal);
      for (let k = 0; k < 3; k++) goal[k] = P[c * 3 + k] + (goal[k] - P[c * 3 + k]) * w;
      const bent = kneePerpendicular(P, a, b, c, perp);
      qRotate(hint, 0, world.rotation, a * 4, poleLocal[i], 0);
      const l1 = Math.hypot(P[b * 3] - P[a * 3], P[b * 3 + 1] - P[a * 3 + 1], P[b * 3 + 2] - P[a * 3 + 2]);
      // The clip's own bend plane when it is clear, the hint as the knee straightens (a knee bent backwards
      // counts as straight), blended so the plane never jumps.
      const along = perp[0] * hint[0] + perp[1] * hint[1] + perp[2] * hint[2];
      const hw = along > 0 ? Math.max(0, 0.15 * l1 - bent) : 0.15 * l1;
      for (let k = 0; k < 3; k++) pole[k] = (along > 0 ? perp[k] : 0) + hint[k] * hw;
      for (let k = 0; k < 4; k++) cw[k] = world.rotation[c * 4 + k];
      miss = Math.max(miss, solveTwoBone(world, a, b, c, goal, pole));
      const pa = skel.parents[a];
      const ra = motion.rotation[a], rb = motion.rotation[b], rc = motion.rotation[c];
      if (pa < 0) for (let k = 0; k < 4; k++) ra[f * 4 + k] = world.rotation[a * 4 + k];
      else qInvMul(ra, f * 4, world.rotation, pa * 4, world.rotation, a * 4);
      qInvMul(rb, f * 4, world.rotation, a * 4, world.rotation, b * 4);
      qInvMul(rc, f * 4, world.rotation, b * 4, cw, 0);
    });
  }
  makeContinuous(motion);
  return miss;
}

/** The frame's goal, moved towards the fallback goal just enough to come within the leg's reach. */
function reachableGoal(P: Float64Array, a: number, b: number, c: number, goals: Float64Array, fallback: Float64Array | undefined, f: number, out: Float64Array): void {
  for (let k = 0; k < 3; k++) out[k] = goals[f * 3 + k];
  if (!fallback) return;
  const reach = 0.999 * (Math.hypot(P[b * 3] - P[a * 3], P[b * 3 + 1] - P[a * 3 + 1], P[b * 3 + 2] - P[a * 3 + 2]) + Math.hypot(P[c * 3] - P[b * 3], P[c * 3 + 1] - P[b * 3 + 1], P[c * 3 + 2] - P[b * 3 + 2]));
  const far = (t: number): boolean => {
    let d = 0;
    for (let k = 0; k < 3; k++) {
      const x = goals[f * 3 + k] + (fallback[f * 3 + k] - goals[f * 3 + k]) * t - P[a * 3 + k];
      d += x * x;
    }
    return d > reach * reach;
  };
  if (!far(0)) return;
  let lo = 0, hi = 1;
  if (far(1)) lo = hi = 1;
  for (let it = 0; it < 12 && hi - lo > 1e-3; it++) {
    const mid = (lo + hi) / 2;
    if (far(mid)) lo = mid; else hi = mid;
  }
  for (let k = 0; k < 3; k++) out[k] = goals[f * 3 + k] + (fallback[f * 3 + k] - goals[f * 3 + k]) * hi;
}

/** Component of the knee's offset perpendicular to the hip-to-ankle line. */
function kneePerpendicular(P: Float64Array, a: number, b: number, c: number, out: Float64Array): number {
  const ux = P[c * 3] - P[a * 3], uy = P[c * 3 + 1] - P[a * 3 + 1], uz = P[c * 3 + 2] - P[a * 3 + 2];
  const ul = Math.hypot(ux, uy, uz) || 1;
  const bx = P[b * 3] - P[a * 3], by = P[b * 3 + 1] - P[a * 3 + 1], bz = P[b * 3 + 2] - P[a * 3 + 2];
  const d = (bx * ux + by * uy + bz * uz) / ul;
  out[0] = bx - (d * ux) / ul; out[1] = by - (d * uy) / ul; out[2] = bz - (d * uz) / ul;
  return Math.hypot(out[0], out[1], out[2]);
}

/** The knee's bend direction in the upper joint's local frame: from the clip's most bent frame. */
function kneeDirection(skel: Skeleton, motion: BakedMotion, leg: LegChain): Float64Array {
  const pose = restPose(skel);
  const world = newWorldPose(skel.names.length);
  const out = new Float64Array(3);
  const p = new Float64Array(3);
  let best = 0;
  const { upper: a, lower: b, foot: c } = leg;
  const step = Math.max(1, Math.floor(motion.times.length / 60));
  for (let f = 0; f < motion.times.length; f += step) {
    bakedPose(skel, motion, f, pose);
    forwardKinematics(skel, pose, world);
    const len = kneePerpendicular(world.position, a, b, c, p);
    if (len > best) {
      best = len;
      // Into a's local frame: conj(q_a) * p.
      const q = world.rotation;
      const inv = [-q[a * 4], -q[a * 4 + 1], -q[a * 4 + 2], q[a * 4 + 3]];
      qRotate(out, 0, inv, 0, p, 0);
    }
  }
  const rest = restWorld(skel);
  const l1 = Math.hypot(rest.position[b * 3] - rest.position[a * 3], rest.position[b * 3 + 1] - rest.position[a * 3 + 1], rest.position[b * 3 + 2] - rest.position[a * 3 + 2]);
  if (best < 0.05 * l1) {
    // Never clearly bent: forward (+Z, the facing convention) in a's rest frame.
    const q = rest.rotation;
    qRotate(out, 0, [-q[a * 4], -q[a * 4 + 1], -q[a * 4 + 2], q[a * 4 + 3]], 0, [0, 0, 1], 0);
  }
  const l = Math.hypot(out[0], out[1], out[2]) || 1;
  for (let k = 0; k < 3; k++) out[k] /= l;
  return out;
}
