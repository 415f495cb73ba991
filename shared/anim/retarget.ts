/**
 * Retargeting by semantic joint correspondence (GUIDE section 4): each mapped target joint copies its
 * source joint's world rotation change from rest; unmapped target joints keep their rest local
 * rotation (they follow their parent); the root's translation change is scaled by the leg-length ratio.
 * Rest-pose differences (an A-pose clip on a T-pose rig and back) are corrected first: each mapped
 * bone is turned so it points where its source bone points at rest, then the source's change applies.
 * Notes: rejected copying local rotations (joint frames differ between skeletons, so local copies twist
 * limbs); rejected full-body IK for feet (slow, and world-delta copying already keeps proportions; foot
 * drift then scales with leg-length mismatch only, see the eval).
 *
 * @example
 *   const out = retargetClip({ skeleton: src.skeleton, clip: src.clips[0] }, rig.skeleton);
 */
import type { Clip, ClipTrack } from './clip';
import type { Skeleton } from '../rig/skeleton';
import { mapBones, roleOfBone } from './bone-map';
import { templateKeyRole } from './template-roles';
import { forwardKinematics, newWorldPose, restPose, restWorld, type WorldPose } from './pose';
import { bindClip, sampleBound } from './sample-clip';
import { qFromTo, qInvMul, qMul, qMulInv } from './quat';

const ALIGNED_ROLE = /(upper_arm|lower_arm|upper_leg|lower_leg)$/;

export class RetargetError extends Error {
  constructor(message: string) {
    super(`retarget: ${message}`);
    this.name = 'RetargetError';
  }
}

export interface RetargetOptions {
  /** Output key rate (keys at 0 and at the exact duration are always written). */
  fps?: number;
  /** Fewest target joints that must be mapped, as a fraction of the target's roled joints. */
  minCoverage?: number;
  /** Turn each mapped bone onto its source bone's rest direction first (A-pose vs T-pose). */
  alignRest?: boolean;
  /** Rest directions closer than this (degrees) are left alone (see the note at the alignment). */
  alignAboveDegrees?: number;
}
export const RETARGET_DEFAULTS: Required<RetargetOptions> = { fps: 30, minCoverage: 0.5, alignRest: true, alignAboveDegrees: 30 };

export interface RetargetResult {
  clip: Clip;
  /** Target joint name -> source joint name. */
  mapping: Record<string, string>;
  warnings: string[];
}

/** Roles of a skeleton: its own `roles`, else names through the alias table, else template keys. */
export function skeletonRoles(skel: Skeleton): string[] {
  return mapBones(skel.names, skel.parents, skel.names.map((n, i) => skel.roles?.[i] || roleOfBone(n) || templateKeyRole(n)));
}

function legLength(skel: Skeleton, roles: string[], world: WorldPose): number {
  const at = (role: string): number => roles.indexOf(role);
  let best = 0;
  for (const s of ['left', 'right', 'left_back', 'right_back']) {
    const chain = [`${s}_upper_leg`, `${s}_lower_leg`, `${s}_foot`].map(at);
    if (chain.some((j) => j < 0)) continue;
    let len = 0;
    for (let k = 1; k < chain.length; k++) len += dist(world.position, chain[k - 1], chain[k]);
    best = Math.max(best, len);
  }
  if (best > 0) return best;
  // No legs (fish, snakes, birds' tucked legs missing): the skeleton's extent.
  let lo = Infinity, hi = -Infinity;
  for (let j = 0; j < skel.names.length; j++)
    for (let c = 0; c < 3; c++) {
      lo = Math.min(lo, world.position[j * 3 + c]);
      hi = Math.max(hi, world.position[j * 3 + c]);
    }
  return Math.max(hi - lo, 1e-6);
}

function dist(p: Float64Array, a: number, b: number): number {
  return Math.hypot(p[a * 3] - p[b * 3], p[a * 3 + 1] - p[b * 3 + 1], p[a * 3 + 2] - p[b * 3 + 2]);
}

