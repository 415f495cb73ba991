/**
 * Invariants checked after every fit, whatever the body plan (issue 13), with a repair where one is sound
 * and a confidence per joint:
 * - every weighted joint lies inside the volume (a joint in empty space skins nothing near it and bends the
 *   mesh about a point outside it); repaired by moving it to the nearest well-inside voxel;
 * - every bone runs inside its limb: a bone whose segment crosses a long stretch of empty space was fitted
 *   to the wrong limb or across a gap (a leg chain beside the body, an arm chain through the air);
 * - limbs attach on their own side: `Left*` joints of arms and legs on +X, `Right*` on -X;
 * - no bone of zero length, no chain that folds back on itself (consecutive bones at more than 150 degrees).
 * - limb roots mirror each other; a biped's proportions hold (hips narrower than shoulders, upper arm not far
 *   shorter than forearm, hips neither sunk under the shoulders nor raised to their height, a long leg's
 *   thigh not far shorter than its shin, the spine the right way round: biped-proportions.ts); twin bones
 *   about as long (twin-bones.ts).
 *
 * A fit adds its own doubts (`JointSet.doubt`: joints placed by proportion, legs joined under clothing,
 * arms merged with the torso); the checks lower the same confidences. The verdict: `poor` when a check
 * failed and could not be repaired, `check` when some joint is below 0.7, else `ok`.
 *
 * Notes: the tolerance for "inside" is one voxel (half a voxel of surface rasterisation either side); thin
 * parts such as fingers and ears are a voxel or two thick on the fast grid. A segment may cross up to a
 * quarter of its length outside: KayKit's arms and legs are separate parts pushed into the torso, and the
 * shoulder and hip bones cross the small gap between part and torso (measured 0-20% of those bones).
 */
import type { FitResult, Vec3 } from './fit-common';
import { dist3 } from './fit-common';
import { MIN_TWIN_BONE_RATIO, unequalTwinBones } from './twin-bones';
import type { Volume } from './volume';
import { insideAt } from './volume';
import { voxelCenter } from './grid';
import type { RigVerdict } from './types';
import { highHips, implausibleLimbSpan, invertedSpine, lowHips, MAX_HIP_OVER_SHOULDER_SPAN, MAX_HIPS_OVER_SHOULDER_HEIGHT, MIN_HIPS_OVER_SHOULDER_HEIGHT, MIN_THIGH_OVER_SHIN, MIN_UPPER_OVER_FOREARM, shortThighs, shortUpperArms } from './biped-proportions';

export type CheckCode = 'outside' | 'bone_outside' | 'wrong_side' | 'zero_length' | 'folded_chain' | 'asymmetric' | 'proportions' | 'by_proportion' | 'joined_legs' | 'arms_down' | 'uncertain' | 'given_outside';

export interface FitCheck {
  code: CheckCode;
  /** Template keys of the joints concerned. */
  joints: string[];
  message: string;
  /** True when the joints were moved to satisfy the check. */
  repaired: boolean;
}

export interface CheckedFit {
  confidence: Float64Array;
  checks: FitCheck[];
  verdict: RigVerdict;
}

/** Share of a bone allowed outside before it counts as running outside its limb (see notes). */
export const MAX_OUTSIDE_SHARE = 0.25;
const FOLD_DEGREES = 150;
/**
 * Left and right limb roots (a side chain's first joint and the one after it: clavicle and shoulder, hip
 * joint and knee's parent) mirror each other across the body's mid-plane in every artist's skeleton of
 * the corpus within 0.074 of the height (the Zombie's twisted stride; 0.031 Animated_Woman, under 0.025
 * all others); a fit further apart than this has lost one of them (the Robot's left arm fitted inside its
 * chest, 0.18 H from its right arm's mirror image).
 */
export const MAX_ROOT_ASYMMETRY = 0.1;
/** A first bone shorter than this share of the height is a clavicle (adults 0.08-0.1 H, corpus 0.04-0.12). */
const CLAVICLE_MAX = 0.15;

/**
 * Checks (and where possible repairs, in place) the fit's normalised joint positions. `doubts` are the
 * fit's own (key -> confidence, with the check that explains it). Joints flagged in `given` were placed by
 * hand: never moved, confidence 1, but a given joint outside the mesh is still reported (`given_outside`,
 * which does not make the verdict poor: the user chose it).
 */
