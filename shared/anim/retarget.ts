/**
 * Retargeting by semantic joint correspondence (GUIDE section 4): each mapped target joint copies its
 * source joint's world rotation change from rest; unmapped target joints keep their rest local
 * rotation (they follow their parent); the root's translation change is scaled by the leg-length ratio.
 * Rest-pose differences (an A-pose clip on a T-pose rig and back) are corrected first: each mapped
 * limb bone is turned so it points where its source bone points at rest, then the source's change applies.
 * Joint offsets the source animates besides the root (KayKit slides its thighs +-10 cm along the hips in
 * a run, and shrugs its shoulders) are carried over as translation keys, scaled like root motion. Then
 * feet are placed by two-bone IK (foot-plant.ts) on the source ankle's path scaled by the leg-length
 * ratio, every frame by default: where the source foot is planted (foot-contacts.ts) so is the target's,
 * whatever the two skeletons' thigh/shin proportions (a rotation copy alone slid them 20% of leg length
 * on the KayKit walk); `footIk: 'contacts'` limits IK to planted frames, eased in and out.
 * Notes: rejected copying local rotations (joint frames differ between skeletons, so local copies twist
 * limbs); rejected full-body IK (slow, and hips already follow the scaled source); rejected spine chain
 * blending and head placement as defaults for bipeds (options, see their notes). Measured on the KayKit
 * characters (npm run eval:rig): offsets, the hand fix and foot IK took Knight's Running_A from 2.97% to
 * 2.10% of height (README, clips).
 *
 * @example
 *   const out = retargetClip({ skeleton: src.skeleton, clip: src.clips[0] }, rig.skeleton);
 */
import type { Clip } from './clip';
import type { Skeleton } from '../rig/skeleton';
import { REST_STRIDE } from '../rig/skeleton';
import { forwardKinematics, newWorldPose, restPose, restWorld, type WorldPose } from './pose';
import { bindClip, sampleBound } from './sample-clip';
import { qFromTo, qInvMul, qMul, qMulInv, qRotate } from './quat';
import { bakedClip, makeContinuous, type BakedMotion } from './baked-motion';
import { firstMappedDescendant, mappedAncestor, matchJoints } from './retarget-map';
import { bakeJointScale } from './bake-scale';
import { contactWeights, detectContacts, type ContactOptions } from './foot-contacts';
import { plantFeet, type LegChain } from './foot-plant';
import { chainBlends, pathDown } from './chain-blend';
import { reachWithSpine } from './spine-reach';

export { RetargetError, skeletonRoles } from './retarget-map';

const ALIGNED_ROLE = /(upper_arm|lower_arm|upper_leg|lower_leg)$/;

export interface RetargetOptions {
  /** Output key rate (keys at 0 and at the exact duration are always written). */
  fps?: number;
  /** Fewest target joints that must be mapped, as a fraction of the target's roled joints. */
  minCoverage?: number;
  /** Turn each mapped bone onto its source bone's rest direction first (A-pose vs T-pose). */
  alignRest?: boolean;
  /** Rest directions closer than this (degrees) are left alone (see the note at the alignment). */
  alignAboveDegrees?: number;
  /**
   * Spine joints between hips and head take the source bones spanning the same stretch (chain-blend.ts).
   * 'auto': on for targets without arms (creature spines differ most in joint count); off for bipeds,
   * where it measured worse on the KayKit run (2.08% -> 2.49%: KayKit's chest bends above the shoulders).
   */
  blendSpine?: boolean | 'auto';
  /**
   * Turn the spine so the head joint lands where the source head carries that point (spine-reach.ts).
   * Off by default: on the KayKit characters it helped the walk (Knight 1.83% -> 1.70%) but not the run
   * (Mage 2.48% -> 2.57%: the spine turns needed also move the shoulders).
   */
  placeHead?: boolean;
  /** Carry the source's animated joint offsets (not only the root's) as translation keys. */
  transferOffsets?: boolean;
  /** Two-bone IK on legs: on planted frames (eased), on every frame, or not at all. */
  footIk?: 'contacts' | 'always' | 'off';
  /** Seconds over which foot IK eases in before and out after a contact. */
  footBlend?: number;
  contacts?: ContactOptions;
}
export const RETARGET_DEFAULTS: Required<RetargetOptions> = {
  fps: 30, minCoverage: 0.5, alignRest: true, alignAboveDegrees: 30, blendSpine: 'auto', placeHead: false, transferOffsets: true, footIk: 'always', footBlend: 0.1, contacts: {},
};

