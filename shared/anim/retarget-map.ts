/**
 * Joint correspondence for retargeting: which source joint drives each target joint, found through
 * semantic roles (bone-map.ts), with the coverage check that fails a clip naming the unmatched bones.
 * When a role is split over a chain of source joints (KayKit `wrist.l` -> `hand.l`), the root-most one
 * gives the position and the deepest one the rotation: the KayKit clips key `hand.l` and leave `wrist.l`
 * still, so taking the wrist alone froze every hand.
 */
import type { Skeleton } from '../rig/skeleton';
import { mapBones, roleOfBone } from './bone-map';
import { templateKeyRole } from './template-roles';
import { mapCreatureChains } from './creature-chains';
import { restWorld, type WorldPose } from './pose';
import { structuralMatch } from './structural-map';
import { fillBetween, fillOnlyChildren } from './fill-between';


export class RetargetError extends Error {
  constructor(message: string) {
    super(`retarget: ${message}`);
    this.name = 'RetargetError';
  }
}

function rawRole(skel: Skeleton, j: number): string {
  return skel.roles?.[j] || roleOfBone(skel.names[j]) || templateKeyRole(skel.names[j]);
}

/** Roles of a skeleton: its own `roles`, else names through the alias table, else template keys. */
export function skeletonRoles(skel: Skeleton): string[] {
  return mapBones(skel.names, skel.parents, skel.names.map((_, i) => rawRole(skel, i)));
}

export interface JointMatch {
  srcRoles: string[];
  tgtRoles: string[];
  /** Per target joint: source joint giving its position (and rest direction), or -1. */
  map: Int32Array;
  /** Per target joint: source joint giving its rotation (deepest joint of the same role), or -1. */
  rotationSource: Int32Array;
  /** What settled the correspondence: bone names, or the skeletons' structure (structural-map.ts). */
  mappedBy: 'names' | 'structure';
}

/**
 * Joint correspondence: by names first; when names leave the root or too many joints unmatched, by
 * structure. `animated` are the source joints the clip keys (its unkeyed leaves are end markers).
 */