export function checkFit(
  fit: FitResult, vol: Volume, doubts: readonly FitCheck[] = [], doubtConfidence: ReadonlyMap<string, number> = new Map(), given: readonly boolean[] = [],
): CheckedFit {
  const n = fit.names.length;
  const confidence = new Float64Array(n).fill(1);
  const index = new Map(fit.keys.map((k, i) => [k, i]));
  for (const [key, c] of doubtConfidence) {
    const i = index.get(key);
    if (i !== undefined) confidence[i] = Math.min(confidence[i], c);
  }
  const checks: FitCheck[] = [...doubts];
  const h = vol.grid.h;
  const p = (j: number): Vec3 => [fit.positions[j * 3], fit.positions[j * 3 + 1], fit.positions[j * 3 + 2]];

  // 1. joints inside the volume
  const moved: string[] = [], stuck: string[] = [], givenOutside: string[] = [];
  for (let j = 0; j < n; j++) {
    if (!fit.deform[j] || nearInside(vol, p(j), h)) continue;
    if (given[j]) {
      givenOutside.push(fit.keys[j]);
      continue;
    }
    const q = nearestDeepVoxel(vol, p(j), 0.08);
    if (q) {
      fit.positions.set(q, j * 3);
      moved.push(fit.keys[j]);
      confidence[j] = Math.min(confidence[j], 0.5);
    } else {
      stuck.push(fit.keys[j]);
      confidence[j] = Math.min(confidence[j], 0.1);
    }
  }
  if (moved.length) checks.push({ code: 'outside', joints: moved, repaired: true, message: `${moved.length} joint(s) fitted outside the mesh were moved to the nearest point inside` });
  if (stuck.length) checks.push({ code: 'outside', joints: stuck, repaired: false, message: `${stuck.length} joint(s) lie outside the mesh and no inside point was near` });
  if (givenOutside.length) checks.push({ code: 'given_outside', joints: givenOutside, repaired: false, message: `${givenOutside.length} joint(s) given by hand lie outside the mesh; kept where given` });

  // 2. bones inside their limb, 3. zero length, 4. folded chains
  const outsideBones: string[] = [], zero: string[] = [], folded: string[] = [];
  for (let j = 0; j < n; j++) {
    const parent = fit.parents[j];
    if (parent < 0 || !fit.deform[parent]) continue;
    const a = p(parent), b = p(j);
    const len = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    if (len < 0.5 * h) {
      if (fit.deform[j]) zero.push(fit.keys[j]);
      continue;
    }
    if (fit.deform[j] && outsideShare(vol, a, b, h) > MAX_OUTSIDE_SHARE && len > 3 * h) {
      outsideBones.push(fit.keys[j]);
      confidence[j] = Math.min(confidence[j], 0.4);
      confidence[parent] = Math.min(confidence[parent], 0.6);
    }
    const grand = fit.parents[parent];
    // A fold the fit traced through the shape's own corners (FitResult.folds) is the shape's.
    if (grand >= 0 && fit.deform[j] && onlyChild(fit, parent) && !fit.folds?.has(fit.keys[j])) {
      const g = p(grand);
      const u = [a[0] - g[0], a[1] - g[1], a[2] - g[2]], v = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const cos = (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / ((Math.hypot(u[0], u[1], u[2]) * len) || 1);
      if (cos < Math.cos((FOLD_DEGREES * Math.PI) / 180)) {
        folded.push(fit.keys[j]);
        confidence[j] = Math.min(confidence[j], 0.5);
      }
    }
  }
  for (const key of zero) confidence[index.get(key)!] = Math.min(confidence[index.get(key)!], 0.5);
  if (outsideBones.length) checks.push({ code: 'bone_outside', joints: outsideBones, repaired: false, message: `${outsideBones.length} bone(s) run through empty space rather than inside a limb` });
  if (zero.length) checks.push({ code: 'zero_length', joints: zero, repaired: false, message: `${zero.length} bone(s) have almost no length` });
  if (folded.length) checks.push({ code: 'folded_chain', joints: folded, repaired: false, message: `${folded.length} chain(s) fold back on themselves` });

  // 5. limbs on their own side (Left = +X in the working frame, the character facing +Z)
  const wrong: string[] = [];
  for (let j = 0; j < n; j++) {
    const key = fit.keys[j];
    const side = key.startsWith('Left') ? 1 : key.startsWith('Right') ? -1 : 0;
    if (side === 0 || !fit.deform[j] || /Shoulder/.test(key)) continue;
    if (side * fit.positions[j * 3] < -2 * h) {
      wrong.push(key);
      confidence[j] = Math.min(confidence[j], 0.3);
    }
  }
  if (wrong.length) checks.push({ code: 'wrong_side', joints: wrong, repaired: false, message: `${wrong.length} limb joint(s) lie on the other side of the body's mid-plane` });

  // 6. limb roots mirror each other
  const H = vol.max[1] - vol.min[1];
  const asymmetric: string[] = [];
  for (let j = 0; j < n; j++) {
    const key = fit.keys[j];
    const parent = fit.parents[j];
    if (!key.startsWith('Left') || parent < 0 || fit.keys[parent].startsWith('Left')) continue;
    const twin = index.get('Right' + key.slice(4));
    if (twin === undefined) continue;
    // The root, and its child when the root is a clavicle (a short first bone: the child is where the
    // free limb attaches; after a hip joint comes a knee, which a stride moves), against the twins',
    // mirrored across the plane through the parent.
    const pairs: [number, number][] = [[j, twin]];
    const child = fit.parents.indexOf(j), twinChild = fit.parents.indexOf(twin);
    // A chibi's thigh is as short as a clavicle (sweep: 0.1 H): a hip joint is never one.
    const hipJoint = /UpLeg|UpperLeg/.test(key);
    if (child >= 0 && twinChild >= 0 && fit.deform[child] && !hipJoint && dist3(p(j), p(child)) < CLAVICLE_MAX * H) pairs.push([child, twinChild]);
    const mx = fit.positions[parent * 3];
    const worst = Math.max(...pairs.map(([a, b]) => Math.hypot(fit.positions[a * 3] - mx + (fit.positions[b * 3] - mx), fit.positions[a * 3 + 1] - fit.positions[b * 3 + 1], fit.positions[a * 3 + 2] - fit.positions[b * 3 + 2])));
    if (worst <= MAX_ROOT_ASYMMETRY * H) continue;
    for (const [a, b] of pairs) {
      asymmetric.push(fit.keys[a], fit.keys[b]);
      confidence[a] = Math.min(confidence[a], 0.5);
      confidence[b] = Math.min(confidence[b], 0.5);
    }
  }
  if (asymmetric.length) checks.push({ code: 'asymmetric', joints: asymmetric, repaired: false, message: `left and right limbs attach to the body at places that do not mirror each other (more than ${MAX_ROOT_ASYMMETRY * 100}% of the height apart); one side was probably fitted to something else` });

  // 7-10. a biped's proportions (biped-proportions.ts) and twin bones' lengths (twin-bones.ts): each failure
  // lowers its joints to 0.5, so the verdict is `check`; nothing is repaired.
  const doubt = (code: CheckCode, keys: readonly string[], message: string): void => {
    for (const key of keys) {
      const j = index.get(key)!;
      confidence[j] = Math.min(confidence[j], 0.5);
    }
    checks.push({ code, joints: [...keys], repaired: false, message });
  };
  // 7. an upright biped's hips narrower than its shoulders
  const wide = implausibleLimbSpan(fit, index);
  if (wide) doubt('proportions', wide, `the hip joints are fitted wider apart than the shoulders (over ${MAX_HIP_OVER_SHOULDER_SPAN} times; artists' are 0.5-1.0): a hand was probably taken for a leg, or the shoulders pulled into the chest`);

  // 8. a biped's upper arm not much shorter than its forearm
  const short = shortUpperArms(fit, index);
  if (short) doubt('proportions', short, `the upper arm is fitted shorter than ${MIN_UPPER_OVER_FOREARM} of the forearm (artists' are 0.4-1.3): the shoulder was probably found at the elbow`);

  // 9. a biped's hips not sunk far under its shoulders
  const sunk = lowHips(fit, index, vol.min[1]);
  if (sunk) doubt('proportions', sunk, `the hip joints are fitted lower than ${MIN_HIPS_OVER_SHOULDER_HEIGHT} of the shoulders' height (artists' are 0.47-0.68): a garment's hem was probably taken for the crotch, or the shoulders for something higher`);

  // 10. twin bones of equal length, in any pose (twin-bones.ts)
  const unequal = unequalTwinBones(fit, index, H);
  if (unequal) doubt('asymmetric', unequal, `left and right bones are fitted at lengths that differ by more than ${Math.round((1 - MIN_TWIN_BONE_RATIO) * 100)}% (bones keep their length in any pose): a joint of one side was probably placed up or down its limb`);

  // 11. a long-legged biped's thigh about as long as its shin (biped-proportions.ts)
  const shortThigh = shortThighs(fit, index, vol.min[1], H);
  if (shortThigh) doubt('proportions', shortThigh, `a thigh is fitted shorter than ${MIN_THIGH_OVER_SHIN} of its shin (adults' are 0.94-1.04): the crotch was probably found low (sagging trousers, a crouch) and the hips with it, or a knee or an ankle is misplaced`);

  // 12. a biped's hips not raised to its shoulders' height (biped-proportions.ts)
  const raised = highHips(fit, index, vol.min[1]);
  if (raised) doubt('proportions', raised, `the hip joints are fitted higher than ${MAX_HIPS_OVER_SHOULDER_HEIGHT} of the shoulders' height (artists' are 0.47-0.68): a hanging arm was probably taken for a leg, or the shoulders pulled down to the hips`);

  // 13. a biped's spine the right way round: the neck above the hips, a tail leaving them away from the neck
  const inverted = invertedSpine(fit, index);
  if (inverted) doubt('proportions', inverted, inverted.includes('Tail') ? 'the tail is fitted on the same side of the hips as the neck: the spine was probably read the wrong way round, the hips at the head or the tail on another part' : 'the neck is fitted lower than the hips: the spine runs down from the pelvis, so the hips or the neck were probably fitted to another part');

  for (let j = 0; j < n; j++) if (given[j]) confidence[j] = 1;
  const unrepaired = checks.some((c) => !c.repaired && (c.code === 'outside' || c.code === 'bone_outside' || c.code === 'wrong_side'));
  let low = false;
  for (let j = 0; j < n; j++) if (fit.deform[j] && confidence[j] < 0.7) low = true;
  const verdict: RigVerdict = unrepaired ? 'poor' : low ? 'check' : 'ok';
  return { confidence, checks, verdict };
}

function onlyChild(fit: FitResult, parent: number): boolean {
  let count = 0;
  for (let k = 0; k < fit.parents.length; k++) if (fit.parents[k] === parent && fit.deform[k]) count++;
  return count === 1;
}

/** Inside, or within one voxel of an inside voxel. */
function nearInside(vol: Volume, q: Vec3, h: number): boolean {
  for (const dx of [0, -h, h]) for (const dy of [0, -h, h]) for (const dz of [0, -h, h]) if (insideAt(vol, q[0] + dx, q[1] + dy, q[2] + dz)) return true;
  return false;
}

/** Share of the segment a-b (interior samples) outside the volume. */
function outsideShare(vol: Volume, a: Vec3, b: Vec3, h: number): number {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  const steps = Math.max(4, Math.ceil(len / (0.5 * h)));
  let out = 0;
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    if (!nearInside(vol, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t], 0.5 * h)) out++;
  }
  return out / (steps - 1);
}