/** A foot of the target with the frames (at the output keys) where its source foot is planted. */
export interface FootContact {
  joint: string;
  /** The source foot joint it follows. */
  source: string;
  planted: Uint8Array;
}

export interface RetargetResult {
  clip: Clip;
  /** Target joint name -> source joint name. */
  mapping: Record<string, string>;
  /** Whether bone names or the skeletons' structure settled `mapping`. */
  mappedBy: 'names' | 'structure';
  warnings: string[];
  /** Source leg length over target leg length is 1 / legScale; root motion and offsets are scaled by it. */
  legScale: number;
  /** Planted frames per target foot (output key times), for foot-slide measurement. */
  feet: FootContact[];
  /** Ground velocity under in-place feet on the target (x, z per second); 0 with root motion. */
  groundVelocity: [number, number];
}

const LEG_SIDES = ['left', 'right', 'left_back', 'right_back'];

/** Longest thigh + shin + foot chain, or 0 when no leg has all three. */
function legChain(roles: string[], world: WorldPose): number {
  let best = 0;
  for (const s of LEG_SIDES) {
    const chain = [`${s}_upper_leg`, `${s}_lower_leg`, `${s}_foot`].map((r) => roles.indexOf(r));
    if (chain.some((j) => j < 0)) continue;
    let len = 0;
    for (let k = 1; k < chain.length; k++) len += dist(world.position, chain[k - 1], chain[k]);
    best = Math.max(best, len);
  }
  return best;
}

/** Longest reach from a thigh joint to the farthest joint below it (a toe or sole end), or 0. */
function legReach(skel: Skeleton, roles: string[], world: WorldPose): number {
  let best = 0;
  for (const s of LEG_SIDES) {
    const thigh = roles.indexOf(`${s}_upper_leg`);
    if (thigh < 0) continue;
    for (let j = thigh + 1; j < skel.names.length; j++) {
      let a = skel.parents[j];
      while (a >= 0 && a !== thigh) a = skel.parents[a];
      if (a === thigh) best = Math.max(best, dist(world.position, thigh, j));
    }
  }
  return best;
}

function extentOf(skel: Skeleton, world: WorldPose): number {
  let lo = Infinity, hi = -Infinity;
  for (let j = 0; j < skel.names.length; j++)
    for (let c = 0; c < 3; c++) {
      lo = Math.min(lo, world.position[j * 3 + c]);
      hi = Math.max(hi, world.position[j * 3 + c]);
    }
  return Math.max(hi - lo, 1e-6);
}

/**
 * Source leg length and the target's measured the same way, for scaling root travel: thigh-shin-foot
 * chains; for a one-bone source leg (Kenney minis, structure-mapped) thigh to sole end on both sides (the
 * target's chain stops at the ankle, which on a chibi left the sprint's bounce 35% short); without legs
 * (fish, snakes) the source's extent.
 */
function legLengths(src: Skeleton, srcRoles: string[], srcRest: WorldPose, target: Skeleton, tgtRoles: string[], tgtRest: WorldPose): { srcLeg: number; tgtLeg: number } {
  const tgtChain = legChain(tgtRoles, tgtRest) || extentOf(target, tgtRest);
  const chain = legChain(srcRoles, srcRest);
  if (chain > 0) return { srcLeg: chain, tgtLeg: tgtChain };
  const reach = legReach(src, srcRoles, srcRest);
  if (reach > 0) return { srcLeg: reach, tgtLeg: legReach(target, tgtRoles, tgtRest) || tgtChain };
  return { srcLeg: extentOf(src, srcRest), tgtLeg: tgtChain };
}

/** Above a tenth of the target root's height, a source root elsewhere is a different pivot, not rounding. */
const PIVOT_TOLERANCE = 0.1;

