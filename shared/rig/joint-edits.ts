/**
 * Joints given by hand (issue 14: `joints` of POST /v1/rigs, the studio's "Edit joints"): after the plan fit,
 * each given joint is put exactly where given and the others are refitted around it, chain by chain.
 *
 * A chain is a joint whose parent branches (or the root) followed down through only children, with the
 * branching parent in front: [Hips, LeftUpLeg, LeftLeg, LeftFoot, LeftToeBase, LeftToe_End],
 * [Spine2, LeftShoulder, ..., LeftHand], [Hips, Spine, Spine1, Spine2]. Every non-root joint belongs to
 * exactly one chain (not counting the branching parent in front), so its refit is decided there:
 * - joints between two given joints keep their relative place along the chain (arc length of the fit): the
 *   displacement is interpolated between the two given joints' displacements;
 * - when the chain's root (or the branching parent in front) is the last given joint, the joints after it
 *   are interpolated towards the chain's end, which stays: a moved hip carries the knee part of the way and
 *   leaves the foot at the mesh extremity; a moved pelvis carries both hips and the lower spine;
 * - otherwise joints before the first or after the last given joint stay: a moved knee drags nothing else.
 * A deforming leaf's bone end (a hand without fingers) moves with its joint.
 */
import type { FitResult, Vec3 } from './fit-common';
import type { Normalised } from './normalize';
import { toNormalised, toWorld } from './normalize';
import { RigError } from './rig-error';

/** Joint name (as in the output, i.e. the request's bone_naming) -> position in the model's frame after rotation_y. */
export type GivenJoints = Readonly<Record<string, readonly [number, number, number]>>;

/**
 * Moves the fit's (normalised) joints in place: given ones exactly, the others by the chain rules above.
 * Returns a flag per joint, true for given ones. Throws RigError naming a joint the fitted skeleton lacks.
 */
export function applyGivenJoints(fit: FitResult, given: GivenJoints, norm: Normalised): boolean[] {
  const problem = givenJointsProblem(given, boundsOf(norm));
  if (problem) throw new RigError(problem);
  const n = fit.names.length;
  const isGiven = new Array<boolean>(n).fill(false);
  const shift = new Float64Array(n * 3);
  for (const [name, p] of Object.entries(given)) {
    const j = fit.names.indexOf(name);
    if (j < 0) throw new RigError(`joints: the fitted skeleton has no joint '${name}' (its joints: ${fit.names.join(', ')})`);
    isGiven[j] = true;
    toNormalised(norm, p, shift, j * 3);
    for (let a = 0; a < 3; a++) shift[j * 3 + a] -= fit.positions[j * 3 + a];
  }
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let j = 0; j < n; j++) if (fit.parents[j] >= 0) children[fit.parents[j]].push(j);
  for (let c = 0; c < n; c++) {
    const p = fit.parents[c];
    if (p >= 0 && children[p].length === 1) continue; // not a chain start
    const chain = p >= 0 ? [p, c] : [c];
    while (children[chain[chain.length - 1]].length === 1) chain.push(children[chain[chain.length - 1]][0]);
    refitChain(fit, chain, p >= 0, isGiven, shift);
  }
  for (let j = 0; j < n; j++) {
    for (let a = 0; a < 3; a++) fit.positions[j * 3 + a] += shift[j * 3 + a];
    const tip = fit.leafTips.get(j);
    if (tip) fit.leafTips.set(j, [tip[0] + shift[j * 3], tip[1] + shift[j * 3 + 1], tip[2] + shift[j * 3 + 2]] as Vec3);
  }
  // Given joints exactly as given (the shift above is exact up to rounding; this removes the rounding).
  for (const [name, p] of Object.entries(given)) {
    const j = fit.names.indexOf(name);
    toNormalised(norm, p, fit.positions, j * 3);
  }
  return isGiven;
}

/** Sets the shift of the chain's un-given joints (index 0 is the branching parent when `parentInFront`). */
function refitChain(fit: FitResult, chain: number[], parentInFront: boolean, isGiven: boolean[], shift: Float64Array): void {
  const anchors = chain.map((j, i) => (isGiven[j] ? i : -1)).filter((i) => i >= 0);
  if (anchors.length === 0) return;
  const arc = [0];
  for (let i = 1; i < chain.length; i++) {
    const a = chain[i - 1], b = chain[i];
    arc.push(arc[i - 1] + Math.hypot(fit.positions[b * 3] - fit.positions[a * 3], fit.positions[b * 3 + 1] - fit.positions[a * 3 + 1], fit.positions[b * 3 + 2] - fit.positions[a * 3 + 2]));
  }
  const spans: Array<[number, number]> = [];
  for (let k = 0; k + 1 < anchors.length; k++) spans.push([anchors[k], anchors[k + 1]]);
  const last = anchors[anchors.length - 1];
  const end = chain.length - 1;
  if (last < end && (last === 0 || (parentInFront && last === 1))) spans.push([last, end]);
  for (const [from, to] of spans) {
    const len = arc[to] - arc[from];
    for (let i = from + 1; i < to; i++) {
      const t = len > 1e-12 ? (arc[i] - arc[from]) / len : (i - from) / (to - from);
      const j = chain[i], f = chain[from], e = chain[to];
      // The far end of a span to the chain's end is not given: its shift is 0 and it stays.
      for (let a = 0; a < 3; a++) shift[j * 3 + a] = (1 - t) * shift[f * 3 + a] + t * (isGiven[e] ? shift[e * 3 + a] : 0);
    }
  }
}

/** Share of the bounding box's diagonal a given joint may lie beyond the box (rounding, a joint on the surface). */
export const BOUNDS_TOLERANCE = 0.01;

/** The model's bounding box after rotation_y, in its own units (the rig report's `bounds`). */
export interface ModelBounds {
  min: [number, number, number];
  max: [number, number, number];
}

export function boundsOf(norm: Normalised): ModelBounds {
  const min = new Float64Array(3), max = new Float64Array(3);
  toWorld(norm, norm.min, min, 0);
  toWorld(norm, norm.max, max, 0);
  return { min: [min[0], min[1], min[2]], max: [max[0], max[1], max[2]] };
}

/**
 * What is wrong with the first bad given joint, naming it (not 3 finite numbers, or outside the bounding
 * box by more than BOUNDS_TOLERANCE of its diagonal), or null. Shared by the engine and the service, which
 * checks a correction at submission against the bounds in the corrected rig's report.
 */
export function givenJointsProblem(given: GivenJoints, bounds: ModelBounds): string | null {
  const { min, max } = bounds;
  const tol = BOUNDS_TOLERANCE * Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  for (const [name, p] of Object.entries(given)) {
    if (!Array.isArray(p) || p.length !== 3 || !p.every((v) => typeof v === 'number' && Number.isFinite(v))) return `joints.${name}: a position is 3 finite numbers [x, y, z]`;
    const a = [0, 1, 2].find((k) => p[k] < min[k] - tol || p[k] > max[k] + tol);
    if (a !== undefined)
      return `joints.${name}: ${'xyz'[a]} = ${p[a]} lies outside the model's bounding box after rotation_y (${'xyz'[a]} from ${round(min[a])} to ${round(max[a])}, 1% tolerance)`;
  }
  return null;
}

const round = (v: number): number => Math.round(v * 1e4) / 1e4;