/**
 * The nearest voxel at least two voxels deep (or the deepest the neighbourhood has) within `radius`
 * (normalised units), or null.
 */
function nearestDeepVoxel(vol: Volume, q: Vec3, radius: number): Vec3 | null {
  const g = vol.grid;
  const r = Math.ceil(radius / g.h);
  const cx = Math.floor((q[0] - g.ox) / g.h), cy = Math.floor((q[1] - g.oy) / g.h), cz = Math.floor((q[2] - g.oz) / g.h);
  let best = -1, bestD = Infinity;
  const c = [0, 0, 0];
  for (const minDepth of [2, 1]) {
    for (let z = Math.max(0, cz - r); z <= Math.min(g.nz - 1, cz + r); z++)
      for (let y = Math.max(0, cy - r); y <= Math.min(g.ny - 1, cy + r); y++)
        for (let x = Math.max(0, cx - r); x <= Math.min(g.nx - 1, cx + r); x++) {
          const v = x + g.nx * (y + g.ny * z);
          if (vol.dt[v] < minDepth) continue;
          const d = (x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2;
          if (d < bestD && d <= r * r) {
            bestD = d;
            best = v;
          }
        }
    if (best >= 0) break;
  }
  if (best < 0) return null;
  voxelCenter(g, best, c);
  return [c[0], c[1], c[2]];
}