/**
 * From the source root's point to the target root, in target units, when the source root sits at another
 * height (KayKit's arms-down character leans its whole body about a root on the floor, the target's root
 * is at the pelvis: without this its run ended 14% of its height off): else null. Heights are taken above each skeleton's lowest
 * joint; the two roots are taken to be on one vertical.
 */
function rootPivot(srcRest: WorldPose, sRoot: number, tgtRest: WorldPose, root: number, scale: number): Float64Array | null {
  const floor = (w: WorldPose): number => {
    let lo = Infinity;
    for (let j = 1; j < w.position.length; j += 3) lo = Math.min(lo, w.position[j]);
    return lo;
  };
  const hS = (srcRest.position[sRoot * 3 + 1] - floor(srcRest)) * scale, hT = tgtRest.position[root * 3 + 1] - floor(tgtRest);
  if (!(hT > 0) || Math.abs(hT - hS) < PIVOT_TOLERANCE * hT) return null;
  return Float64Array.from([0, hT - hS, 0]);
}

const qi = new Float64Array(4), qd = new Float64Array(4);

/** Weighted mean of source world rotation changes (all near each other: neighbouring spine bones). */
function averageDelta(out: Float64Array, sw: WorldPose, rest: WorldPose, joints: number[], weights: number[]): void {
  out.fill(0);
  for (let i = 0; i < joints.length; i++) {
    qMulInv(qd, 0, sw.rotation, joints[i] * 4, rest.rotation, joints[i] * 4);
    const sign = i > 0 && out[0] * qd[0] + out[1] * qd[1] + out[2] * qd[2] + out[3] * qd[3] < 0 ? -1 : 1;
    for (let c = 0; c < 4; c++) out[c] += sign * weights[i] * qd[c];
  }
  const l = Math.hypot(out[0], out[1], out[2], out[3]) || 1;
  for (let c = 0; c < 4; c++) out[c] /= l;
}
function conjugate(out: Float64Array, q: Float64Array, j: number): void {
  out[0] = -q[j * 4]; out[1] = -q[j * 4 + 1]; out[2] = -q[j * 4 + 2]; out[3] = q[j * 4 + 3];
}

function dist(p: Float64Array, a: number, b: number): number {
  return Math.hypot(p[a * 3] - p[b * 3], p[a * 3 + 1] - p[b * 3 + 1], p[a * 3 + 2] - p[b * 3 + 2]);
}

/**
 * The target head joint's rest point, in the source's rest body (scaled about the hips), carried by the
 * source head, and the target spine joints that turn to put it there.
 */
function headPlacement(src: Skeleton, target: Skeleton, srcRoles: string[], tgtRoles: string[], srcRest: WorldPose, tgtRest: WorldPose, scale: number): { chain: number[]; end: number; carrier: number; offset: Float64Array } | null {
  const sPath = pathDown(src, srcRoles.indexOf('hips'), srcRoles.indexOf('head'));
  const tPath = pathDown(target, tgtRoles.indexOf('hips'), tgtRoles.indexOf('head'));
  if (!sPath || !tPath || tPath.length < 3 || srcRoles.indexOf('hips') < 0 || tgtRoles.indexOf('hips') < 0) return null;
  const th = tPath[0], end = tPath[tPath.length - 1], sh = sPath[0];
  const P = [0, 1, 2].map((c) => srcRest.position[sh * 3 + c] + (tgtRest.position[end * 3 + c] - tgtRest.position[th * 3 + c]) / scale);
  // Carried by the source head (not the bone nearest the point): the head mesh turns about the source
  // head joint, and a carrier lower down (KayKit's chest) swung the whole head with the chest's lean.
  const carrier = sPath[sPath.length - 1];
  const offset = Float64Array.from([0, 1, 2].map((c) => P[c] - srcRest.position[carrier * 3 + c]));
  return { chain: tPath.slice(1, -1), end, carrier, offset };
}

/** Target legs (hip/upper leg -> knee/lower leg -> ankle/foot, direct parents) whose three joints have sources. */
function targetLegs(target: Skeleton, roles: string[], map: Int32Array): LegChain[] {
  const legs: LegChain[] = [];
  for (let c = 0; c < roles.length; c++) {
    const m = /^(.+)_(foot|ankle)$/.exec(roles[c]);
    if (!m) continue;
    const b = target.parents[c], a = b >= 0 ? target.parents[b] : -1;
    if (a < 0 || map[a] < 0 || map[b] < 0 || map[c] < 0) continue;
    const [mid, top] = m[2] === 'foot' ? ['lower_leg', 'upper_leg'] : ['knee', 'hip'];
    if (roles[b] === `${m[1]}_${mid}` && roles[a] === `${m[1]}_${top}`) legs.push({ upper: a, lower: b, foot: c });
  }
  return legs;
}