export function matchJoints(src: Skeleton, target: Skeleton, minCoverage: number, clipName: string, animated: Set<number> | null = null): JointMatch {
  const srcRoles = skeletonRoles(src);
  const tgtRoles = skeletonRoles(target);
  const srcByRole = new Map<string, number>();
  srcRoles.forEach((r, j) => r && srcByRole.set(r, j));
  // Body-centred plans (fish, spiders) call their root `body`; creature packs call it hips or pelvis.
  if (!srcByRole.has('body') && srcByRole.has('hips')) srcByRole.set('body', srcByRole.get('hips')!);
  const nT = target.names.length;
  const map = new Int32Array(nT).fill(-1);
  let roled = 0;
  for (let k = 0; k < nT; k++) {
    const r = tgtRoles[k];
    if (!r || /_end$/.test(r)) continue;
    roled++;
    const s = srcByRole.get(r);
    if (s !== undefined) map[k] = s;
  }
  const byRole = Int32Array.from(map);
  const srcRest = restWorld(src), tgtRest = restWorld(target);
  // Limb chains only between skeletons of one body plan: a fox's legs must not drive a biped's arms.
  const axisAngle = bodyAxisAngle(srcRoles, tgtRoles, srcRest, tgtRest);
  if (axisAngle < 50) mapCreatureChains(src, target, tgtRoles, srcRest, tgtRest, map);
  const root = target.parents.indexOf(-1);
  // A target root with no role (an armature's root bone above the hips, as artists' rigs have) carries the
  // whole body, as the clip's root does: it takes the clip's root, the top ancestor of the joints names
  // matched, when no other target joint has it. Rigdesk's own rigs always have a role on their root.
  if (map[root] < 0 && !tgtRoles[root]) {
    let top = -1;
    for (const s of map) if (s >= 0) { top = s; break; }
    while (top >= 0 && src.parents[top] >= 0) top = src.parents[top];
    if (top >= 0 && !map.includes(top)) map[root] = top;
  }
  const mapped = map.filter((s, k) => s >= 0 && tgtRoles[k] && !/_end$/.test(tgtRoles[k])).length;
  if (map[root] < 0 || mapped < minCoverage * roled) {
    const structural = structuralMatch(src, target, tgtRoles, srcRest, tgtRest, animated);
    // Joints with roles are what names can match; a target with none at all (an artist's `Bone.NNN` rig)
    // counts every joint structure drives, else no correspondence could ever beat names' zero.
    const counted = (k: number): boolean => (roled ? !!tgtRoles[k] : !/_end$/i.test(target.names[k])) && !/_end$/.test(tgtRoles[k]);
    const sMapped = structural.map.filter((s, k) => s >= 0 && counted(k)).length;
    // Every limb of the clip placed, the root placed, and more than names gave: structure decides.
    if (structural.map[root] >= 0 && !structural.mismatch && structural.unplacedSources.length === 0 && sMapped > mapped) {
      // Source roles follow from the correspondence (leg length, spine and foot steps read them).
      const roles = src.names.map(() => '');
      structural.map.forEach((s, k) => { if (s >= 0 && !roles[s]) roles[s] = tgtRoles[k]; });
      return { srcRoles: roles, tgtRoles, map: structural.map, rotationSource: Int32Array.from(structural.map), mappedBy: 'structure' };
    }
    const used = new Set(Array.from(map).filter((s) => s >= 0));
    const unmatchedSrc = src.names.filter((_, j) => !used.has(j) && !/(_end|_leaf|end)$/i.test(src.names[j]));
    const missing = target.names.filter((_, k) => tgtRoles[k] && !/_end$/.test(tgtRoles[k]) && map[k] < 0);
    const byNames =
      `by names ${mapped} of ${roled} joints matched. ` +
      `Source bones not matched: ${unmatchedSrc.slice(0, 40).join(', ') || 'none'}${unmatchedSrc.length > 40 ? ', ...' : ''}. ` +
      `Target joints without a source: ${missing.join(', ')}.` +
      (axisAngle >= 50 ? ` The clip's body axis (hips to head) is ${axisAngle.toFixed(0)} degrees off this skeleton's: another body plan.` : '');
    if (structural.mismatch)
      throw new RetargetError(
        `clip "${clipName}" does not fit this skeleton's body plan: ${structural.mismatch}. ` +
          `Clip chains not placed (ending at): ${structural.unplacedSources.map((j) => src.names[j]).join(', ') || 'none'}; ` +
          `skeleton chains without a source (ending at): ${structural.unplacedTargets.map((k) => target.names[k]).join(', ') || 'none'}. ` +
          byNames[0].toUpperCase() + byNames.slice(1),
      );
    throw new RetargetError(`clip "${clipName}" cannot be mapped onto this skeleton, neither by names nor by structure: ${byNames}`);
  }
  fillBetween(src, target, srcRest, tgtRest, map, (k) => /_end$/.test(tgtRoles[k]));
  fillOnlyChildren(src, target, map, (k) => /_end$/.test(tgtRoles[k]), (s) => !!animated && !animated.has(s) && !src.parents.includes(s));
  // Names leave target joints out (bones no table knows: a Kenney `torso`, a KayKit `hand.l` under its
  // `wrist.l`, the Robot's `Torso`); the structural correspondence, when it places every limb and agrees
  // with names on every joint both matched, is the same correspondence with more joints in it: it decides.
  if (map.some((s, k) => s < 0 && !/_end$/i.test(tgtRoles[k] || target.names[k]))) {
    const structural = structuralMatch(src, target, tgtRoles, srcRest, tgtRest, animated);
    const count = (m: Int32Array): number => m.filter((s, k) => s >= 0 && !/_end$/i.test(tgtRoles[k] || target.names[k])).length;
    // Joints structure leaves out (fingers: it matches chains, not digits) keep what names gave them.
    const union = Int32Array.from(structural.map, (s, k) => (s >= 0 ? s : map[k]));
    if (structural.map[root] >= 0 && !structural.mismatch && structural.unplacedSources.length === 0 && count(union) > count(map) && map.every((s, k) => s < 0 || union[k] === s)) {
      const roles = src.names.map(() => '');
      union.forEach((s, k) => { if (s >= 0 && !roles[s]) roles[s] = tgtRoles[k]; });
      return { srcRoles: roles, tgtRoles, map: union, rotationSource: Int32Array.from(union), mappedBy: 'structure' };
    }
  }
  const rotationSource = Int32Array.from(map);
  for (let k = 0; k < nT; k++) {
    let s = map[k];
    if (s < 0 || byRole[k] < 0) continue;
    const role = srcRoles[s];
    for (;;) {
      const child = src.names.findIndex((_, c) => src.parents[c] === s && rawRole(src, c) === role);
      // A deeper joint of the same role that drives a target joint of its own is not this one's stand-in
      // (a target with both KayKit's `wrist.l` and `hand.l`: the wrist turned with the hand).
      if (child < 0 || map.includes(child)) break;
      s = child;
    }
    rotationSource[k] = s;
  }
  return { srcRoles, tgtRoles, map, rotationSource, mappedBy: 'names' };
}

/** Angle (degrees) between the hips-to-head directions at rest; 0 when either skeleton lacks them. */
function bodyAxisAngle(srcRoles: string[], tgtRoles: string[], srcRest: WorldPose, tgtRest: WorldPose): number {
  const axis = (roles: string[], rest: WorldPose): number[] | null => {
    const h = roles.indexOf('hips') >= 0 ? roles.indexOf('hips') : roles.indexOf('body');
    const d = roles.indexOf('head');
    if (h < 0 || d < 0) return null;
    const v = [0, 1, 2].map((c) => rest.position[d * 3 + c] - rest.position[h * 3 + c]);
    const l = Math.hypot(v[0], v[1], v[2]);
    return l > 0 ? v.map((x) => x / l) : null;
  };
  const a = axis(srcRoles, srcRest), b = axis(tgtRoles, tgtRest);
  if (!a || !b) return 0;
  return (Math.acos(Math.max(-1, Math.min(1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]))) * 180) / Math.PI;
}

/** The first joint below k (depth-first in listing order) that has a source, for bone directions. */
export function firstMappedDescendant(skel: Skeleton, map: Int32Array, k: number): number {
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

/** Nearest ancestor of k that has a source, or -1. */
export function mappedAncestor(skel: Skeleton, map: Int32Array, k: number): number {
  for (let a = skel.parents[k]; a >= 0; a = skel.parents[a]) if (map[a] >= 0) return a;
  return -1;
}