/** Retargets one clip from its source skeleton onto `target` (both in their rest poses as given). */
export function retargetClip(source: { skeleton: Skeleton; clip: Clip }, target: Skeleton, options: RetargetOptions = {}): RetargetResult {
  const opts = { ...RETARGET_DEFAULTS, ...options };
  const src = source.skeleton;
  const srcRoles = skeletonRoles(src);
  const tgtRoles = skeletonRoles(target);
  const srcByRole = new Map<string, number>();
  srcRoles.forEach((r, j) => r && srcByRole.set(r, j));
  const nT = target.names.length;
  const map = new Int32Array(nT).fill(-1);
  let roled = 0, mapped = 0;
  for (let k = 0; k < nT; k++) {
    const r = tgtRoles[k];
    if (!r || /_end$/.test(r)) continue;
    roled++;
    const s = srcByRole.get(r);
    if (s !== undefined) { map[k] = s; mapped++; }
  }
  const root = target.parents.indexOf(-1);
  if (map[root] < 0 || mapped < opts.minCoverage * roled) {
    const used = new Set(Array.from(map).filter((s) => s >= 0));
    const unmatchedSrc = src.names.filter((_, j) => !used.has(j) && !/(_end|_leaf|end)$/i.test(src.names[j]));
    const missing = target.names.filter((_, k) => tgtRoles[k] && !/_end$/.test(tgtRoles[k]) && map[k] < 0);
    throw new RetargetError(
      `clip "${source.clip.name}" cannot be mapped onto this skeleton (${mapped} of ${roled} joints matched). ` +
        `Source bones not matched: ${unmatchedSrc.slice(0, 40).join(', ') || 'none'}${unmatchedSrc.length > 40 ? ', ...' : ''}. ` +
        `Target joints without a source: ${missing.join(', ')}.`,
    );
  }

  const srcRest = restWorld(src);
  const tgtRest = restWorld(target);
  // Rest alignment per mapped target joint: turn its bone onto the source bone's rest direction.
  const align = new Float64Array(nT * 4);
  const va = new Float64Array(3), vb = new Float64Array(3);
  for (let k = 0; k < nT; k++) {
    align.set([0, 0, 0, 1], k * 4);
    // Long limb bones only: that is where rest poses differ (A/T arms); torso, hands and feet differ by
    // placement and their directions are not comparable between rigs.
    if (map[k] < 0 || !opts.alignRest || !ALIGNED_ROLE.test(tgtRoles[k])) continue;
    const child = firstMappedDescendant(target, map, k);
    if (child < 0) continue;
    for (let c = 0; c < 3; c++) {
      va[c] = tgtRest.position[child * 3 + c] - tgtRest.position[k * 3 + c];
      vb[c] = srcRest.position[map[child] * 3 + c] - srcRest.position[map[k] * 3 + c];
    }
    if (Math.hypot(va[0], va[1], va[2]) < 1e-9 || Math.hypot(vb[0], vb[1], vb[2]) < 1e-9) continue;
    // Only a real pose difference (A vs T arms, bent vs straight legs) is corrected: small angles come from
    // joint placement differing between the two rigs, and turning those bones would bend the mesh at rest
    // (measured on KayKit: correcting every bone tripled the deformation error, 2.7% -> 6.8%).
    const cos = (va[0] * vb[0] + va[1] * vb[1] + va[2] * vb[2]) / (Math.hypot(va[0], va[1], va[2]) * Math.hypot(vb[0], vb[1], vb[2]));
    if (cos > Math.cos((opts.alignAboveDegrees * Math.PI) / 180)) continue;
    qFromTo(align, k * 4, va, 0, vb, 0);
  }
  const scale = legLength(target, tgtRoles, tgtRest) / legLength(src, srcRoles, srcRest);

  const bound = bindClip(src, source.clip);
  const warnings: string[] = [];
  if (source.clip.tracks.some((t) => t.path === 'scale')) warnings.push(`clip "${source.clip.name}": scale keys are ignored`);
  const duration = source.clip.duration;
  const frames = Math.max(2, Math.ceil(duration * opts.fps) + 1);
  const times = new Float32Array(frames);
  const rot = Array.from({ length: nT }, () => new Float32Array(frames * 4));
  const rootT = new Float32Array(frames * 3);
  const pose = restPose(src);
  const sw = newWorldPose(src.names.length);
  const tw = newWorldPose(nT);
  const q = new Float64Array(4);
  const local = new Float64Array(4);
  const sRoot = map[root];
  for (let f = 0; f < frames; f++) {
    const t = (f / (frames - 1)) * duration;
    times[f] = t;
    sampleBound(bound, t, pose);
    forwardKinematics(src, pose, sw);
    for (let k = 0; k < nT; k++) {
      const p = target.parents[k];
      const s = map[k];
      if (s >= 0) {
        // world = (srcWorld * srcRest^-1) * align * tgtRest
        qMulInv(q, 0, sw.rotation, s * 4, srcRest.rotation, s * 4);
        qMul(q, 0, q, 0, align, k * 4);
        qMul(tw.rotation, k * 4, q, 0, tgtRest.rotation, k * 4);
        if (p < 0) local.set(tw.rotation.subarray(k * 4, k * 4 + 4));
        else qInvMul(local, 0, tw.rotation, p * 4, tw.rotation, k * 4);
      } else {
        for (let c = 0; c < 4; c++) local[c] = target.restLocal[k * 10 + 3 + c];
        if (p < 0) tw.rotation.set(local, k * 4);
        else qMul(tw.rotation, k * 4, tw.rotation, p * 4, local, 0);
      }
      const o = f * 4;
      let sign = 1;
      if (f > 0) {
        const pr = rot[k];
        if (pr[o - 4] * local[0] + pr[o - 3] * local[1] + pr[o - 2] * local[2] + pr[o - 1] * local[3] < 0) sign = -1;
      }
      for (let c = 0; c < 4; c++) rot[k][o + c] = sign * local[c];
    }
    for (let c = 0; c < 3; c++) rootT[f * 3 + c] = target.restLocal[root * 10 + c] + (sw.position[sRoot * 3 + c] - srcRest.position[sRoot * 3 + c]) * scale;
  }
  const tracks: ClipTrack[] = [];
  for (let k = 0; k < nT; k++) {
    if (/_end$/i.test(target.names[k]) || /_end$/.test(tgtRoles[k])) continue;
    tracks.push({ joint: target.names[k], path: 'rotation', interpolation: 'LINEAR', times, values: rot[k] });
  }
  tracks.push({ joint: target.names[root], path: 'translation', interpolation: 'LINEAR', times, values: rootT });
  const mapping: Record<string, string> = {};
  map.forEach((s, k) => { if (s >= 0) mapping[target.names[k]] = src.names[s]; });
  return { clip: { name: source.clip.name, duration, tracks }, mapping, warnings };
}

/** The first joint below k (depth-first in listing order) that has a source, for bone directions. */
function firstMappedDescendant(skel: Skeleton, map: Int32Array, k: number): number {
  for (let j = k + 1; j < skel.names.length; j++) {
    let a = skel.parents[j];
    let d = 1;
    while (a >= 0 && a !== k) { a = skel.parents[a]; d++; }
    if (a === k && map[j] >= 0 && d === 1) return j;
  }
  // No mapped direct child: a mapped grandchild (e.g. KayKit has no neck: chest -> head).
  for (let j = k + 1; j < skel.names.length; j++) {
    let a = skel.parents[j];
    while (a >= 0 && a !== k) a = skel.parents[a];
    if (a === k && map[j] >= 0) return j;
  }
  return -1;
}