/** Just before a STEP key: the output holds the old value until then (linear keys between the two). */
const STEP_LEAD = 1e-4;

/**
 * Output key times: the fps grid from 0 to the duration, plus each STEP key's time and a time just
 * before it, so a held pose changes when the source's does rather than at the nearest frame.
 */
function outputTimes(clip: Clip, fps: number): number[] {
  const frames = Math.max(2, Math.ceil(clip.duration * fps) + 1);
  const times = Array.from({ length: frames }, (_, f) => (f / (frames - 1)) * clip.duration);
  for (const tr of clip.tracks)
    if (tr.interpolation === 'STEP')
      for (let k = 1; k < tr.times.length; k++) if (tr.times[k] > STEP_LEAD && tr.times[k] < clip.duration) times.push(tr.times[k] - STEP_LEAD, tr.times[k]);
  times.sort((a, b) => a - b);
  return times.filter((t, i) => i === 0 || t - times[i - 1] > STEP_LEAD / 4);
}

/** Retargets one clip from its source skeleton onto `target` (both in their rest poses as given). */
export function retargetClip(input: { skeleton: Skeleton; clip: Clip }, target: Skeleton, options: RetargetOptions = {}): RetargetResult {
  const opts = { ...RETARGET_DEFAULTS, ...options };
  // Scaled joints (a Hips x107) measured in the pose code's unscaled units: baked into translations first.
  const source = bakeJointScale(input.skeleton, input.clip);
  const src = source.skeleton;
  const animated = new Set(bindClip(src, source.clip).map((b) => b.joint));
  const { srcRoles, tgtRoles, map, rotationSource, mappedBy } = matchJoints(src, target, opts.minCoverage, source.clip.name, animated);
  const nT = target.names.length;
  const root = target.parents.indexOf(-1);
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
  const { srcLeg, tgtLeg } = legLengths(src, srcRoles, srcRest, target, tgtRoles, tgtRest);
  const scale = tgtLeg / srcLeg;

  // Joint offsets: each mapped joint's source position relative to where its nearest mapped ancestor's
  // rigid motion would carry it (zero unless the source animates translations between the two).
  const anchor = new Int32Array(nT).fill(-1);
  const restOffset = new Float64Array(nT * 3);
  if (opts.transferOffsets)
    for (let k = 0; k < nT; k++) {
      const a = k === root || map[k] < 0 ? -1 : mappedAncestor(target, map, k);
      if (a < 0) continue;
      anchor[k] = a;
      const s = map[k], sa = map[a];
      for (let c = 0; c < 3; c++) va[c] = srcRest.position[s * 3 + c] - srcRest.position[sa * 3 + c];
      conjugate(qi, srcRest.rotation, sa);
      qRotate(restOffset, k * 3, qi, 0, va, 0);
    }

  const blendSpine = opts.blendSpine === 'auto' ? !tgtRoles.includes('left_upper_arm') : opts.blendSpine;
  const spine = blendSpine ? chainBlends(src, target, srcRest, tgtRest, srcRoles, tgtRoles, 'hips', 'head') : new Map();

  const bound = bindClip(src, source.clip);
  const warnings: string[] = [];
  if (source.clip.tracks.some((t) => t.path === 'scale')) warnings.push(`clip "${source.clip.name}": scale keys are ignored`);
  const duration = source.clip.duration;
  const keyTimes = outputTimes(source.clip, opts.fps);
  const frames = keyTimes.length;
  const motion: BakedMotion = {
    times: new Float32Array(frames),
    rotation: Array.from({ length: nT }, () => new Float32Array(frames * 4)),
    translation: Array.from({ length: nT }, (_, k) => (k === root || anchor[k] >= 0 ? new Float32Array(frames * 3) : null)),
  };
  const maxOffset = new Float64Array(nT);
  const legs = opts.footIk === 'off' ? [] : targetLegs(target, tgtRoles, map);
  const srcFeet = legs.map(() => new Float64Array(frames * 3));
  const srcFootRot = legs.map(() => new Float64Array(frames * 4));
  const head = opts.placeHead ? headPlacement(src, target, srcRoles, tgtRoles, srcRest, tgtRest, scale) : null;
  const headGoals = head ? new Float64Array(frames * 3) : null;
  const pose = restPose(src);
  const sw = newWorldPose(src.names.length);
  const firstFrame = new Float64Array(src.names.length * 3);
  let loopGap = 0;
  const tw = newWorldPose(nT);
  const q = new Float64Array(4);
  const local = new Float64Array(4);
  const d = new Float64Array(3);
  const sRoot = map[root];
  const pivot = rootPivot(srcRest, sRoot, tgtRest, root, scale);
  for (let f = 0; f < frames; f++) {
    const t = keyTimes[f];
    motion.times[f] = t;
    sampleBound(bound, t, pose);
    forwardKinematics(src, pose, sw);
    if (f === 0) firstFrame.set(sw.position);
    if (f === frames - 1) for (let i = 0; i < firstFrame.length; i++) loopGap = Math.max(loopGap, Math.abs(firstFrame[i] - sw.position[i]));
    if (head && headGoals) {
      // Where the source moves the point (rigidly with the bone that holds it), scaled about the hips.
      qMulInv(q, 0, sw.rotation, head.carrier * 4, srcRest.rotation, head.carrier * 4);
      qRotate(d, 0, q, 0, head.offset, 0);
      for (let c = 0; c < 3; c++) headGoals[f * 3 + c] = tgtRest.position[root * 3 + c] + (sw.position[head.carrier * 3 + c] + d[c] - srcRest.position[sRoot * 3 + c]) * scale;
    }
    legs.forEach((leg, i) => {
      srcFeet[i].set(sw.position.subarray(map[leg.foot] * 3, map[leg.foot] * 3 + 3), f * 3);
      srcFootRot[i].set(sw.rotation.subarray(rotationSource[leg.foot] * 4, rotationSource[leg.foot] * 4 + 4), f * 4);
    });
    for (let k = 0; k < nT; k++) {
      const p = target.parents[k];
      const s = rotationSource[k];
      const blend = spine.get(k);
      if (s >= 0 || blend) {
        // world = (srcWorld * srcRest^-1) * align * tgtRest
        if (blend) averageDelta(q, sw, srcRest, blend.joints, blend.weights);
        else qMulInv(q, 0, sw.rotation, s * 4, srcRest.rotation, s * 4);
        qMul(q, 0, q, 0, align, k * 4);
        qMul(tw.rotation, k * 4, q, 0, tgtRest.rotation, k * 4);
        if (p < 0) local.set(tw.rotation.subarray(k * 4, k * 4 + 4));
        else qInvMul(local, 0, tw.rotation, p * 4, tw.rotation, k * 4);
      } else {
        for (let c = 0; c < 4; c++) local[c] = target.restLocal[k * REST_STRIDE + 3 + c];
        if (p < 0) tw.rotation.set(local, k * 4);
        else qMul(tw.rotation, k * 4, tw.rotation, p * 4, local, 0);
      }
      for (let c = 0; c < 4; c++) motion.rotation[k][f * 4 + c] = local[c];
      const a = anchor[k];
      if (a >= 0) {
        const s0 = map[k], sa = map[a];
        qRotate(d, 0, sw.rotation, sa * 4, restOffset, k * 3);
        for (let c = 0; c < 3; c++) d[c] = sw.position[s0 * 3 + c] - sw.position[sa * 3 + c] - d[c];
        maxOffset[k] = Math.max(maxOffset[k], Math.hypot(d[0], d[1], d[2]));
        for (let c = 0; c < 3; c++) d[c] *= scale;
        conjugate(qi, tw.rotation, p);
        qRotate(d, 0, qi, 0, d, 0);
        for (let c = 0; c < 3; c++) motion.translation[k]![f * 3 + c] = target.restLocal[k * REST_STRIDE + c] + d[c];
      }
    }
    for (let c = 0; c < 3; c++) motion.translation[root]![f * 3 + c] = target.restLocal[root * REST_STRIDE + c] + (sw.position[sRoot * 3 + c] - srcRest.position[sRoot * 3 + c]) * scale;
    if (pivot) {
      // The source root turns about its own point `pivot` below (or above) the target root: carry the
      // target root along that turn, as if fixed to the source root.
      qMulInv(q, 0, sw.rotation, sRoot * 4, srcRest.rotation, sRoot * 4);
      qRotate(d, 0, q, 0, pivot, 0);
      for (let c = 0; c < 3; c++) motion.translation[root]![f * 3 + c] += d[c] - pivot[c];
    }
  }
  // Offsets below a millimetre per metre of leg are rounding in the source file, not motion.
  for (let k = 0; k < nT; k++) if (k !== root && maxOffset[k] < 1e-3 * srcLeg) motion.translation[k] = null;
  makeContinuous(motion);

  if (head && headGoals) {
    const locked = Uint8Array.from(rotationSource, (s, k) => (s >= 0 || spine.has(k) ? 1 : 0));
    reachWithSpine(target, motion, head.chain, head.end, headGoals, locked);
  }

  const loop = loopGap < 1e-3 * srcLeg;
  let feet: FootContact[] = [];
  let groundVelocity: [number, number] = [0, 0];
  if (legs.length) {
    const contacts = detectContacts(srcFeet, motion.times, loop, srcLeg, opts.contacts);
    groundVelocity = [contacts.groundVelocity[0] * scale, contacts.groundVelocity[1] * scale];
    const blend = Math.round(opts.footBlend * opts.fps);
    // Goal: the source ankle's path scaled, from the target's own rest ankle. The two ankles also sit apart
    // horizontally by joint placement (Rigdesk puts it 10 cm before KayKit's); that gap turns with the
    // source foot, as a point of the same foot would. The height gap does not: it is the target's own
    // ankle height above the ground, and turning it with a tilting foot would swing the ankle along.
    const plain = legs.map(() => new Float64Array(frames * 3));
    const goals = legs.map((leg, i) => {
      const g = new Float64Array(frames * 3);
      const s = map[leg.foot];
      for (let c = 0; c < 3; c++) va[c] = c === 1 ? 0 : tgtRest.position[leg.foot * 3 + c] - srcRest.position[s * 3 + c] * scale;
      for (let f = 0; f < frames; f++) {
        qMulInv(q, 0, srcFootRot[i], f * 4, srcRest.rotation, s * 4);
        qRotate(vb, 0, q, 0, va, 0);
        for (let c = 0; c < 3; c++) {
          plain[i][f * 3 + c] = tgtRest.position[leg.foot * 3 + c] + (srcFeet[i][f * 3 + c] - srcRest.position[s * 3 + c]) * scale;
          g[f * 3 + c] = plain[i][f * 3 + c] + vb[c] - va[c];
        }
      }
      return g;
    });
    const planted = legs.map((_, i) => contactWeights(contacts.planted[i], loop, blend));
    // Planted: the plain scaled path, so the foot slides no more than the source's does (a paw or hoof
    // rolls while planted, and the turning gap would drag the target ankle along).
    goals.forEach((g, i) => {
      for (let f = 0; f < frames; f++) for (let c = 0; c < 3; c++) g[f * 3 + c] += (plain[i][f * 3 + c] - g[f * 3 + c]) * planted[i][f];
    });
    const weights = opts.footIk === 'always' ? legs.map(() => new Float32Array(frames).fill(1)) : planted;
    plantFeet(target, motion, { legs, goals, fallback: plain, weights });
    feet = legs.map((leg, i) => ({ joint: target.names[leg.foot], source: src.names[map[leg.foot]], planted: contacts.planted[i] }));
  }

  const clip = bakedClip(source.clip.name, duration, target, motion, (k) => !/_end$/i.test(target.names[k]) && !/_end$/.test(tgtRoles[k]));
  const mapping: Record<string, string> = {};
  map.forEach((s, k) => { if (s >= 0) mapping[target.names[k]] = src.names[s]; });
  return { clip, mapping, mappedBy, warnings, legScale: scale, feet, groundVelocity };
}

